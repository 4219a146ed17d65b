/**
 * Turns the rows of every benchmark process into ratios, target verdicts and tables (console and
 * Markdown). Plain JavaScript: `run.mjs` loads it without a build step.
 */

/** Formats a figure with its unit, 3 significant digits for timings. */
export function formatValue(value, unit) {
  if (unit === 'bytes' || unit === 'ops') return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3;
  return `${value.toFixed(digits)} ${unit}`;
}

const anchorsOf = (row) => (row.anchor === undefined ? [] : Array.isArray(row.anchor) ? row.anchor : [row.anchor]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Merges the rounds of one case (each round ran every variant once, interleaved, so load drift on
 * a shared machine hits subject and anchor alike) into rows: `value` is the median of the round
 * medians, `runs` every run of every round, `ratios` the median over rounds of anchor ÷ row
 * (20 means 20x faster or smaller than the anchor), `pass` the verdict against the target.
 */
export function resolveCase(rounds) {
  const byRound = rounds.map((rows) => new Map(rows.map((row) => [row.key, row])));
  const keys = [...new Set(rounds.flat().map((row) => row.key))];
  return keys.map((key) => {
    const versions = byRound.map((rows) => rows.get(key)).filter(Boolean);
    const row = { ...versions[0] };
    row.value = median(versions.map((v) => v.value));
    if (versions.some((v) => v.runs)) row.runs = versions.flatMap((v) => v.runs ?? []);
    if (versions.some((v) => v.wall !== undefined)) row.wall = median(versions.map((v) => v.wall ?? NaN));
    row.rounds = versions.length;
    row.ratios = anchorsOf(row).map((anchorKey) => {
      const ratios = byRound.flatMap((rows) => {
        const anchor = rows.get(anchorKey);
        const self = rows.get(key);
        return anchor && self ? [anchor.value / self.value] : [];
      });
      return { anchor: anchorKey, ratio: ratios.length ? median(ratios) : null };
    });
    if (row.target) {
      const first = row.ratios[0]?.ratio;
      const maxOk = row.target.max === undefined || row.value <= row.target.max;
      const ratioOk =
        row.target.minRatio === undefined || (first !== null && first !== undefined && first >= row.target.minRatio);
      row.pass = maxOk && ratioOk;
    }
    return row;
  });
}

const ratioText = (row) =>
  (row.ratios ?? [])
    .map(({ anchor, ratio }) =>
      ratio === null ? `n/a vs ${anchor}` : `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}x vs ${anchor}`,
    )
    .join('; ');

const spread = (row) => {
  if (!row.runs || row.runs.length === 0) return '';
  const min = Math.min(...row.runs);
  const max = Math.max(...row.runs);
  return `${row.runs.length} runs in ${row.rounds} rounds, ${formatValue(min, row.unit)}–${formatValue(max, row.unit)}`;
};

const verdict = (row) => (row.target ? `${row.pass ? 'PASS' : 'MISS'}: ${row.target.text}` : '');

const isMatrix = (caseResult) => caseResult.rows.length > 0 && caseResult.rows.every((row) => row.matrix);

/** A matrix case as a grid: header row first, then one row per `matrix.row`. */
function pivot(caseResult) {
  const columns = [...new Set(caseResult.rows.map((row) => row.matrix.column))];
  const names = [...new Set(caseResult.rows.map((row) => row.matrix.row))];
  const cells = new Map(caseResult.rows.map((row) => [`${row.matrix.row}\u0000${row.matrix.column}`, row]));
  const text = (row) => {
    if (!row) return '';
    const value = formatValue(row.value, row.unit);
    return row.note ? `${value} (${row.note})` : value;
  };
  return [
    ['', ...columns],
    ...names.map((name) => [name, ...columns.map((column) => text(cells.get(`${name}\u0000${column}`)))]),
  ];
}

/** The console table of one case. */
export function consoleTable(caseResult) {
  const lines = [`\n${caseResult.name}: ${caseResult.description}`];
  if (caseResult.error)
    lines.push(
      `  FAILED${caseResult.wrong ? ' (wrong result, timing discarded)' : ''}: ${caseResult.error.split('\n')[0]}`,
    );
  if (isMatrix(caseResult)) {
    const grid = pivot(caseResult);
    const widths = grid[0].map((_, c) => Math.max(...grid.map((r) => r[c].length)));
    for (const r of grid)
      lines.push(`  ${r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ')}`);
    return lines.join('\n');
  }
  for (const row of caseResult.rows) {
    const parts = [formatValue(row.value, row.unit).padStart(12), row.label];
    const ratios = ratioText(row);
    if (ratios) parts.push(`[${ratios}]`);
    if (row.target) parts.push(verdict(row));
    lines.push(`  ${parts.join('  ')}`);
  }
  return lines.join('\n');
}

const cell = (text) => String(text).replaceAll('|', '\\|');

/** The Markdown table of a whole run. */
export function markdownReport(results) {
  const { machine } = results;
  const lines = [
    `Measured ${results.date} on ${machine.cpus}× ${machine.cpuModel} (nproc ${machine.nproc}), ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}.`,
    `Command: \`${results.command}\`${results.quick ? ' (quick mode: shorter runs, not for citing)' : ''}. Every variant ran in its own Node process, variants interleaved in rounds; figures are medians of per-process CPU time (user + system; wall-clock medians beside them), ratios are medians of per-round ratios of CPU time. Load average at the start: ${results.loadAverage}.`,
    '',
    '| case | measured | median CPU time | spread | wall-clock median | vs anchors (anchor ÷ this) | target |',
    '|---|---|---|---|---|---|---|',
  ];
  const matrices = [];
  for (const c of results.cases) {
    if (c.error)
      lines.push(
        `| ${cell(c.name)} | FAILED${c.wrong ? ' (wrong result)' : ''}: ${cell(c.error.split('\n')[0])} | | | | | |`,
      );
    if (isMatrix(c)) {
      matrices.push(c);
      lines.push(`| ${cell(c.name)} | ${cell(c.description)} | see the matrix below | | | | |`);
      continue;
    }
    for (const row of c.rows) {
      const wall = row.wall === undefined ? '' : formatValue(row.wall, row.unit);
      lines.push(
        `| ${cell(c.name)} | ${cell(row.label)} | ${formatValue(row.value, row.unit)} | ${spread(row)} | ${wall} | ${cell(ratioText(row))} | ${cell(verdict(row))} |`,
      );
    }
  }
  for (const c of matrices) {
    const [header, ...body] = pivot(c);
    lines.push(
      '',
      `**${c.name}**: ${c.description} (medians)`,
      '',
      `| ${header.map(cell).join(' | ')} |`,
      `|${header.map(() => '---').join('|')}|`,
    );
    for (const r of body) lines.push(`| ${r.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}
