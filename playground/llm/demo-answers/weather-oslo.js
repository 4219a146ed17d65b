// Weather card for Oslo: current conditions, a 3-day forecast and a °C / °F switch.
const { text, group, render } = suip;

const city = 'Oslo';
const now = { tempC: 4, feels: 1, humidity: 81, wind: 19, sky: 'Cloudy with a cold wind from the fjord' };
const forecast = [
  { day: 'Tue', sky: 'Cloudy', highC: 5, lowC: 0 },
  { day: 'Wed', sky: 'Showers', highC: 3, lowC: -1 },
  { day: 'Thu', sky: 'Sunny', highC: 2, lowC: -4 },
];
let unit = 'C';

const temp = (c) => (unit === 'C' ? `${c} °C` : `${Math.round((c * 9) / 5 + 32)} °F`);

// An illustration as an SVG data: URI (images need no network; the host's URL policy allows data:).
const ART =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72" viewBox="0 0 96 72"><circle cx="36" cy="30" r="18" fill="#f7b733"/><g stroke="#f7b733" stroke-width="4" stroke-linecap="round"><path d="M36 2v6M36 52v6M8 30h6M58 30h6M16 10l4 4M52 46l4 4M16 50l4-4M52 14l4-4"/></g><path d="M34 66a14 14 0 0 1 2-28 18 18 0 0 1 34 4 12 12 0 0 1 4 24z" fill="#e8eef9" stroke="#b8c4d9" stroke-width="2"/></svg>',
  );
const ICONS = { Sunny: 'sun', Cloudy: 'cloud', Showers: 'rain' };

function view() {
  return group('card', [
    ['title', `Weather in ${city}`],
    [
      'now',
      group('row', [
        [
          'art',
          group('image', [
            ['src', { data: ART, mimeType: 'image/svg+xml' }],
            ['alt', 'Sun behind a small cloud'],
          ]),
        ],
        ['summary', text(`**${temp(now.tempC)}** · ${now.sky}`)],
      ]),
    ],
    [
      'stats',
      group('stats', [
        [
          'feels',
          group('stat', [
            ['label', 'Feels like'],
            ['value', temp(now.feels)],
          ]),
        ],
        [
          'humidity',
          group('stat', [
            ['label', 'Humidity'],
            ['value', `${now.humidity} %`],
          ]),
        ],
        [
          'wind',
          group('stat', [
            ['label', 'Wind'],
            ['value', `${now.wind} km/h`],
            ['trend', 'down'],
            ['change', '−3'],
            ['tone', 'neutral'],
          ]),
        ],
      ]),
    ],
    [
      'forecast',
      group(
        'list',
        forecast.map((f) => [
          f.day,
          group('row', [
            [
              'icon',
              group('icon', [
                ['name', ICONS[f.sky]],
                ['label', f.sky],
              ]),
            ],
            ['text', text(`**${f.day}** — ${f.sky}, ${temp(f.highC)} / ${temp(f.lowC)}`)],
          ]),
        ]),
      ),
    ],
    [
      'units',
      group('row', [
        [
          'celsius',
          group(
            'button',
            [
              ['label', 'Show °C'],
              ['tone', unit === 'C' ? 'primary' : 'secondary'],
            ],
            {
              on: {
                click: () => {
                  unit = 'C';
                  render(view());
                },
              },
            },
          ),
        ],
        [
          'fahrenheit',
          group(
            'button',
            [
              ['label', 'Show °F'],
              ['tone', unit === 'F' ? 'primary' : 'secondary'],
            ],
            {
              on: {
                click: () => {
                  unit = 'F';
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
