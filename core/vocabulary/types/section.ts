import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `section`: a titled region; also a tab of `tabs` and a panel of `accordion`. */
export const section = defineType({
  type: 'section',
  category: 'layout',
  description:
    'A titled region of the page. Inside tabs it is one tab (title = ' +
    'tab label); inside accordion it is one collapsible panel.',
  roles: [
    textRole('title', 'Heading of the section, plain text.', { required: true }),
    otherChildren('any', 'The content, in order.'),
  ],
  events: [],
  example: ex.group('section', [
    ['title', ex.plain('Details')],
    ['body', ex.text('Sections group related content under a heading.')],
  ]),
});
