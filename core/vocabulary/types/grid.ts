import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** Column counts a grid may fix: a keypad (3), a price table (4), a month calendar (7), a 12-column layout. */
export const GRID_COLUMNS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** `grid`: children in responsive equal-width columns. */
export const grid = defineType({
  type: 'grid',
  category: 'layout',
  description:
    'Equal-width cells filled row by row: as many as fit (galleries, dashboards), or exactly ' +
    '`columns` at every width (a month calendar: 7, a keypad: 3, a price table).',
  roles: [
    textRole('columns', 'A fixed number of columns, 1 to 12.', { values: [...GRID_COLUMNS] }),
    otherChildren('any', 'One cell per child.'),
  ],
  events: [],
  example: ex.group('grid', [
    ['columns', ex.plain('3')],
    [
      'a',
      ex.group('card', [
        ['title', ex.plain('Basic')],
        ['body', ex.text('**9 €** a month')],
      ]),
    ],
    [
      'b',
      ex.group('card', [
        ['title', ex.plain('Team')],
        ['body', ex.text('**29 €** a month')],
      ]),
    ],
    [
      'c',
      ex.group('card', [
        ['title', ex.plain('Company')],
        ['body', ex.text('**99 €** a month')],
      ]),
    ],
  ]),
});
