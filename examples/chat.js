// Chat: messages as bubbles in a conversation that follows the newest one; the reply streams token
// by token (each token is a small text append on the wire) behind a typing indicator.
const { text, group, render } = suip;

// The assistant's avatar: a small SVG as a data: URI (no network needed).
const BOT =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#6d8cff"/><stop offset="1" stop-color="#a25cf0"/></linearGradient></defs><rect width="40" height="40" fill="url(#g)"/><path d="M20 9l2.6 7.4L30 19l-7.4 2.6L20 29l-2.6-7.4L10 19l7.4-2.6z" fill="#fff"/></svg>',
  );

let messages = [
  { id: 'm0', who: 'system', text: 'Today' },
  { id: 'm1', who: 'assistant', text: 'Hi! Ask me anything about suip.', time: '09:40' },
];
let nextId = 2;
let fieldKey = 0;
let busy = false;

const replies = [
  'suip runs your program in a Worker inside a sandboxed iframe, so it can never touch the page or the network. ',
  'Every change you render becomes a small JSON-RPC op, and text like this reply streams as appends of a few ' +
    'characters. ',
];

function bubble(m) {
  if (m.who === 'system')
    return group('message', [
      ['author', 'system'],
      ['from', 'system'],
      ['body', m.text],
    ]);
  const mine = m.who === 'user';
  return group('message', [
    ['author', mine ? 'You' : 'suip assistant'],
    ['from', mine ? 'me' : 'other'],
    ...(mine ? [] : [['avatar', { data: BOT, mimeType: 'image/svg+xml' }]]),
    ...(m.time ? [['time', m.time]] : []),
    ...(m.pending ? [['pending', 'true']] : []),
    ['body', text(m.text)],
  ]);
}

function view() {
  const field = `message-${fieldKey}`;
  return group('card', [
    [
      'header',
      group('row', [
        [
          'avatar',
          group('avatar', [
            ['name', 'suip assistant'],
            ['src', { data: BOT, mimeType: 'image/svg+xml' }],
          ]),
        ],
        ['who', text('**suip assistant**')],
        [
          'state',
          group('badge', [
            ['label', busy ? 'typing…' : 'online'],
            ['tone', busy ? 'info' : 'success'],
          ]),
        ],
      ]),
    ],
    [
      'messages',
      group('conversation', [['label', 'Chat with the suip assistant'], ...messages.map((m) => [m.id, bubble(m)])]),
    ],
    [
      'compose',
      group(
        'form',
        [
          [
            field,
            group('text-field', [
              ['label', 'Message'],
              ['placeholder', 'Ask about sandboxes, streaming, ops…'],
            ]),
          ],
          ['submit', 'Send'],
        ],
        { on: { submit: { preventDefault: true, data: 'formData', handler: (e) => send(e.formData?.[field] ?? '') } } },
      ),
    ],
  ]);
}

async function send(question) {
  if (!question.trim() || busy) return;
  const now = new Date().toTimeString().slice(0, 5);
  messages.push({ id: `m${nextId++}`, who: 'user', text: question.trim(), time: now });
  const reply = { id: `m${nextId++}`, who: 'assistant', text: '', time: now, pending: true };
  messages.push(reply);
  fieldKey += 1;
  busy = true;
  render(view());
  await new Promise((resolve) => setTimeout(resolve, 400));
  const answer = replies.join('') + `You asked: “${question.trim()}”.`;
  for (const token of answer.match(/\S+\s*/g) ?? []) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    reply.text += token;
    render(view());
  }
  reply.pending = false;
  busy = false;
  render(view());
}

render(view());
