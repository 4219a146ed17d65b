// Chat with streamed text: the reply arrives token by token (each token is a small text append on the wire).
const { text, group, render } = suip;

let messages = [{ id: 'm0', who: 'assistant', text: 'Hi! Ask me anything about suip.' }];
let nextId = 1;
let fieldKey = 0;
let busy = false;

const replies = [
  'suip runs your program in a Worker inside a sandboxed iframe, so it can never touch the page or the network. ',
  'Every change you render becomes a small JSON-RPC op, and text like this reply streams as appends of a few characters. ',
];

function bubble(m) {
  return group('card', [['title', text(m.who === 'user' ? 'You' : 'Assistant', 'text/plain')], ['body', text(m.text || '…')]]);
}

function view() {
  const field = `message-${fieldKey}`;
  return group('column', [
    ['header', group('hero', [['title', text('Ask suip', 'text/plain')], ['subtitle', text(busy ? 'typing…' : 'online', 'text/plain')]])],
    ['messages', group('list', messages.map((m) => [m.id, bubble(m)]))],
    ['compose', group('form', [
      [field, group('text-field', [['label', text('Message', 'text/plain')], ['placeholder', text('Type a question', 'text/plain')]])],
      ['submit', text('Send', 'text/plain')],
    ], { on: { submit: { preventDefault: true, data: 'formData', handler: (e) => send(e.formData?.[field] ?? '') } } })],
  ]);
}

async function send(question) {
  if (!question.trim() || busy) return;
  messages.push({ id: `m${nextId++}`, who: 'user', text: question.trim() });
  const reply = { id: `m${nextId++}`, who: 'assistant', text: '' };
  messages.push(reply);
  fieldKey += 1;
  busy = true;
  render(view());
  const answer = replies.join('') + `You asked: “${question.trim()}”.`;
  for (const token of answer.match(/\S+\s*/g) ?? []) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    reply.text += token;
    render(view());
  }
  busy = false;
  render(view());
}

render(view());
