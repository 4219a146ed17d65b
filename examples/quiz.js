// Quiz: one question at a time with progress and score, feedback after each answer, and a results
// screen that reviews every answer.
const { text, group, render } = suip;

// Illustrations as small SVG data: URIs (no network; the host's URL policy allows data: images).
const svg = (body) => ({
  data:
    'data:image/svg+xml,' +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96">${body}</svg>`,
    ),
  mimeType: 'image/svg+xml',
});
const PLANETS = svg(
  '<rect width="240" height="96" rx="12" fill="#141b33"/><circle cx="-6" cy="48" r="40" fill="#f7b733"/><circle ' +
    'cx="62" cy="48" r="6" fill="#b0a7a0"/><circle cx="98" cy="48" r="10" fill="#e6c27a"/><circle cx="140" cy="48" ' +
    'r="11" fill="#4f8fe8"/><circle cx="182" cy="48" r="8" fill="#d9623b"/><g fill="#fff" opacity=".7"><circle ' +
    'cx="120" cy="14" r="1.2"/><circle cx="210" cy="20" r="1"/><circle cx="160" cy="82" r="1.2"/><circle cx="226" ' +
    'cy="70" r="1"/></g>',
);
const BYTES = svg(
  '<rect width="240" height="96" rx="12" fill="#eef2ff"/><g font-family="monospace" font-size="15" ' +
    'fill="#2f5bd3"><text x="20" y="36">0110 1011 0001</text><text x="44" y="60">1024 = 2^10</text><text x="20" ' +
    'y="84" opacity=".5">1111 0000 1010</text></g>',
);
const BROWSER = svg(
  '<rect width="240" height="96" rx="12" fill="#f1f5f9"/><rect x="30" y="14" width="180" height="70" rx="8" ' +
    'fill="#fff" stroke="#94a3b8"/><path d="M30 30h180" stroke="#94a3b8"/><g fill="#f87171"><circle cx="40" cy="22" ' +
    'r="3"/></g><circle cx="50" cy="22" r="3" fill="#fbbf24"/><circle cx="60" cy="22" r="3" fill="#34d399"/><rect ' +
    'x="96" y="42" width="48" height="32" rx="4" fill="#f7df1e"/><text x="104" y="68" font-family="sans-serif" ' +
    'font-weight="700" font-size="18" fill="#222">JS</text>',
);
const TROPHY = svg(
  '<rect width="240" height="96" rx="12" fill="#fff7e6"/><path d="M100 18h40v22a20 20 0 0 1-40 0z" ' +
    'fill="#f0b429"/><path d="M100 24h-12a12 12 0 0 0 12 16M140 24h12a12 12 0 0 1-12 16" fill="none" ' +
    'stroke="#f0b429" stroke-width="4"/><rect x="114" y="58" width="12" height="10" fill="#d69e2e"/><rect x="104" ' +
    'y="68" width="32" height="8" rx="2" fill="#b7791f"/><g fill="#f6ad55"><circle cx="70" cy="30" r="3"/><circle ' +
    'cx="176" cy="26" r="3"/><circle cx="60" cy="64" r="2"/><circle cx="186" cy="66" r="2"/></g>',
);

const questions = [
  {
    q: 'Which planet is closest to the Sun?',
    short: 'Closest planet to the Sun',
    art: PLANETS,
    alt: 'The Sun and four small planets in a row',
    options: { venus: 'Venus', mercury: 'Mercury', mars: 'Mars' },
    answer: 'mercury',
    why: 'Mercury orbits at about 58 million km, closer than any other planet.',
  },
  {
    q: 'How many bytes are in a kibibyte?',
    short: 'Bytes in a kibibyte',
    art: BYTES,
    alt: 'Binary digits and the formula 1024 = 2 to the 10th',
    options: { b1000: '1000', b1024: '1024', b512: '512' },
    answer: 'b1024',
    why: 'A kibibyte is 2¹⁰ = 1024 bytes; a kilobyte is 1000.',
  },
  {
    q: 'Which language runs natively in every web browser?',
    short: 'Language of every browser',
    art: BROWSER,
    alt: 'A browser window with the JavaScript logo',
    options: { py: 'Python', js: 'JavaScript', rb: 'Ruby' },
    answer: 'js',
    why: 'Every browser ships a JavaScript engine; others need a compiler or WebAssembly.',
  },
];
let index = 0;
let answers = []; // the option id picked for each answered question
let missing = false; // "Check answer" pressed with nothing picked

