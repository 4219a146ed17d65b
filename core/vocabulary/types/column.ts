import { defineType, ex, otherChildren } from '../define.ts';

/** `column`: children stacked vertically with a gap. */
export const column = defineType({
  type: 'column',
  category: 'layout',
  description: 'Children stacked top to bottom with even spacing.',
  roles: [otherChildren('any', 'Laid out vertically, in order.')],
  events: [],
  example: ex.group('column', [
    ['first', ex.text('First line')],
    ['second', ex.text('Second line')],
  ]),
});
