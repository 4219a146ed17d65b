// Data table with sort and filter: search by name, narrow to a country, sort by any column; the
// headline numbers and the chart follow the filter, and an empty result offers a way back.
const { group, render } = suip;

const json = (value) => ({ text: JSON.stringify(value), mimeType: 'application/json' });
const cities = [
  { city: 'Lisbon', country: 'Portugal', population: 545000, founded: -1200 },
  { city: 'Porto', country: 'Portugal', population: 232000, founded: 417 },
  { city: 'Berlin', country: 'Germany', population: 3645000, founded: 1237 },
  { city: 'Hamburg', country: 'Germany', population: 1841000, founded: 808 },
  { city: 'Munich', country: 'Germany', population: 1488000, founded: 1158 },
  { city: 'Bergen', country: 'Norway', population: 286000, founded: 1070 },
  { city: 'Oslo', country: 'Norway', population: 709000, founded: 1040 },
  { city: 'Madrid', country: 'Spain', population: 3223000, founded: 865 },
  { city: 'Seville', country: 'Spain', population: 684000, founded: -800 },
  { city: 'Valencia', country: 'Spain', population: 792000, founded: -138 },
];
const columns = { city: 'City', country: 'Country', population: 'Population', founded: 'Founded' };
// One menu for the sort: [column, descending] per option, worded as a person would say it.
const sorts = {
  'population-desc': ['population', true, 'Largest first'],
  'population-asc': ['population', false, 'Smallest first'],
  'city-asc': ['city', false, 'City, A to Z'],
  'city-desc': ['city', true, 'City, Z to A'],
  'country-asc': ['country', false, 'Country, A to Z'],
  'founded-asc': ['founded', false, 'Oldest first'],
  'founded-desc': ['founded', true, 'Newest first'],
};
const countries = [...new Set(cities.map((c) => c.country))].sort();
let query = '';
let country = 'all';
let sort = 'population-desc';
let searchKey = 0; // a new key gives a fresh, empty search field (Clear filters)

const year = (y) => (y < 0 ? `${-y} BC` : String(y));
const millions = (n) => `${(n / 1e6).toFixed(1)} M`;

function rows() {
  const q = query.trim().toLowerCase();
  const shown = cities.filter(
    (c) =>
      (country === 'all' || c.country === country) &&
      (!q || c.city.toLowerCase().includes(q) || c.country.toLowerCase().includes(q)),
  );
  const [sortBy, descending] = sorts[sort];
  shown.sort((a, b) => {
    const x = a[sortBy];
    const y = b[sortBy];
    const order = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
  return shown;
}

function clear() {
  query = '';
  country = 'all';
  searchKey += 1;
  render(view());
}

function results(shown) {
  if (shown.length === 0) {
    return group('empty-state', [
      ['icon', 'search'],
      ['title', 'No cities match'],
      ['description', `Nothing matches “${query.trim()}”${country === 'all' ? '' : ` in ${country}`}.`],
      [
        'clear',
        group(
          'button',
          [
            ['label', 'Clear filters'],
            ['tone', 'secondary'],
          ],
          { on: { click: clear } },
        ),
      ],
    ]);
  }
  const total = shown.reduce((sum, c) => sum + c.population, 0);
  const oldest = shown.reduce((a, b) => (b.founded < a.founded ? b : a));
  const largest = [...shown].sort((a, b) => b.population - a.population).slice(0, 5);
  return group('column', [
    [
      'stats',
      group('stats', [
        [
          'count',
          group('stat', [
            ['label', 'Cities shown'],
            ['value', `${shown.length} of ${cities.length}`],
          ]),
        ],
        [
          'people',
          group('stat', [
            ['label', 'Total population'],
            ['value', millions(total)],
          ]),
        ],
        [
          'oldest',
          group('stat', [
            ['label', `Oldest: ${oldest.city}`],
            ['value', year(oldest.founded)],
          ]),
        ],
      ]),
    ],
    [
      'table',
      group('table', [
        [
          'caption',
          `${shown.length === cities.length ? 'All cities' : 'Matching cities'}, ${sorts[sort][2].toLowerCase()}`,
        ],
        [
          'data',
          json({
            headers: Object.values(columns),
            rows: shown.map((c) => [c.city, c.country, c.population.toLocaleString('en'), year(c.founded)]),
          }),
        ],
      ]),
    ],
    [
      'chart',
      group('chart-bar', [
        [
          'title',
          largest.length < shown.length
            ? `The ${largest.length} largest, population in millions`
            : 'Population in millions',
        ],
        [
          'data',
          json({
            labels: largest.map((c) => c.city),
            datasets: [
              { label: 'Population (millions)', data: largest.map((c) => Math.round(c.population / 1e5) / 10) },
            ],
          }),
        ],
      ]),
    ],
  ]);
}

function view() {
  const shown = rows();
  return group('card', [
    ['title', 'European cities'],
    [
      'controls',
      group('row', [
        [
          `search-${searchKey}`,
          group(
            'text-field',
            [
              ['label', 'Filter'],
              ['placeholder', 'City or country'],
              ['kind', 'search'],
            ],
            {
              on: {
                input: {
                  data: 'value',
                  handler: (e) => {
                    query = e.value ?? '';
                    render(view());
                  },
                },
              },
            },
          ),
        ],
        [
          'country',
          group(
            'choice',
            [
              ['label', 'Country'],
              ['variant', 'menu'],
              ['value', country],
              ['all', 'All countries'],
              ...countries.map((c) => [c, c]),
            ],
            {
              on: {
                change: {
                  data: 'value',
                  handler: (e) => {
                    country = e.value || 'all';
                    render(view());
                  },
                },
              },
            },
          ),
        ],
        [
          'sort',
          group(
            'choice',
            [
              ['label', 'Sort'],
              ['variant', 'menu'],
              ['value', sort],
              ...Object.entries(sorts).map(([id, [, , label]]) => [id, label]),
            ],
            {
              on: {
                change: {
                  data: 'value',
                  handler: (e) => {
                    sort = e.value in sorts ? e.value : 'population-desc';
                    render(view());
                  },
                },
              },
            },
          ),
        ],
      ]),
    ],
    ['results', results(shown)],
  ]);
}

render(view());
