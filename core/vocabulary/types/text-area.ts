import { defineType, ex, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `text-area`: a multi-line text input. */
export const textArea = defineType({
  type: 'text-area',
  category: 'input',
  description: 'A labelled multi-line input; same events and payloads as text-field.',
  roles: [
    ...fieldRoles,
    textRole('value', 'Initial value, plain text.'),
    textRole('placeholder', 'Placeholder, plain text.'),
    textRole('required', 'true if required.'),
  ],
  events: ['input', 'change', 'keydown'],
  example: ex.group('text-area', [
    ['label', ex.plain('Notes')],
    ['placeholder', ex.plain('Anything we should know?')],
  ]),
});
