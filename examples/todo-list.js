// Todo list: add tasks with a tag, tick them off, filter, clear the finished ones; counts stay
// current and an empty list says what to do next.
const { group, render } = suip;

const tags = { home: ['Home', 'success'], work: ['Work', 'info'], errand: ['Errand', 'warning'] };
let nextId = 5;
let fieldKey = 0;
let filter = 'all';
let error = '';
let todos = [
  { id: 't1', title: 'Water the plants', tag: 'home', done: true },
  { id: 't2', title: 'Book train tickets', tag: 'errand', done: false },
  { id: 't3', title: 'Send the slides', tag: 'work', done: false },
  { id: 't4', title: 'Call the bakery', tag: 'errand', done: false },
];

function item(todo) {
  return group('row', [
    [
      'done',
      group(
        'checkbox',
        [
          ['label', todo.title],
          ['checked', String(todo.done)],
        ],
        {
          on: {
            change: {
              data: 'checked',
              handler: (e) => {
                todo.done = e.checked === true;
                render(view());
              },
            },
          },
        },
      ),
    ],
    [
      'tag',
      group('badge', [
        ['label', tags[todo.tag][0]],
        ['tone', todo.done ? 'neutral' : tags[todo.tag][1]],
      ]),
    ],
    [
      'delete',
      group(
        'button',
        [
          ['label', 'Delete'],
          ['tone', 'secondary'],
        ],
        {
          on: {
            click: () => {
              todos = todos.filter((t) => t !== todo);
              render(view());
            },
          },
        },
      ),
    ],
  ]);
}

function add(formData) {
  const title = (formData[`task-${fieldKey}`] ?? '').trim();
  if (!title) {
    error = 'Type what needs doing first.';
  } else {
    todos.push({ id: `t${nextId++}`, title, tag: formData.tag || 'home', done: false });
    fieldKey += 1; // a fresh, empty field for the next task
    error = '';
    if (filter === 'done') filter = 'all';
  }
  render(view());
}

function listOrEmpty(shown) {
  if (todos.length === 0) {
    return group('empty-state', [
      ['icon', 'check'],
      ['title', 'All clear'],
      ['description', 'Nothing left to do. Add a task above when something comes up.'],
    ]);
  }
  if (shown.length === 0) {
    return group('empty-state', [
      ['icon', filter === 'open' ? 'sparkles' : 'inbox'],
      ['title', filter === 'open' ? 'Everything is done' : 'Nothing finished yet'],
      ['description', 'Switch the filter to All to see every task.'],
    ]);
  }
  return group(
    'list',
    shown.map((todo) => [todo.id, item(todo)]),
  );
}

/** The form that adds a task: its text (under a field id that changes to clear it) and its tag. */
function addForm(field) {
  return group(
    'form',
    [
      // Side by side where there is room, stacked on a phone.
      [
        'fields',
        group('grid', [
          [
            field,
            group('text-field', [
              ['label', 'New task'],
              ['placeholder', 'What needs doing?'],
              ...(error ? [['error', error]] : []),
            ]),
          ],
          [
            'tag',
            group('choice', [
              ['label', 'Tag'],
              ['variant', 'menu'],
              ['value', 'home'],
              ...Object.entries(tags).map(([id, [label]]) => [id, label]),
            ]),
          ],
        ]),
      ],
      ['submit', 'Add'],
    ],
    { on: { submit: { preventDefault: true, data: 'formData', handler: (e) => add(e.formData ?? {}) } } },
  );
}

function view() {
  const open = todos.filter((t) => !t.done).length;
  const finished = todos.length - open;
  const shown = todos.filter((t) => filter === 'all' || (filter === 'open') === !t.done);
  return group('card', [
    ['title', 'My tasks'],
    [
      'counts',
      group('row', [
        [
          'open',
          group('badge', [
            ['label', `${open} of ${todos.length} open`],
            ['tone', open ? 'info' : 'success'],
          ]),
        ],
        ...(finished
          ? [
              [
                'done',
                group('badge', [
                  ['label', `${finished} done`],
                  ['tone', 'success'],
                ]),
              ],
            ]
          : []),
      ]),
    ],
    ...(todos.length
      ? [
          [
            'progress',
            group('progress', [
              ['label', `${finished} of ${todos.length} done`],
              ['value', String(finished)],
              ['max', String(todos.length)],
            ]),
          ],
        ]
      : []),
    ['add', addForm(`task-${fieldKey}`)],
    [
      'tools',
      group('row', [
        [
          'filter',
          group(
            'choice',
            [
              ['label', 'Show'],
              ['variant', 'menu'],
              ['value', filter],
              ['all', `All tasks (${todos.length})`],
              ['open', `Open (${open})`],
              ['done', `Done (${finished})`],
            ],
            {
              on: {
                change: {
                  data: 'value',
                  handler: (e) => {
                    filter = e.value || 'all';
                    render(view());
                  },
                },
              },
            },
          ),
        ],
        ...(finished
          ? [
              [
                'clear',
                group(
                  'button',
                  [
                    ['label', `Clear ${finished} done`],
                    ['tone', 'secondary'],
                  ],
                  {
                    on: {
                      click: () => {
                        todos = todos.filter((t) => !t.done);
                        render(view());
                      },
                    },
                  },
                ),
              ],
            ]
          : []),
      ]),
    ],
    ['items', listOrEmpty(shown)],
  ]);
}

render(view());
