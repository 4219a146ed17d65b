// Setup wizard: account, workspace, plan and review, with a step indicator, a progress bar, checks
// at each field before Next, Back that keeps earlier answers, and a finish screen.
const { text, group, render } = suip;

const ROCKET = {
  data:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="110" viewBox="0 0 200 110"><rect width="200" height="110" rx="14" fill="#eaf0ff"/><g fill="#fff"><circle cx="30" cy="24" r="2"/><circle cx="170" cy="30" r="2.5"/><circle cx="150" cy="88" r="1.6"/><circle cx="44" cy="84" r="1.6"/></g><path d="M100 14c18 14 22 38 14 60h-28c-8-22-4-46 14-60z" fill="#fff" stroke="#2f5bd3" stroke-width="3"/><circle cx="100" cy="44" r="8" fill="#7ea2ff" stroke="#2f5bd3" stroke-width="3"/><path d="M86 60l-12 16h14M114 60l12 16h-14" fill="#2f5bd3"/><path d="M92 78h16l-8 20z" fill="#f7b733"/></svg>',
    ),
  mimeType: 'image/svg+xml',
};

const steps = [
  { id: 'account', title: 'Account' },
  { id: 'workspace', title: 'Workspace' },
  { id: 'plan', title: 'Plan' },
  { id: 'review', title: 'Review' },
];
const plans = {
  free: 'Free: 3 projects, community support',
  pro: 'Pro: unlimited projects, €9 a month',
  team: 'Team: shared billing and SSO, €29 a month',
};
const sizes = { solo: 'Just me', small: '2–10 people', large: 'More than 10' };
let step = 0;
let data = { name: '', email: '', workspace: '', size: 'small', plan: 'pro', newsletter: 'true' };
let errors = {};
let finished = false;

function check(values) {
  const e = {};
  if (step === 0) {
    if (values.name.trim().length < 2) e.name = 'Enter your name.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(values.email.trim()))
      e.email = 'Enter a valid email, e.g. grace@example.org.';
  }
  if (step === 1 && !/^[a-z0-9-]{3,}$/.test(values.workspace))
    e.workspace = 'Use 3 or more lowercase letters, digits or dashes.';
  return e;
}

function next(formData) {
  data = { ...data, ...formData };
  errors = check(data);
  if (Object.keys(errors).length === 0) {
    if (step === steps.length - 1) finished = true;
    else step += 1;
  }
  render(view());
}

const withError = (id, children) => (errors[id] ? [...children, ['error', errors[id]]] : children);

function stepFields() {
  if (step === 0) {
    return [
      [
        'name',
        group(
          'text-field',
          withError('name', [
            ['label', 'Your name'],
            ['placeholder', 'Grace Hopper'],
            ['value', data.name],
          ]),
        ),
      ],
      [
        'email',
        group(
          'text-field',
          withError('email', [
            ['label', 'Email'],
            ['kind', 'email'],
            ['placeholder', 'grace@example.org'],
            ['value', data.email],
          ]),
        ),
      ],
    ];
  }
  if (step === 1) {
    return [
      [
        'workspace',
        group(
          'text-field',
          withError('workspace', [
            ['label', 'Workspace address'],
            ['hint', `Your team will find you at ${data.workspace || 'your-team'}.example.app`],
            ['placeholder', 'your-team'],
            ['value', data.workspace],
          ]),
        ),
      ],
      [
        'size',
        group('choice', [['label', 'Team size'], ['variant', 'menu'], ['value', data.size], ...Object.entries(sizes)]),
      ],
    ];
  }
  if (step === 2) {
    return [
      [
        'plan',
        group('choice', [
          ['label', 'Choose a plan'],
          ['hint', 'You can change plans at any time.'],
          ['value', data.plan],
          ...Object.entries(plans),
        ]),
      ],
      [
        'newsletter',
        group('checkbox', [
          ['label', 'Send me product news (about once a month)'],
          ['checked', data.newsletter],
        ]),
      ],
    ];
  }
  return [
    [
      'summary',
      group('key-value', [
        [
          'name',
          group('pair', [
            ['key', 'Owner'],
            [
              'value',
              group('row', [
                [
                  'avatar',
                  group('avatar', [
                    ['name', data.name],
                    ['size', 'sm'],
                  ]),
                ],
                ['who', `${data.name} · ${data.email}`],
              ]),
            ],
          ]),
        ],
        [
          'workspace',
          group('pair', [
            ['key', 'Workspace'],
            ['value', `${data.workspace}.example.app (${sizes[data.size]})`],
          ]),
        ],
        [
          'plan',
          group('pair', [
            ['key', 'Plan'],
            ['value', plans[data.plan]],
          ]),
        ],
        [
          'news',
          group('pair', [
            ['key', 'Product news'],
            ['value', data.newsletter === 'true' ? 'Yes' : 'No'],
          ]),
        ],
      ]),
    ],
  ];
}

function indicator() {
  return group(
    'row',
    steps.map((s, i) => [
      s.id,
      group('badge', [
        ['label', i < step ? `✓ ${s.title}` : `${i + 1}. ${s.title}`],
        ['tone', i < step ? 'success' : i === step ? 'info' : 'neutral'],
      ]),
    ]),
  );
}

function done() {
  return group('card', [
    [
      'art',
      group('row', [
        [
          'rocket',
          group('image', [
            ['src', ROCKET],
            ['alt', 'A rocket taking off'],
          ]),
        ],
      ]),
    ],
    ['title', text(`**${data.workspace}.example.app is ready**`)],
    [
      'done',
      group('alert', [
        ['tone', 'success'],
        ['title', `Welcome aboard, ${data.name}`],
        ['message', text(`Your **${data.plan}** plan is active. We sent the details to ${data.email}.`)],
      ]),
    ],
    [
      'next',
      group('list', [
        [
          'invite',
          group('row', [
            ['icon', group('icon', [['name', 'users']])],
            ['text', 'Invite your team'],
          ]),
        ],
        [
          'project',
          group('row', [
            ['icon', group('icon', [['name', 'folder']])],
            ['text', 'Create your first project'],
          ]),
        ],
        [
          'connect',
          group('row', [
            ['icon', group('icon', [['name', 'link']])],
            ['text', 'Connect your repository'],
          ]),
        ],
      ]),
    ],
  ]);
}

function view() {
  if (finished) return done();
  const last = step === steps.length - 1;
  return group('card', [
    ['title', `Step ${step + 1} of ${steps.length}: ${steps[step].title}`],
    ['steps', indicator()],
    [
      'progress',
      group('progress', [
        ['label', 'Setup progress'],
        ['value', String(step)],
        ['max', String(steps.length)],
      ]),
    ],
    [
      `step-${step}`,
      group('form', [...stepFields(), ['submit', last ? 'Create workspace' : 'Next']], {
        on: { submit: { preventDefault: true, data: 'formData', handler: (e) => next(e.formData ?? {}) } },
      }),
    ],
    ...(step > 0
      ? [
          [
            'back',
            group(
              'button',
              [
                ['label', 'Back'],
                ['tone', 'secondary'],
              ],
              {
                on: {
                  click: () => {
                    step -= 1;
                    errors = {};
                    render(view());
                  },
                },
              },
            ),
          ],
        ]
      : []),
  ]);
}

render(view());
