import { defineType, ex, textRole } from '../define.ts';

/** `stat`: one headline number with its label. */
export const stat = defineType({
  type: 'stat',
  category: 'display',
  description: 'One headline number with its label, usually inside stats.',
  roles: [
    textRole('label', 'What the number is, plain text.', { required: true }),
    textRole('value', 'The number with its unit, plain text.', { required: true }),
    textRole('trend', 'up, down or flat.'),
  ],
  events: [],
  example: ex.group('stat', [['label', ex.plain('Requests')], ['value', ex.plain('1.2 M')], ['trend', ex.plain('up')]]),
});
