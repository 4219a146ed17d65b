// Dashboard: headline stats, three charts and a table of top pages, for a range the user picks.
const { text, group, render } = suip;

const json = (value) => text(JSON.stringify(value), 'application/json');
const ranges = {
  week: {
    label: 'Last 7 days',
    visitors: '12.4 k',
    signups: '318',
    conversion: '2.6 %',
    uptime: '99.98 %',
    changes: ['+8.2 %', '+12 %', '±0', '−0.01 %'],
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    visits: [1520, 1830, 1710, 2040, 1960, 1480, 1860],
    signupSeries: [41, 52, 38, 61, 49, 33, 44],
  },
  month: {
    label: 'Last 30 days',
    visitors: '51.9 k',
    signups: '1,402',
    conversion: '2.7 %',
    uptime: '99.95 %',
    changes: ['+5.1 %', '+9 %', '+0.1', '−0.04 %'],
    days: ['W1', 'W2', 'W3', 'W4'],
    visits: [11800, 12950, 13400, 13750],
    signupSeries: [310, 342, 361, 389],
  },
};
let range = 'week';

function view() {
  const r = ranges[range];
  return group('column', [
    [
      'header',
      group('hero', [
        ['title', 'Traffic overview'],
        ['subtitle', `${r.label} · updated just now`],
        [
          'live',
          group('status', [
            ['label', 'All systems operational'],
            ['tone', 'success'],
          ]),
        ],
      ]),
    ],
    [
      'range',
      group(
        'row',
        Object.entries(ranges).map(([key, value]) => [
          key,
          group(
            'button',
            [
              ['label', value.label],
              ['tone', key === range ? 'primary' : 'secondary'],
            ],
            {
              on: {
                click: () => {
                  range = key;
                  render(view());
                },
              },
            },
          ),
        ]),
      ),
    ],
    ['stats', stats(r)],
    ['charts', charts(r)],
    [
      'pages',
      group('table', [
        ['caption', 'Top pages'],
        [
          'data',
          json({
            headers: ['Page', 'Views', 'Avg. time'],
            rows: [
              ['/pricing', range === 'week' ? 3120 : 13870, '1:42'],
              ['/docs/start', range === 'week' ? 2480 : 10210, '3:05'],
              ['/blog/launch', range === 'week' ? 1730 : 5120, '2:18'],
            ],
          }),
        ],
      ]),
    ],
  ]);
}

/** The headline numbers of a range. */
function stats(r) {
  return group('stats', [
    [
      'visitors',
      group('stat', [
        ['label', 'Visitors'],
        ['value', r.visitors],
        ['trend', 'up'],
        ['change', r.changes[0]],
      ]),
    ],
    [
      'signups',
      group('stat', [
        ['label', 'Sign-ups'],
        ['value', r.signups],
        ['trend', 'up'],
        ['change', r.changes[1]],
      ]),
    ],
    [
      'conversion',
      group('stat', [
        ['label', 'Conversion'],
        ['value', r.conversion],
        ['trend', 'flat'],
        ['change', r.changes[2]],
      ]),
    ],
    [
      'uptime',
      group('stat', [
        ['label', 'Uptime'],
        ['value', r.uptime],
        ['trend', 'down'],
        ['change', r.changes[3]],
        ['tone', 'warning'],
      ]),
    ],
  ]);
}

/** The range's charts: visits, sign-ups and the traffic sources. */
function charts(r) {
  return group('grid', [
    [
      'visits',
      group('card', [
        [
          'chart',
          group('chart-line', [
            ['title', 'Visits'],
            ['data', json({ labels: r.days, datasets: [{ label: 'Visits', data: r.visits }] })],
          ]),
        ],
      ]),
    ],
    [
      'signups',
      group('card', [
        [
          'chart',
          group('chart-bar', [
            ['title', 'Sign-ups'],
            ['data', json({ labels: r.days, datasets: [{ label: 'Sign-ups', data: r.signupSeries }] })],
          ]),
        ],
      ]),
    ],
    [
      'sources',
      group('card', [
        [
          'chart',
          group('chart-pie', [
            ['title', 'Traffic sources'],
            [
              'data',
              json({
                slices: [
                  { label: 'Search', value: 46 },
                  { label: 'Direct', value: 27 },
                  { label: 'Social', value: 18 },
                  { label: 'Email', value: 9 },
                ],
              }),
            ],
          ]),
        ],
      ]),
    ],
  ]);
}

render(view());
