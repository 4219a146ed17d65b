// Settings: a profile header, then cards of switches, menus and a slider that apply at once;
// a status line confirms each change, and dependent settings appear only when they matter.
const { text, group, render } = suip;

// The user's picture as a small SVG data: URI (no network; the host's URL policy allows data:).
const PHOTO = {
  data:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#ffd9c2"/><circle cx="32" cy="26" r="12" fill="#8a5a44"/><path d="M10 64a22 20 0 0 1 44 0z" fill="#2f5bd3"/><path d="M20 22a12 12 0 0 1 24 0c-6-5-18-5-24 0z" fill="#3b2a22"/></svg>',
    ),
  mimeType: 'image/svg+xml',
};

const languages = { en: 'English', pt: 'Português', de: 'Deutsch', ja: '日本語' };
const zones = { lisbon: 'Lisbon (UTC+0)', berlin: 'Berlin (UTC+1)', tokyo: 'Tokyo (UTC+9)' };
const digests = { daily: 'Every morning', weekly: 'Monday mornings', never: 'Never' };
const themes = { system: 'Match the system', light: 'Light', dark: 'Dark' };
const settings = {
  language: 'en',
  zone: 'lisbon',
  email: true,
  push: true,
  quiet: true,
  digest: 'weekly',
  theme: 'system',
  density: 3,
  motion: false,
  profilePublic: false,
  activity: true,
};
let saved = 'All changes saved';

function apply(key, value, label) {
  settings[key] = value;
  saved = label;
  render(view());
}

function toggle(key, label, hint) {
  return [
    key,
    group(
      'toggle',
      [
        ['label', label],
        ['hint', hint],
        ['checked', String(settings[key])],
      ],
      {
        on: {
          change: {
            data: 'checked',
            handler: (e) => apply(key, e.checked === true, `${label} turned ${e.checked ? 'on' : 'off'}`),
          },
        },
      },
    ),
  ];
}

function menu(key, label, options, hint) {
  return [
    key,
    group(
      'choice',
      [
        ['label', label],
        ...(hint ? [['hint', hint]] : []),
        ['variant', 'menu'],
        ['value', settings[key]],
        ...Object.entries(options),
      ],
      {
        on: {
          change: {
            data: 'value',
            handler: (e) =>
              apply(
                key,
                e.value in options ? e.value : settings[key],
                `${label}: ${options[e.value] ?? options[settings[key]]}`,
              ),
          },
        },
      },
    ),
  ];
}

function view() {
  return group('column', [
    [
      'profile',
      group('card', [
        [
          'who',
          group('row', [
            [
              'photo',
              group('avatar', [
                ['name', 'Rosa Martins'],
                ['src', PHOTO],
                ['size', 'lg'],
              ]),
            ],
            ['name', text('**Rosa Martins**  \nrosa@example.org')],
            [
              'plan',
              group('badge', [
                ['label', 'Pro plan'],
                ['tone', 'info'],
              ]),
            ],
          ]),
        ],
        [
          'saved',
          group('status', [
            ['label', 'Saved'],
            ['tone', 'success'],
            ['detail', saved],
          ]),
        ],
      ]),
    ],
    [
      'groups',
      group('grid', [
        [
          'general',
          group('card', [
            ['title', 'General'],
            menu('language', 'Language', languages),
            menu('zone', 'Time zone', zones, 'Used for reminders and the digest.'),
          ]),
        ],
        [
          'notifications',
          group('card', [
            ['title', 'Notifications'],
            toggle('email', 'Email', 'Mentions, invites and replies to your comments.'),
            toggle('push', 'Push notifications', 'On this device, as they happen.'),
            ...(settings.push ? [toggle('quiet', 'Quiet hours', 'Hold push notifications from 22:00 to 07:00.')] : []),
            menu('digest', 'Summary email', digests),
          ]),
        ],
        [
          'appearance',
          group('card', [
            ['title', 'Appearance'],
            [
              'theme',
              group('choice', [['label', 'Theme'], ['value', settings.theme], ...Object.entries(themes)], {
                on: {
                  change: {
                    data: 'value',
                    handler: (e) =>
                      apply(
                        'theme',
                        themes[e.value] ? e.value : 'system',
                        `Theme: ${themes[e.value] ?? themes.system}`,
                      ),
                  },
                },
              }),
            ],
            [
              'density',
              group(
                'slider',
                [
                  ['label', 'Density'],
                  ['hint', '1 is compact, 5 is roomy.'],
                  ['value', String(settings.density)],
                  ['min', '1'],
                  ['max', '5'],
                ],
                {
                  on: {
                    change: {
                      data: 'value',
                      handler: (e) => apply('density', Number(e.value), `Density set to ${e.value}`),
                    },
                  },
                },
              ),
            ],
            toggle('motion', 'Reduce motion', 'Turn off animations and smooth scrolling.'),
          ]),
        ],
        [
          'privacy',
          group('card', [
            ['title', 'Privacy'],
            toggle('profilePublic', 'Public profile', 'Anyone with the link can see your name and photo.'),
            toggle('activity', 'Show when I am active', 'Teammates see a green dot next to your name.'),
          ]),
        ],
      ]),
    ],
  ]);
}

render(view());
