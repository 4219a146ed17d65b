// Counter: the smallest interactive program: a number, a goal bar and three buttons.
const { text, group, render } = suip;

const GOAL = 10;
let count = 0;

const view = () =>
  group('card', [
    ['title', 'Counter'],
    ['body', text(`Clicked **${count}** times`)],
    [
      'goal',
      group('progress', [
        ['label', count >= GOAL ? 'Goal reached' : `Goal: ${GOAL} clicks`],
        ['value', String(Math.min(count, GOAL))],
        ['max', String(GOAL)],
      ]),
    ],
    [
      'buttons',
      group('row', [
        [
          'inc',
          group('button', [['label', '+1']], {
            on: {
              click: () => {
                count += 1;
                render(view());
              },
            },
          }),
        ],
        [
          'dec',
          group(
            'button',
            [
              ['label', '−1'],
              ['tone', 'secondary'],
              ['disabled', String(count === 0)],
            ],
            {
              on: {
                click: () => {
                  count = Math.max(0, count - 1);
                  render(view());
                },
              },
            },
          ),
        ],
        [
          'reset',
          group(
            'button',
            [
              ['label', 'Reset'],
              ['tone', 'secondary'],
              ['disabled', String(count === 0)],
            ],
            {
              on: {
                click: () => {
                  count = 0;
                  render(view());
                },
              },
            },
          ),
        ],
      ]),
    ],
  ]);

render(view());
