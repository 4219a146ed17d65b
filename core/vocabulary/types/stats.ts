import { defineType, ex, otherChildren } from '../define.ts';

/** `stats`: a grid of `stat` tiles. */
export const stats = defineType({
  type: 'stats',
  category: 'display',
  description: 'A grid of headline numbers: every child is a stat.',
  roles: [otherChildren('group', 'One stat per child.', { types: ['stat'] })],
  events: [],
  example: ex.group('stats', [
    [
      'uptime',
      ex.group('stat', [
        ['label', ex.plain('Uptime')],
        ['value', ex.plain('14 d')],
      ]),
    ],
    [
      'errors',
      ex.group('stat', [
        ['label', ex.plain('Errors')],
        ['value', ex.plain('0.03 %')],
        ['trend', ex.plain('down')],
        ['tone', ex.plain('success')],
      ]),
    ],
  ]),
});
