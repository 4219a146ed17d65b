import { defineType, ex, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `checkbox`: a labelled checkbox. */
export const checkbox = defineType({
  type: 'checkbox',
  category: 'input',
  description:
    'A labelled checkbox. "change" with data "checked" sends {checked}; in formData it is "true" or "false".',
  roles: [...fieldRoles, textRole('checked', 'true or false (initial state).')],
  events: ['change', 'click'],
  example: ex.group(
    'checkbox',
    [
      ['label', ex.plain('Subscribe to the newsletter')],
      ['checked', ex.plain('true')],
    ],
    { change: { handler: 'h-sub', data: 'checked' } },
  ),
});
