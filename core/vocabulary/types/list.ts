import { defineType, ex, otherChildren } from '../define.ts';

/** `list`: children as list items (`role=list` / `listitem`). */
export const list = defineType({
  type: 'list',
  category: 'layout',
  description:
    'A list: every child becomes one list item, in order. Use it for repeated items (results, tasks, messages).',
  roles: [otherChildren('any', 'One list item per child.')],
  events: [],
  example: ex.group('list', [
    ['milk', ex.text('Milk')],
    ['eggs', ex.text('Eggs')],
    ['bread', ex.text('Bread')],
  ]),
});
