import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `form`: fields plus a submit button; "submit" sends the fields as formData. */
export const form = defineType({
  type: 'form',
  category: 'input',
  description:
    'A form: any children (fields, text) plus a submit button. "submit" with data "formData" ' +
    'sends [fieldId, value] entries of every field inside. The host never navigates.',
  roles: [
    textRole('title', 'Form heading, plain text.'),
    textRole('submit', 'Label of the submit button, plain text; default "Submit".'),
    otherChildren('any', 'Fields and content, in order.'),
  ],
  events: ['submit'],
  example: ex.group(
    'form',
    [
      ['title', ex.plain('Contact')],
      [
        'name',
        ex.group('text-field', [
          ['label', ex.plain('Name')],
          ['placeholder', ex.plain('Ada Lovelace')],
        ]),
      ],
      [
        'email',
        ex.group('text-field', [
          ['label', ex.plain('Email')],
          ['kind', ex.plain('email')],
          ['error', ex.plain('Enter an address like ada@example.org')],
        ]),
      ],
      ['submit', ex.plain('Send')],
    ],
    { submit: { handler: 'h-send', preventDefault: true, data: 'formData' } },
  ),
});
