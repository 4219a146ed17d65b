import { defineType, ex, otherChildren, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `choice`: pick one option (radio group). */
export const choice = defineType({
  type: 'choice',
  category: 'input',
  description:
    'Pick exactly one option: radio buttons, or a compact dropdown menu with ' +
    'variant "menu" (long lists, or actions like "Move to…"). Every other text ' +
    'child is an option: its id is the value sent back, its text the label.',
  roles: [
    ...fieldRoles,
    textRole('value', 'The id of the selected option.'),
    textRole('variant', 'radios (default) or menu (a dropdown; without a value it shows the placeholder).', {
      values: ['radios', 'menu'],
    }),
    textRole('placeholder', 'With variant menu: the text shown while nothing is selected, plain text.'),
    otherChildren('text', 'One option per text child (id = value, text = label, plain text).'),
  ],
  events: ['change'],
  example: ex.group(
    'choice',
    [
      ['label', ex.plain('Size')],
      ['value', ex.plain('m')],
      ['s', ex.plain('Small')],
      ['m', ex.plain('Medium')],
      ['l', ex.plain('Large')],
    ],
    { change: { handler: 'h-size', data: 'value' } },
  ),
});
