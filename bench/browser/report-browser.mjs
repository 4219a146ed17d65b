/** The browser section of `docs/benchmarks.md`: machine, browser, command, then one table per case. */
import { formatValue } from '../report.mjs';

const cell = (text) => String(text ?? '').replaceAll('|', '\\|');
const ratioText = (row) =>
  (row.ratios ?? [])
    .map(({ anchor, ratio }) =>
      ratio === null ? `n/a vs ${anchor}` : `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}x vs ${anchor}`,
    )
    .join('; ');
const verdict = (row) => (row.target ? `${row.pass ? 'PASS' : 'MISS'}: ${row.target.text}` : '');

function matrixTable(rows) {
  const columns = [...new Set(rows.map((r) => r.matrix.column))];
  const names = [...new Set(rows.map((r) => r.matrix.row))];
  const cells = new Map(rows.map((r) => [`${r.matrix.row}\u0000${r.matrix.column}`, r]));
  const lines = [`| | ${columns.map(cell).join(' | ')} |`, `|---|${columns.map(() => '---:').join('|')}|`];
  for (const name of names)
    lines.push(
      `| ${cell(name)} | ${columns
        .map((c) => {
          const r = cells.get(`${name}\u0000${c}`);
          return r ? formatValue(r.value, r.unit) : '';
        })
        .join(' | ')} |`,
    );
  return lines;
}

/** Markdown for one run of the browser cases. */
export function browserMarkdown(results) {
  const { machine, browser } = results;
  const lines = [
    '## Browser results',
    '',
    `Measured ${results.date} on nproc ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.os}; ${browser.name} ${browser.version} (${browser.path}) driven by Playwright with the flags of \`playwright.config.ts\`.`,
    `Command: \`${results.command}\`${results.quick ? ' (quick mode: short runs, 2 rounds — not for citing)' : ''}. Variants run interleaved in rounds, each run in a fresh page; figures are medians over rounds, ratios (anchor ÷ suip, so 2x means suip is twice as fast or small) medians of per-round ratios.`,
  ];
  for (const c of results.cases) {
    lines.push('', `### ${c.name}`, '', cell(c.description), '');
    if (c.error) {
      lines.push(`FAILED${c.wrong ? ' (wrong result, timings discarded)' : ''}: ${cell(c.error.split('\n')[0])}`);
      continue;
    }
    const matrix = c.rows.filter((r) => r.matrix);
    const plain = c.rows.filter((r) => !r.matrix || r.target || (r.ratios ?? []).length > 0);
    if (matrix.length > 0) lines.push(...matrixTable(matrix), '');
    const listed = plain;
    if (listed.length > 0) {
      lines.push('| measured | median | vs anchors (anchor ÷ this) | target | note |', '|---|---:|---|---|---|');
      for (const r of listed)
        lines.push(
          `| ${cell(r.label)} | ${formatValue(r.value, r.unit)} | ${cell(ratioText(r))} | ${cell(verdict(r))} | ${cell(r.note)} |`,
        );
    }
  }
  return lines.join('\n');
}
