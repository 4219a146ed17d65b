import { defineType, ex, otherChildren } from '../define.ts';

/** `accordion`: collapsible `section` children (native details/summary). */
export const accordion = defineType({
  type: 'accordion',
  category: 'layout',
  description: 'Collapsible panels: each child is a section whose title is the clickable summary.',
  roles: [otherChildren('group', 'One collapsible panel per section.', { types: ['section'] })],
  events: [],
  example: ex.group('accordion', [
    [
      'shipping',
      ex.group('section', [
        ['title', ex.plain('Shipping')],
        ['body', ex.text('Ships in 2–3 days.')],
      ]),
    ],
    [
      'returns',
      ex.group('section', [
        ['title', ex.plain('Returns')],
        ['body', ex.text('30 days, free.')],
      ]),
    ],
  ]),
});
