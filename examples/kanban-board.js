// Kanban board: cards move between columns and up within a column (keyed moves on the wire).
const { text, group, render } = suip;

const columns = [
  { id: 'todo', title: 'To do' },
  { id: 'doing', title: 'Doing' },
  { id: 'done', title: 'Done' },
];
let cards = [
  { id: 'c1', title: 'Write the spec', column: 'doing' },
  { id: 'c2', title: 'Design the logo', column: 'todo' },
  { id: 'c3', title: 'Set up CI', column: 'done' },
  { id: 'c4', title: 'Plan the launch', column: 'todo' },
];

function move(card, step) {
  const at = columns.findIndex((c) => c.id === card.column);
  const next = columns[at + step];
  if (!next) return;
  cards = [...cards.filter((c) => c !== card), { ...card, column: next.id }];
  render(view());
}

function moveUp(card) {
  const inColumn = cards.filter((c) => c.column === card.column);
  const i = inColumn.indexOf(card);
  if (i <= 0) return;
  const above = inColumn[i - 1];
  const a = cards.indexOf(above);
  const b = cards.indexOf(card);
  cards = cards.slice();
  cards[a] = card;
  cards[b] = above;
  render(view());
}

function cardView(card, columnIndex) {
  const actions = [];
  if (columnIndex > 0) actions.push(['left', group('button', [['label', text(`Move ${card.title} left`, 'text/plain')], ['tone', text('secondary', 'text/plain')]], { on: { click: () => move(card, -1) } })]);
  actions.push(['up', group('button', [['label', text(`Move ${card.title} up`, 'text/plain')], ['tone', text('secondary', 'text/plain')]], { on: { click: () => moveUp(card) } })]);
  if (columnIndex < columns.length - 1) actions.push(['right', group('button', [['label', text(`Move ${card.title} right`, 'text/plain')]], { on: { click: () => move(card, 1) } })]);
  return group('card', [['title', text(card.title, 'text/plain')], ['actions', group('row', actions)]]);
}

function view() {
  return group('grid', columns.map((column, columnIndex) => {
    const inColumn = cards.filter((c) => c.column === column.id);
    return [column.id, group('section', [
      ['title', text(`${column.title} (${inColumn.length})`, 'text/plain')],
      ['cards', group('list', inColumn.map((card) => [card.id, cardView(card, columnIndex)]))],
    ])];
  }));
}

render(view());
