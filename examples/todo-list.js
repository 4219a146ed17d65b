// Todo list: add tasks, tick them off, delete them; the count of open tasks stays current.
const { text, group, render } = suip;

let nextId = 4;
let fieldKey = 0;
let todos = [
  { id: 't1', title: 'Water the plants', done: true },
  { id: 't2', title: 'Book train tickets', done: false },
  { id: 't3', title: 'Call the bakery', done: false },
];

function item(todo) {
  return group('row', [
    ['done', group('checkbox', [['label', text(todo.title, 'text/plain')], ['checked', text(String(todo.done), 'text/plain')]], {
      on: { change: { handler: (e) => { todo.done = e.checked === true; render(view()); }, data: 'checked' } },
    })],
    ['delete', group('button', [['label', text(`Delete ${todo.title}`, 'text/plain')], ['tone', text('danger', 'text/plain')]], {
      on: { click: () => { todos = todos.filter((t) => t !== todo); render(view()); } },
    })],
  ]);
}

function view() {
  const open = todos.filter((t) => !t.done).length;
  const field = `task-${fieldKey}`;
  return group('card', [
    ['title', text('My todos', 'text/plain')],
    ['count', text(`${open} of ${todos.length} open`, 'text/plain')],
    ['add', group('form', [
      [field, group('text-field', [['label', text('New task', 'text/plain')], ['placeholder', text('What needs doing?', 'text/plain')], ['required', text('true', 'text/plain')]])],
      ['submit', text('Add', 'text/plain')],
    ], {
      on: {
        submit: {
          preventDefault: true,
          data: 'formData',
          handler: (e) => {
            const title = (e.formData?.[field] ?? '').trim();
            if (!title) return;
            todos.push({ id: `t${nextId++}`, title, done: false });
            fieldKey += 1; // a fresh, empty field for the next task
            render(view());
          },
        },
      },
    })],
    ['items', group('list', todos.map((todo) => [todo.id, item(todo)]))],
  ]);
}

render(view());
