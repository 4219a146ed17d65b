import { defineType, ex, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `toggle`: an on/off switch (`role=switch`). */
export const toggle = defineType({
  type: 'toggle',
  category: 'input',
  description: 'An on/off switch for a setting that applies at once. "change" with data "checked" sends {checked}.',
  roles: [...fieldRoles, textRole('checked', 'true or false (initial state).')],
  events: ['change', 'click'],
  example: ex.group('toggle', [
    ['label', ex.plain('Dark mode')],
    ['checked', ex.plain('false')],
  ]),
});
