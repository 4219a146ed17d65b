import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `hero`: the header block of a view. */
export const hero = defineType({
  type: 'hero',
  category: 'layout',
  description: 'The header block of a view: a large title, an optional subtitle, then any children (badges, buttons).',
  roles: [
    textRole('title', 'The large title, plain text.', { required: true }),
    textRole('subtitle', 'One line under the title.'),
    otherChildren('any', 'Extra content under the subtitle.'),
  ],
  events: [],
  example: ex.group('hero', [
    ['title', ex.plain('Trip planner')],
    ['subtitle', ex.plain('Paris · 3 days · 2 people')],
  ]),
});
