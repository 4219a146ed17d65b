// Counter: the smallest interactive program (a card, a text that changes, two buttons).
const { text, group, render } = suip;

let count = 0;

const view = () => group('card', [
  ['title', text('Counter', 'text/plain')],
  ['body', text(`Clicked **${count}** times`)],
  ['buttons', group('row', [
    ['inc', group('button', [['label', text('+1', 'text/plain')]], { on: { click: () => { count += 1; render(view()); } } })],
    ['reset', group('button', [['label', text('Reset', 'text/plain')], ['tone', text('secondary', 'text/plain')]], { on: { click: () => { count = 0; render(view()); } } })],
  ])],
]);

render(view());
