// Monthly sales as a chart: bars by default, a line on request, and the year's total beside it.
const { text, group, render } = suip;

const json = (value) => text(JSON.stringify(value), 'application/json');
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sales = [42, 38, 51, 47, 60, 66, 58, 63, 71, 69, 80, 94];
let kind = 'bar';

const total = sales.reduce((sum, v) => sum + v, 0);
const best = months[sales.indexOf(Math.max(...sales))];

function view() {
  return group('card', [
    ['title', 'Monthly sales (k€)'],
    [
      'stats',
      group('stats', [
        [
          'total',
          group('stat', [
            ['label', 'This year'],
            ['value', `${total} k€`],
            ['trend', 'up'],
            ['change', '+18 %'],
          ]),
        ],
        [
          'best',
          group('stat', [
            ['label', 'Best month'],
            ['value', best],
          ]),
        ],
      ]),
    ],
    [
      'chart',
      group(kind === 'bar' ? 'chart-bar' : 'chart-line', [
        ['title', 'Sales per month'],
        ['data', json({ labels: months, datasets: [{ label: 'Sales (k€)', data: sales }] })],
      ]),
    ],
    [
      'switch',
      group('row', [
        [
          'bar',
          group(
            'button',
            [
              ['label', 'Bars'],
              ['tone', kind === 'bar' ? 'primary' : 'secondary'],
            ],
            {
              on: {
                click: () => {
                  kind = 'bar';
                  render(view());
                },
              },
            },
          ),
        ],
        [
          'line',
          group(
            'button',
            [
              ['label', 'Line'],
              ['tone', kind === 'line' ? 'primary' : 'secondary'],
            ],
            {
              on: {
                click: () => {
                  kind = 'line';
                  render(view());
                },
              },
            },
          ),
        ],
      ]),
    ],
  ]);
}

render(view());
