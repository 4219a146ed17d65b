import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `timeline-item`: one event of a timeline. */
export const timelineItem = defineType({
  type: 'timeline-item',
  category: 'display',
  description: 'One event of a timeline: title, date and optional details.',
  roles: [
    textRole('title', 'What happened, plain text.', { required: true }),
    textRole('date', 'When, plain text as the user should read it.'),
    otherChildren('any', 'Details.'),
  ],
  events: [],
  example: ex.group('timeline-item', [
    ['title', ex.plain('Delivered')],
    ['date', ex.plain('Wed 11:02')],
  ]),
});
