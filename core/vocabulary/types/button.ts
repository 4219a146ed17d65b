import { defineType, ex, textRole } from '../define.ts';

/** `button`: a native button; "click". */
export const button = defineType({
  type: 'button',
  category: 'input',
  description: 'A button. Inside a form, a button whose tone is "submit" submits the form.',
  roles: [
    textRole('label', 'Button text, plain text.', { required: true }),
    textRole('tone', 'primary (default), secondary, danger or submit.', {
      values: ['primary', 'secondary', 'danger', 'submit'],
    }),
    textRole('disabled', 'true to disable.'),
  ],
  events: ['click', 'keydown'],
  example: ex.group('button', [['label', ex.plain('Save')]], { click: { handler: 'h-save' } }),
});
