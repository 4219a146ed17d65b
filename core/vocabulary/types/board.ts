import { defineType, ex, otherChildren } from '../define.ts';

/** `board`: kanban columns side by side. */
export const board = defineType({
  type: 'board',
  category: 'layout',
  description:
    'A kanban board: every child is a column (a section whose title names it), shown ' +
    'side by side and scrolling sideways on narrow screens. Put cards in the columns; ' +
    'move them with a choice menu (variant "menu") or buttons, no dragging.',
  roles: [otherChildren('group', 'The columns, in order (usually sections).')],
  events: [],
  example: ex.group('board', [
    [
      'todo',
      ex.group('section', [
        ['title', ex.plain('To do')],
        ['a', ex.group('card', [['title', ex.plain('Write the brief')]])],
      ]),
    ],
    [
      'done',
      ex.group('section', [
        ['title', ex.plain('Done')],
        ['b', ex.group('card', [['title', ex.plain('Pick a name')]])],
      ]),
    ],
  ]),
});