const score = () => answers.filter((a, i) => a === questions[i].answer).length;

function restart() {
  index = 0;
  answers = [];
  missing = false;
  render(view());
}

function results() {
  const right = score();
  const perfect = right === questions.length;
  return group('card', [
    ['title', 'Quiz complete'],
    [
      'art',
      group('row', [
        [
          'trophy',
          group('image', [
            ['src', TROPHY],
            ['alt', 'A golden trophy'],
          ]),
        ],
      ]),
    ],
    [
      'score',
      group('stats', [
        [
          'right',
          group('stat', [
            ['label', 'Your score'],
            ['value', `${right} / ${questions.length}`],
          ]),
        ],
        [
          'rate',
          group('stat', [
            ['label', 'Correct'],
            ['value', `${Math.round((right / questions.length) * 100)} %`],
          ]),
        ],
      ]),
    ],
    [
      'verdict',
      group('alert', [
        ['tone', perfect ? 'success' : 'info'],
        ['title', perfect ? 'A perfect round!' : 'Nicely done'],
        ['message', perfect ? 'You got every question right.' : 'Check the review below and try again.'],
      ]),
    ],
    [
      'review',
      group(
        'key-value',
        questions.map((question, i) => {
          const ok = answers[i] === question.answer;
          return [
            `r${i}`,
            group('pair', [
              ['key', question.short],
              [
                'value',
                group('row', [
                  [
                    'icon',
                    group('icon', [
                      ['name', ok ? 'success' : 'error'],
                      ['label', ok ? 'Correct' : 'Wrong'],
                    ]),
                  ],
                  [
                    'text',
                    text(
                      `**${question.options[question.answer]}**${ok ? '' : ` (you said ${question.options[answers[i]]})`}`,
                    ),
                  ],
                ]),
              ],
            ]),
          ];
        }),
      ),
    ],
    ['again', group('button', [['label', 'Play again']], { on: { click: restart } })],
  ]);
}

function view() {
  if (index >= questions.length) return results();
  const question = questions[index];
  const answered = answers.length > index;
  const ok = answered && answers[index] === question.answer;
  const header = group('row', [
    [
      'step',
      group('badge', [
        ['label', `Question ${index + 1} of ${questions.length}`],
        ['tone', 'info'],
      ]),
    ],
    [
      'score',
      group('badge', [
        ['label', `Score ${score()}`],
        ['tone', 'neutral'],
      ]),
    ],
  ]);
  const progress = group('progress', [
    ['label', 'Progress'],
    ['value', String(answers.length)],
    ['max', String(questions.length)],
  ]);
  // In a row the picture keeps its own size (a column would stretch it to the full width).
  const art = group('row', [
    [
      'picture',
      group('image', [
        ['src', question.art],
        ['alt', question.alt],
      ]),
    ],
  ]);
  if (answered) {
    return group('card', [
      ['title', 'Quick quiz'],
      ['header', header],
      ['progress', progress],
      ['art', art],
      ['question', text(`**${question.q}**`)],
      [
        'feedback',
        group('alert', [
          ['tone', ok ? 'success' : 'error'],
          ['title', ok ? 'Correct!' : `Not quite: it is ${question.options[question.answer]}`],
          ['message', question.why],
        ]),
      ],
      [
        'next',
        group('button', [['label', index + 1 < questions.length ? 'Next question' : 'See my results']], {
          on: {
            click: () => {
              index += 1;
              render(view());
            },
          },
        }),
      ],
    ]);
  }
  return group('card', [
    ['title', 'Quick quiz'],
    ['header', header],
    ['progress', progress],
    ['art', art],
    [
      `q${index}`,
      group(
        'form',
        [
          [
            'answer',
            group('choice', [
              ['label', question.q],
              ...(missing ? [['error', 'Pick one answer first.']] : []),
              ...Object.entries(question.options),
            ]),
          ],
          ['submit', 'Check answer'],
        ],
        {
          on: {
            submit: {
              preventDefault: true,
              data: 'formData',
              handler: (e) => {
                const picked = e.formData?.answer;
                missing = !picked;
                if (picked) answers[index] = picked;
                render(view());
              },
            },
          },
        },
      ),
    ],
  ]);
}

render(view());
