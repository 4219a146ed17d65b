// Kanban board without dragging: each card's Status menu moves it to another column; "Move up"
// reorders within a column. Moves are keyed on the wire (the card element moves, it is not rebuilt).
const { group, render } = suip;

const columns = [
  { id: 'todo', title: 'To do' },
  { id: 'doing', title: 'Doing' },
  { id: 'done', title: 'Done' },
];
let cards = [
  { id: 'c1', title: 'Write the spec', column: 'doing', tag: 'docs', tone: 'info', who: 'Ada Lovelace' },
  { id: 'c2', title: 'Design the logo', column: 'todo', tag: 'design', tone: 'warning', who: 'Grace Hopper' },
  { id: 'c3', title: 'Set up CI', column: 'done', tag: 'infra', tone: 'success', who: 'Linus Park' },
  { id: 'c4', title: 'Plan the launch', column: 'todo', tag: 'marketing', tone: 'neutral', who: 'Mei Tanaka' },
];

function moveTo(card, column) {
  if (!columns.some((c) => c.id === column) || column === card.column) return;
  cards = [...cards.filter((c) => c !== card), { ...card, column }];
  render(view());
}

function moveUp(card) {
  const inColumn = cards.filter((c) => c.column === card.column);
  const i = inColumn.indexOf(card);
  if (i <= 0) return;
  const a = cards.indexOf(inColumn[i - 1]);
  const b = cards.indexOf(card);
  cards = cards.slice();
  [cards[a], cards[b]] = [cards[b], cards[a]];
  render(view());
}

function cardView(card, first) {
  return group('card', [
    ['title', card.title],
    [
      'meta',
      group('row', [
        [
          'who',
          group('avatar', [
            ['name', card.who],
            ['size', 'sm'],
          ]),
        ],
        [
          'tag',
          group('badge', [
            ['label', card.tag],
            ['tone', card.tone],
          ]),
        ],
      ]),
    ],
    [
      'status',
      group(
        'choice',
        [['label', 'Status'], ['variant', 'menu'], ['value', card.column], ...columns.map((c) => [c.id, c.title])],
        { on: { change: { data: 'value', handler: (e) => moveTo(card, e.value) } } },
      ),
    ],
    ...(first
      ? []
      : [
          [
            'up',
            group(
              'button',
              [
                ['label', 'Move up'],
                ['tone', 'secondary'],
              ],
              { on: { click: () => moveUp(card) } },
            ),
          ],
        ]),
  ]);
}

function view() {
  return group(
    'board',
    columns.map((column) => {
      const inColumn = cards.filter((c) => c.column === column.id);
      return [
        column.id,
        group('section', [
          ['title', `${column.title} (${inColumn.length})`],
          [
            'cards',
            inColumn.length === 0
              ? group('empty-state', [
                  ['icon', 'inbox'],
                  ['title', 'Nothing here'],
                  ['description', 'Move a card here with its Status menu.'],
                ])
              : group(
                  'column',
                  inColumn.map((card, i) => [card.id, cardView(card, i === 0)]),
                ),
          ],
        ]),
      ];
    }),
  );
}

render(view());
