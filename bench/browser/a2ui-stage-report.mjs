/**
 * The A2UI stage profile's table: one example's rows for suip and `@a2ui/lit`, medians over
 * rounds, in pipeline order.
 */

/** Table rows in pipeline order: JavaScript by phase, then the browser's stages. */
const ROW_ORDER = [
  'JS: lit: processor',
  'JS: lit: zod',
  'JS: suip: bridge',
  'JS: suip: wire',
  'JS: suip: generator',
  'JS: suip: renderer session',
  'JS: suip: validation',
  'JS: suip: ops',
  'JS: lit: signals',
  'JS: suip: view',
  'JS: lit: @a2ui/lit',
  'JS: markdown',
  'JS: Lit core',
  'JS: GC',
  'JS: bench',
  'JS: other',
  'script',
  'custom elements',
  'messaging',
  'style',
  'layout',
  'paint',
  'compositing',
  'frame lifecycle',
  'HTML parsing',
  'task time',
  'other',
  '=',
];

/** The median of `values` (0 for none). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The markdown table of one example's first paint or update: a row per stage (medians per
 * variant), the painted-time row and the busy ratio per round.
 */
export function report(example, what, suip, lit, suipTotal, litTotal) {
  const keys = new Set([...suip, ...lit].flatMap((m) => [...m.keys()]));
  const rank = (k) => {
    const i = ROW_ORDER.findIndex((p) => k.startsWith(p));
    return i < 0 ? ROW_ORDER.length : i;
  };
  const order = [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const lines = [
    `${example}, ${what}: ms (medians; a stage's median per variant, so columns need not add up)`,
    '| stage | suip | @a2ui/lit | suip − lit |',
    '|---|---:|---:|---:|',
  ];
  for (const key of order) {
    const s = median(suip.map((m) => m.get(key) ?? 0));
    const l = median(lit.map((m) => m.get(key) ?? 0));
    if (s < 0.005 && l < 0.005) continue;
    lines.push(`| ${key} | ${s.toFixed(2)} | ${l.toFixed(2)} | ${(s - l).toFixed(2)} |`);
  }
  const busy = (rows) => rows.map((m) => m.get('= main thread busy (every traced event, self)') ?? 0);
  const ratios = (a, b) => a.map((x, i) => (b[i] > 0 ? x / b[i] : 0));
  lines.push(
    `| "show this"/message → painted (median) | ${median(suipTotal).toFixed(2)} | ${median(litTotal).toFixed(2)} | ${(median(suipTotal) - median(litTotal)).toFixed(2)} |`,
  );
  lines.push(
    '',
    `busy per round, suip ÷ lit ${ratios(busy(suip), busy(lit))
      .map((r) => r.toFixed(2))
      .join(' ')}`,
  );
  return lines.join('\n');
}
