import { defineType, ex, textRole } from '../define.ts';

/** Roles every labelled field shares. */
export const fieldRoles = [
  textRole('label', 'Visible label, plain text.', { required: true }),
  textRole('hint', 'Help under the field, plain text.'),
  textRole('error', 'Validation message shown next to the field, plain text; marks it invalid.'),
];

/** `text-field`: a single-line text input. */
export const textField = defineType({
  type: 'text-field',
  category: 'input',
  description:
    'A labelled one-line input. "input" events are debounced (150 ms); ' +
    '"change" fires when the user commits; value payload = the text.',
  roles: [
    ...fieldRoles,
    textRole('value', "Initial value, plain text; the user's typing is kept until you send a different value."),
    textRole('placeholder', 'Placeholder, plain text.'),
    textRole('kind', 'text (default), email, number, password, tel, url or search.', {
      values: ['text', 'email', 'number', 'password', 'tel', 'url', 'search'],
    }),
    textRole('required', 'true if required.'),
  ],
  events: ['input', 'change', 'keydown'],
  example: ex.group(
    'text-field',
    [
      ['label', ex.plain('City')],
      ['value', ex.plain('Paris')],
      ['hint', ex.plain('Where you travel to')],
    ],
    { input: { handler: 'h-city', data: 'value' } },
  ),
});
