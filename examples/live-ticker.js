// Live ticker: prices that update every half second until stopped (watch ops/s in the counters).
const { text, group, render } = suip;

const symbols = [
  { id: 'acme', name: 'ACME', price: 118.4 },
  { id: 'globex', name: 'Globex', price: 64.1 },
  { id: 'initech', name: 'Initech', price: 23.75 },
];
let ticks = 0;
let paused = false;

function view() {
  return group('card', [
    ['title', text('Market ticker', 'text/plain')],
    ['status', group('status', [['label', text(paused ? 'Paused' : 'Live', 'text/plain')], ['tone', text(paused ? 'neutral' : 'success', 'text/plain')], ['detail', text(`${ticks} updates`, 'text/plain')]])],
    ['prices', group('stats', symbols.map((s) => [s.id, group('stat', [
      ['label', text(s.name, 'text/plain')],
      ['value', text(s.price.toFixed(2), 'text/plain')],
      ['trend', text(s.delta > 0 ? 'up' : s.delta < 0 ? 'down' : 'flat', 'text/plain')],
    ])]))],
    ['pause', group('button', [['label', text(paused ? 'Resume' : 'Pause', 'text/plain')]], { on: { click: () => { paused = !paused; render(view()); } } })],
  ]);
}

setInterval(() => {
  if (paused) return;
  ticks += 1;
  for (const s of symbols) {
    s.delta = Math.round((Math.random() - 0.5) * 200) / 100;
    s.price = Math.max(1, s.price + s.delta);
  }
  render(view());
}, 500);

render(view());
