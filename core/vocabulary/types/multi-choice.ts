import { defineType, ex, otherChildren, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `multi-choice`: pick any number of options (checkbox group). */
export const multiChoice = defineType({
  type: 'multi-choice',
  category: 'input',
  description:
    'Pick any number of options (a group of checkboxes). value payload and ' +
    'the formData value = the selected ids joined by newlines.',
  roles: [
    ...fieldRoles,
    textRole('value', 'Ids of the selected options, one per line.'),
    otherChildren('text', 'One option per text child (id = value, text = label, plain text).'),
  ],
  events: ['change'],
  example: ex.group('multi-choice', [
    ['label', ex.plain('Toppings')],
    ['value', ex.plain('cheese')],
    ['cheese', ex.plain('Cheese')],
    ['olives', ex.plain('Olives')],
    ['basil', ex.plain('Basil')],
  ]),
});
