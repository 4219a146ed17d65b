// Sign-up form with real validation: each field is checked when you leave it, errors appear at the
// field (and clear as you fix them), and Create account is refused until everything is valid.
// (No password field: a host refuses credential inputs from programs unless it grants them.)
const { text, group, render } = suip;

const TAKEN = ['ada', 'admin', 'root'];
const roles = { dev: 'Developer', design: 'Designer', pm: 'Product manager', other: 'Something else' };
const empty = { name: '', email: '', username: '', role: '', terms: 'false' };
let values = { ...empty };
let errors = {};
let touched = {}; // fields the user has left once: only those show errors while typing
let tried = false; // a submit was refused: show the summary
let done = false;

const rules = {
  name: (v) => (v.trim().length < 2 ? 'Enter your full name (at least 2 characters).' : ''),
  email: (v) =>
    !v.trim()
      ? 'Enter your email address.'
      : !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.trim())
        ? 'That does not look like an email address, e.g. ada@example.org.'
        : '',
  username: (v) =>
    v.length < 3
      ? 'Use at least 3 characters.'
      : !/^[a-z0-9_]+$/i.test(v)
        ? 'Use letters, digits and _ only.'
        : TAKEN.includes(v.toLowerCase())
          ? `“${v}” is taken; try ${v}_${v.length + 7}.`
          : '',
  role: (v) => (v ? '' : 'Pick the role that fits you best.'),
  terms: (v) => (v === 'true' ? '' : 'Accept the terms to create an account.'),
};

function check(id) {
  const message = rules[id](values[id] ?? '');
  if (message) errors[id] = message;
  else delete errors[id];
}

// Re-check a field when it changes; a field with an error is re-checked as you type.
function onChange(id) {
  return {
    data: id === 'terms' ? 'checked' : 'value',
    handler: (e) => {
      values[id] = id === 'terms' ? String(e.checked === true) : (e.value ?? '');
      touched[id] = true;
      check(id);
      render(view());
    },
  };
}
function onInput(id) {
  return {
    data: 'value',
    handler: (e) => {
      values[id] = e.value ?? '';
      if (!errors[id]) return; // no error shown: wait until the user leaves the field
      check(id);
      if (!errors[id]) render(view());
    },
  };
}

function field(id, label, extra = []) {
  return [
    id,
    group(
      'text-field',
      [
        ['label', label],
        ['required', 'true'],
        ['value', values[id]],
        ...extra,
        ...(touched[id] && errors[id] ? [['error', errors[id]]] : []),
      ],
      { on: { change: onChange(id), input: onInput(id) } },
    ),
  ];
}

function submit(formData) {
  values = { ...values, ...formData };
  for (const id of Object.keys(rules)) {
    touched[id] = true;
    check(id);
  }
  tried = true;
  done = Object.keys(errors).length === 0;
  render(view());
}

function welcome() {
  return group('card', [
    [
      'head',
      group('row', [
        [
          'avatar',
          group('avatar', [
            ['name', values.name],
            ['size', 'lg'],
          ]),
        ],
        ['hello', text(`**Welcome, ${values.name}!** Your account **@${values.username}** is ready.`)],
      ]),
    ],
    [
      'sent',
      group('alert', [
        ['tone', 'success'],
        ['title', 'Check your inbox'],
        ['message', text(`We sent a confirmation link to **${values.email}**.`)],
      ]),
    ],
    [
      'details',
      group('key-value', [
        [
          'email',
          group('pair', [
            ['key', 'Email'],
            ['value', values.email],
          ]),
        ],
        [
          'username',
          group('pair', [
            ['key', 'Username'],
            ['value', `@${values.username}`],
          ]),
        ],
        [
          'role',
          group('pair', [
            ['key', 'Role'],
            ['value', roles[values.role]],
          ]),
        ],
      ]),
    ],
    [
      'again',
      group(
        'button',
        [
          ['label', 'Sign up someone else'],
          ['tone', 'secondary'],
        ],
        {
          on: {
            click: () => {
              values = { ...empty };
              errors = {};
              touched = {};
              tried = false;
              done = false;
              render(view());
            },
          },
        },
      ),
    ],
  ]);
}

function view() {
  if (done) return welcome();
  const count = Object.keys(errors).length;
  return group('card', [
    [
      'intro',
      group('hero', [
        ['title', 'Create your account'],
        ['subtitle', 'Free for 14 days. No card needed.'],
      ]),
    ],
    ...(tried && count
      ? [
          [
            'summary',
            group('alert', [
              ['tone', 'error'],
              ['title', `Please fix ${count} field${count === 1 ? '' : 's'}`],
              ['message', 'Each problem is shown next to its field.'],
            ]),
          ],
        ]
      : []),
    [
      'form',
      group(
        'form',
        [
          // Two fields a row where there is room; one above the other on a phone.
          [
            'who',
            group('grid', [
              field('name', 'Full name', [['placeholder', 'Ada Lovelace']]),
              field('email', 'Work email', [
                ['kind', 'email'],
                ['placeholder', 'ada@example.org'],
              ]),
            ]),
          ],
          [
            'account',
            group('grid', [
              field('username', 'Username', [
                ['hint', 'At least 3 characters: letters, digits and _.'],
                ['placeholder', 'ada_l'],
              ]),
              [
                'role',
                group(
                  'choice',
                  [
                    ['label', 'Your role'],
                    ['variant', 'menu'],
                    ['placeholder', 'Choose a role'],
                    ...(values.role ? [['value', values.role]] : []),
                    ...(touched.role && errors.role ? [['error', errors.role]] : []),
                    ...Object.entries(roles),
                  ],
                  { on: { change: onChange('role') } },
                ),
              ],
            ]),
          ],
          [
            'terms',
            group(
              'checkbox',
              [
                ['label', 'I accept the terms of service'],
                ['checked', values.terms],
                ...(touched.terms && errors.terms ? [['error', errors.terms]] : []),
              ],
              { on: { change: onChange('terms') } },
            ),
          ],
          ['submit', 'Create account'],
        ],
        { on: { submit: { preventDefault: true, data: 'formData', handler: (e) => submit(e.formData ?? {}) } } },
      ),
    ],
  ]);
}

render(view());
