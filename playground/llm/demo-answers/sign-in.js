// Sign-in without a password field: this host refuses text-fields of kind "password" from programs
// (hostPolicy.credentialInputs is off by default), so the program asks for an email address and
// offers a one-time sign-in link, and leaves passwords to the host's own sign-in page.
const { text, group, render } = suip;

let email = '';
let error = '';
let sent = false;

const valid = (v) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.trim());

function submit(formData) {
  email = String(formData.email ?? '').trim();
  error = valid(email) ? '' : 'Enter the email address of your account, e.g. ada@example.org.';
  sent = error === '';
  render(view());
}

function view() {
  if (sent) {
    return group('card', [
      ['title', 'Check your inbox'],
      [
        'sent',
        group('alert', [
          ['tone', 'success'],
          ['title', 'Sign-in link sent'],
          ['message', text(`We sent a one-time link to **${email}**. It works for 15 minutes.`)],
        ]),
      ],
      [
        'back',
        group(
          'button',
          [
            ['label', 'Use another email'],
            ['tone', 'secondary'],
          ],
          {
            on: {
              click: () => {
                sent = false;
                render(view());
              },
            },
          },
        ),
      ],
    ]);
  }
  return group('card', [
    ['title', 'Sign in'],
    [
      'why',
      group('alert', [
        ['tone', 'info'],
        ['title', 'No password here'],
        [
          'message',
          'This page does not let programs ask for passwords: sign in with a one-time link, or use the host’s own ' +
            'sign-in page.',
        ],
      ]),
    ],
    [
      'form',
      group(
        'form',
        [
          [
            'email',
            group('text-field', [
              ['label', 'Email'],
              ['kind', 'email'],
              ['required', 'true'],
              ['placeholder', 'ada@example.org'],
              ['value', email],
              ...(error ? [['error', error]] : []),
            ]),
          ],
          [
            'remember',
            group('checkbox', [
              ['label', 'Keep me signed in on this device'],
              ['checked', 'false'],
            ]),
          ],
          ['submit', 'Email me a sign-in link'],
        ],
        { on: { submit: { preventDefault: true, data: 'formData', handler: (e) => submit(e.formData ?? {}) } } },
      ),
    ],
  ]);
}

render(view());
