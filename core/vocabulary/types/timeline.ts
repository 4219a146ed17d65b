import { defineType, ex, otherChildren } from '../define.ts';

/** `timeline`: an ordered list of `timeline-item` children. */
export const timeline = defineType({
  type: 'timeline',
  category: 'display',
  description: 'A vertical timeline (an ordered list of events): every child is a timeline-item.',
  roles: [otherChildren('group', 'One event per child, oldest first.', { types: ['timeline-item'] })],
  events: [],
  example: ex.group('timeline', [
    [
      'ordered',
      ex.group('timeline-item', [
        ['title', ex.plain('Ordered')],
        ['date', ex.plain('Mon 09:12')],
      ]),
    ],
    [
      'shipped',
      ex.group('timeline-item', [
        ['title', ex.plain('Shipped')],
        ['date', ex.plain('Tue 14:30')],
        ['body', ex.text('Tracking **ZX-41**')],
      ]),
    ],
  ]),
});
