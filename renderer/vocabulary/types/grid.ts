import { defineType, ex, otherChildren } from '../define.ts';

/** `grid`: children in responsive equal-width columns. */
export const grid = defineType({
  type: 'grid',
  category: 'layout',
  description: 'Children in a responsive grid of equal-width cells (galleries, dashboards of cards).',
  roles: [otherChildren('any', 'One cell per child.')],
  events: [],
  example: ex.group('grid', [
    ['a', ex.group('card', [['title', ex.plain('One')], ['body', ex.text('First cell')]])],
    ['b', ex.group('card', [['title', ex.plain('Two')], ['body', ex.text('Second cell')]])],
  ]),
});
