import { defineType, ex, otherChildren } from '../define.ts';

/** `tabs`: one tab per `section` child; arrow keys move between tabs. */
export const tabs = defineType({
  type: 'tabs',
  category: 'layout',
  description:
    'Tabbed panels: each child is a section whose title is the tab label. The ' +
    'first tab is selected; "change" sends the selected child id as value.',
  roles: [otherChildren('group', 'One tab per section.', { types: ['section'] })],
  events: ['change'],
  example: ex.group('tabs', [
    [
      'overview',
      ex.group('section', [
        ['title', ex.plain('Overview')],
        ['body', ex.text('The overview tab.')],
      ]),
    ],
    [
      'specs',
      ex.group('section', [
        ['title', ex.plain('Specs')],
        ['body', ex.text('The specs tab.')],
      ]),
    ],
  ]),
});
