import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `empty-state`: what to show where a list or result has nothing yet. */
export const emptyState = defineType({
  type: 'empty-state',
  category: 'display',
  description:
    'A friendly placeholder where a list, search or board has nothing to show yet: an ' +
    'icon, a title, one line of help and an optional action (a button child).',
  roles: [
    textRole('icon', "An icon name from the icon type's set (default inbox)."),
    textRole('title', 'What is empty, plain text.', { required: true }),
    textRole('description', 'What to do about it, plain text.'),
    otherChildren('any', 'Actions (usually one button).'),
  ],
  events: [],
  example: ex.group('empty-state', [
    ['icon', ex.plain('search')],
    ['title', ex.plain('No results')],
    ['description', ex.plain('Try a shorter search or clear the filters.')],
  ]),
});
