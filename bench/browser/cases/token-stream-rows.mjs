/**
 * The rows a token-stream run (case 3) reports: its measurements per anchor, the anchors' own
 * distances (styled ÷ limit, limit ÷ vanilla) and suip's targets (issues 6 and 43), each a row
 * that compares with one anchor.
 */

/**
 * A run's rows. `r` is the page's result; `cell` is `{ rate, particles, anchor, tokens }` with
 * rate and particles as the variant's strings (the headline cell is 150/1000).
 */
export function tokenStreamRows(r, { rate, particles, anchor, tokens }) {
  const at = `${rate}/${particles}`;
  const k = (metric, who = anchor) => `${at}/${who}/${metric}`;
  const headline = anchor === 'suip' && rate === '150' && particles === '1000';
  const cpu = r.taskMs / tokens;
  const rows = [
    {
      key: k('p50'),
      label: `${at} tok/s/particles ${anchor}: token→paint p50`,
      value: r.p50,
      unit: 'ms',
      matrix: { row: `${at} p50 ms`, column: anchor },
    },
    {
      key: k('p95'),
      label: `${at} ${anchor}: token→paint p95`,
      value: r.p95,
      unit: 'ms',
      matrix: { row: `${at} p95 ms`, column: anchor },
    },
    {
      key: k('busy'),
      label: `${at} ${anchor}: host main thread busy`,
      value: r.busyPct,
      unit: '%',
      matrix: { row: `${at} host busy %`, column: anchor },
    },
    {
      key: k('cpu'),
      label: `${at} ${anchor}: host CPU per token`,
      value: cpu,
      unit: 'ms',
      matrix: { row: `${at} host CPU ms/token`, column: anchor },
    },
    {
      key: k('long'),
      label: `${at} ${anchor}: long animation frames`,
      value: r.longFrames,
      unit: 'ops',
      matrix: { row: `${at} long frames`, column: anchor },
    },
    {
      key: k('longest'),
      label: `${at} ${anchor}: longest host task`,
      value: r.longestTaskMs,
      unit: 'ms',
      matrix: { row: `${at} longest task ms`, column: anchor },
    },
    {
      key: k('bytes'),
      label: `${at} ${anchor}: bytes per token`,
      value: r.bytesPerToken,
      unit: 'bytes',
      matrix: { row: `${at} bytes/token`, column: anchor },
    },
    ...(r.messages > 0
      ? [
          {
            key: k('per-message'),
            label: `${at} ${anchor}: tokens per message`,
            value: tokens / r.messages,
            unit: 'tok',
            matrix: { row: `${at} tokens/message`, column: anchor },
          },
        ]
      : []),
  ];
  // The anchors' own distances: the view's DOM and style (styled ÷ limit), the sandbox (limit ÷ vanilla).
  if (anchor === 'styled')
    return [
      ...rows,
      {
        key: k('vs-limit'),
        label: `${at} styled floor host CPU vs the physical limit (the view's DOM alone)`,
        value: cpu,
        unit: 'ms',
        anchor: k('cpu', 'limit'),
      },
    ];
  if (anchor === 'limit')
    return [
      ...rows,
      {
        key: k('vs-vanilla'),
        label: `${at} physical limit host CPU vs vanilla (the sandbox boundary alone)`,
        value: cpu,
        unit: 'ms',
        anchor: k('cpu', 'vanilla'),
      },
    ];
  if (anchor !== 'suip') return rows;
  return [...rows, ...suipTargetRows(r, at, k, cpu, headline)];
}

/**
 * suip's target rows of one cell (ratio = anchor ÷ suip); only the headline cell holds the
 * targets themselves, the others show the same comparisons untargeted.
 */
function suipTargetRows(r, at, k, cpu, headline) {
  // Targets as separate rows: each compares with one anchor (ratio = anchor ÷ suip).
  const t = (text) => (headline ? text : undefined);
  const extra = [
    {
      key: k('t-p95'),
      label: `${at} suip p95 (target)`,
      value: r.p95,
      unit: 'ms',
      anchor: k('p95', 'remote-dom'),
      target: t({ max: 18, minRatio: 1, text: 'issue 6: p95 ≤ 18 ms and no worse than remote-dom' }),
    },
    {
      key: k('t-busy'),
      label: `${at} suip host busy (target)`,
      value: r.busyPct,
      unit: '%',
      target: t({ max: 10, text: 'issue 6: host busy ≤ 10%' }),
    },
    {
      key: k('t-cpu-full'),
      label: `${at} suip host CPU vs full re-send`,
      value: cpu,
      unit: 'ms',
      anchor: k('cpu', 'full'),
      target: t({ minRatio: 10, text: 'issue 6: ≥ 10x less host CPU than full re-send' }),
    },
    {
      key: k('t-cpu-remote'),
      label: `${at} suip host CPU vs remote-dom`,
      value: cpu,
      unit: 'ms',
      anchor: k('cpu', 'remote-dom'),
      target: t({ minRatio: 1, text: 'issue 43: host CPU ≤ 1.0x remote-dom' }),
    },
    {
      key: k('t-cpu-styled'),
      label: `${at} suip host CPU vs the styled floor (suip's DOM by direct calls)`,
      value: cpu,
      unit: 'ms',
      anchor: k('cpu', 'styled'),
      target: t({ minRatio: 1 / 1.15, text: 'issue 43: host CPU ≤ 1.15x the styled floor (styled ÷ suip ≥ 0.87)' }),
    },
    {
      key: k('t-cpu-limit'),
      label: `${at} suip host CPU vs the physical limit`,
      value: cpu,
      unit: 'ms',
      anchor: k('cpu', 'limit'),
      target: t({ minRatio: 1 / 1.5, text: 'issue 43: host CPU ≤ 1.5x the physical limit (limit ÷ suip ≥ 0.67)' }),
    },
    {
      key: k('t-cpu-vanilla'),
      label: `${at} suip host CPU vs vanilla`,
      value: cpu,
      unit: 'ms',
      anchor: k('cpu', 'vanilla'),
      target: t({ minRatio: 1 / 1.5, text: 'issue 6: host CPU ≤ 1.5x vanilla (vanilla ÷ suip ≥ 0.67)' }),
    },
    {
      key: k('t-p95-vanilla'),
      label: `${at} suip p95 vs vanilla`,
      value: r.p95,
      unit: 'ms',
      anchor: k('p95', 'vanilla'),
      target: t({ minRatio: 1 / 1.05, text: 'issue 43: p95 token→paint ≤ 1.05x vanilla (vanilla ÷ suip ≥ 0.95)' }),
    },
    {
      key: k('t-bytes'),
      label: `${at} suip bytes vs full re-send`,
      value: r.bytesPerToken,
      unit: 'bytes',
      anchor: k('bytes', 'full'),
      target: t({ minRatio: 100, text: 'issue 6: ≥ 100x fewer bytes than full re-send' }),
    },
  ];
  return extra.map((row) => (row.target === undefined ? (delete row.target, row) : row));
}
