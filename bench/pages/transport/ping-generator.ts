/**
 * The generator of the transport and event benchmarks: a button whose click handler bumps a
 * counter and renders, which the diff sends as one op (a text append or a one-leaf replace).
 * `batch` (case 2) also listens on a second button that sends `total` ops as messages of `per` ops.
 */
export const PING_GENERATOR = `
const { group, text, render, ops } = suip;
let n = 0;
const view = () => group(null, [
  ['b', group(null, [['t', text('n' + n)]], { on: { click: () => { n++; render(view()); } } })],
]);
await render(view());
`;

/** Generator for case 2: on click, append `total` text particles as messages of `per` ops each. */
export function batchGenerator(total: number, per: number): string {
  return `
const { group, text, render, ops } = suip;
const go = async () => {
  const all = [];
  for (let i = 0; i < ${total}; i++) all.push({ method: 'suip/ops/append', params: { path: ['list'], id: 'x' + i, particle: { text: 'x' + i } } });
  const sent = [];
  // One ops() call per message; awaiting a microtask lets each flush on its own.
  for (let i = 0; i < all.length; i += ${per}) { sent.push(ops(all.slice(i, i + ${per}))); await Promise.resolve(); }
  await Promise.all(sent);
};
await render(group(null, [['go', group(null, [['t', text('go')]], { on: { click: go } })], ['list', group(null, [])]]));
`;
}
