import { defineType, ex, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `slider`: a range input. */
export const slider = defineType({
  type: 'slider',
  category: 'input',
  description:
    'A range slider with its current value shown. Numbers as text; "input" is debounced, "change" fires on release.',
  roles: [
    ...fieldRoles,
    textRole('value', 'Initial value, a number.'),
    textRole('min', 'Minimum; default 0.'),
    textRole('max', 'Maximum; default 100.'),
    textRole('step', 'Step; default 1.'),
  ],
  events: ['input', 'change'],
  example: ex.group('slider', [
    ['label', ex.plain('Volume')],
    ['value', ex.plain('30')],
    ['min', ex.plain('0')],
    ['max', ex.plain('100')],
  ]),
});
