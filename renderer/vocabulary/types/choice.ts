import { defineType, ex, otherChildren, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `choice`: pick one option (radio group). */
export const choice = defineType({
  type: 'choice',
  category: 'input',
  description: 'Pick exactly one option (radio buttons). Every other text child is an option: its id is the value sent back, its text the label.',
  roles: [
    ...fieldRoles,
    textRole('value', 'The id of the selected option.'),
    otherChildren('text', 'One option per text child (id = value, text = label, plain text).'),
  ],
  events: ['change'],
  example: ex.group('choice', [
    ['label', ex.plain('Size')],
    ['value', ex.plain('m')],
    ['s', ex.plain('Small')],
    ['m', ex.plain('Medium')],
    ['l', ex.plain('Large')],
  ], { change: { handler: 'h-size', data: 'value' } }),
});
