// Vocabulary gallery: every group type this host offers (suip.vocabulary), each shown live from its
// own example, searchable and filterable by category.
const { text, group, render } = suip;

const categories = {
  layout: ['Layout', 'home'],
  display: ['Display', 'eye'],
  media: ['Media', 'image'],
  input: ['Input', 'edit'],
};
let category = 'all';
let query = '';

// Examples come as wire particles with handler ids as strings; nothing stands behind those ids
// here, so they are only for show. A modal would cover the page: it is described, not opened.
// The icon type lists its fixed set in its description: show every icon rather than one.
function example(entry) {
  if (entry.type === 'modal') {
    return group('alert', [
      ['tone', 'info'],
      ['title', 'Opens over the page'],
      ['message', 'A modal covers everything, so the gallery does not open it.'],
    ]);
  }
  const names = entry.type === 'icon' ? entry.description.match(/set: ([a-z, -]+)\./)?.[1].split(', ') : undefined;
  if (!names) return entry.example;
  return group(
    'row',
    names.map((name) => [
      name,
      group('icon', [
        ['name', name],
        ['label', name],
      ]),
    ]),
  );
}

function tile(entry) {
  return [
    entry.type,
    group('card', [
      ['title', entry.type],
      [
        'kind',
        group('row', [
          ['icon', group('icon', [['name', categories[entry.category]?.[1] ?? 'sparkles']])],
          [
            'category',
            group('badge', [
              ['label', categories[entry.category]?.[0] ?? entry.category],
              ['tone', 'neutral'],
            ]),
          ],
        ]),
      ],
      ['about', entry.description],
      ['example', example(entry)],
    ]),
  ];
}

function view() {
  const q = query.trim().toLowerCase();
  const entries = suip.vocabulary.filter(
    (entry) =>
      (category === 'all' || entry.category === category) &&
      (!q || entry.type.includes(q) || entry.description.toLowerCase().includes(q)),
  );
  const counts = Object.fromEntries(
    Object.keys(categories).map((c) => [c, suip.vocabulary.filter((entry) => entry.category === c).length]),
  );
  return group('column', [
    [
      'header',
      group('hero', [
        ['title', 'Vocabulary gallery'],
        ['subtitle', `${suip.vocabulary.length} types this host can show, each from its own example`],
        [
          'counts',
          group(
            'row',
            Object.entries(categories).map(([id, [label]]) => [
              id,
              group('badge', [
                ['label', `${label} ${counts[id]}`],
                ['tone', 'neutral'],
              ]),
            ]),
          ),
        ],
      ]),
    ],
    [
      'controls',
      group('row', [
        [
          'search',
          group(
            'text-field',
            [
              ['label', 'Search types'],
              ['kind', 'search'],
              ['placeholder', 'chart, field, message…'],
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
          'filter',
          group(
            'choice',
            [
              ['label', 'Category'],
              ['variant', 'menu'],
              ['value', category],
              ['all', 'All categories'],
              ...Object.entries(categories).map(([id, [label]]) => [id, label]),
            ],
            {
              on: {
                change: {
                  data: 'value',
                  handler: (e) => {
                    category = e.value || 'all';
                    render(view());
                  },
                },
              },
            },
          ),
        ],
      ]),
    ],
    ['count', text(`Showing **${entries.length}** of ${suip.vocabulary.length} types`)],
    [
      'types',
      entries.length
        ? group('grid', entries.map(tile))
        : group('empty-state', [
            ['icon', 'search'],
            ['title', 'No type matches'],
            ['description', 'Try another word or pick All categories.'],
          ]),
    ],
  ]);
}

render(view());
