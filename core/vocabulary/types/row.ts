import { defineType, ex, otherChildren } from '../define.ts';

/** `row`: children side by side, wrapping on narrow screens. */
export const row = defineType({
  type: 'row',
  category: 'layout',
  description: 'Children side by side from start to end, wrapping when the space runs out (toolbars, button groups).',
  roles: [otherChildren('any', 'Laid out horizontally, in order.')],
  events: [],
  example: ex.group('row', [
    [
      'a',
      ex.group('badge', [
        ['label', ex.plain('new')],
        ['tone', ex.plain('info')],
      ]),
    ],
    [
      'b',
      ex.group('badge', [
        ['label', ex.plain('beta')],
        ['tone', ex.plain('warning')],
      ]),
    ],
  ]),
});
