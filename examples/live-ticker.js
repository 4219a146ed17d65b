// Live ticker: three prices that move every half second until paused, each with its change since
// the open, and a chart of the last 15 seconds (watch ops/s in the playground's counters).
const { text, group, render } = suip;

const json = (value) => ({ text: JSON.stringify(value), mimeType: 'application/json' });
const HISTORY = 31;
const symbols = [
  { id: 'acme', name: 'ACME', open: 118.4 },
  { id: 'globex', name: 'Globex', open: 64.1 },
  { id: 'initech', name: 'Initech', open: 23.75 },
];
let seed = 7; // a small deterministic random walk: the same session looks the same each run
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
let ticks = 0;
let paused = false;

function step() {
  ticks += 1;
  for (const s of symbols) {
    const last = s.history.at(-1);
    s.history = [...s.history, Math.max(1, last * (1 + (random() - 0.49) * 0.012))].slice(-HISTORY);
  }
}
// The chart's x axis is the last 15 seconds: fixed labels every 5 s (the data slides under them).
const labels = Array.from({ length: HISTORY }, (_, i) => {
  const ago = (HISTORY - 1 - i) / 2;
  return ago === 0 ? 'now' : ago % 5 === 0 ? `−${ago} s` : '';
});

for (const s of symbols) s.history = [s.open];
for (let i = 0; i < HISTORY - 1; i++) step(); // start with a chart that already has a story
ticks = 0;

const pct = (s) => ((s.history.at(-1) - s.open) / s.open) * 100;
const signed = (n, digits) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(digits)}`;

function view() {
  return group('card', [
    [
      'head',
      group('row', [
        ['title', text('**Market ticker**')],
        [
          'status',
          group('status', [
            ['label', paused ? 'Paused' : 'Live'],
            ['tone', paused ? 'neutral' : 'success'],
            ['detail', `${ticks} updates`],
          ]),
        ],
      ]),
    ],
    [
      'prices',
      group(
        'stats',
        symbols.map((s) => {
          const change = pct(s);
          return [
            s.id,
            group('stat', [
              ['label', s.name],
              ['value', `$${s.history.at(-1).toFixed(2)}`],
              ['trend', Math.abs(change) < 0.005 ? 'flat' : change > 0 ? 'up' : 'down'],
              ['change', `${signed(change, 2)} %`],
            ]),
          ];
        }),
      ),
    ],
    [
      'chart',
      group('chart-line', [
        ['title', 'Change since the open (%)'],
        [
          'data',
          json({
            labels,
            datasets: symbols.map((s) => ({
              label: s.name,
              data: s.history.map((p) => Math.round(((p - s.open) / s.open) * 10000) / 100),
            })),
          }),
        ],
      ]),
    ],
    [
      'pause',
      group(
        'button',
        [
          ['label', paused ? 'Resume' : 'Pause'],
          ['tone', paused ? 'primary' : 'secondary'],
        ],
        {
          on: {
            click: () => {
              paused = !paused;
              render(view());
            },
          },
        },
      ),
    ],
  ]);
}

setInterval(() => {
  if (paused) return;
  step();
  render(view());
}, 500);

render(view());
