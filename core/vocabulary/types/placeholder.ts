import { defineType, ex, textRole } from '../define.ts';

/** `placeholder`: a skeleton for content that has not arrived yet. */
export const placeholder = defineType({
  type: 'placeholder',
  category: 'display',
  description:
    'A loading skeleton for content that is still on its way (announced ' +
    'as busy). Replace it with the content when it arrives.',
  roles: [
    textRole('label', 'What is loading, plain text (read to screen readers).'),
    textRole('lines', 'How many skeleton lines, 1 to 8 (default 3).'),
  ],
  events: [],
  example: ex.group('placeholder', [['label', ex.plain('Loading the forecast')]]),
});
