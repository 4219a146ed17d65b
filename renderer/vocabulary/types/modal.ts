import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `modal`: a dialog shown while the group exists; "click" fires when the user dismisses it. */
export const modal = defineType({
  type: 'modal',
  category: 'layout',
  description: 'A dialog, open while this group exists. It has a Close button; Escape or Close hides it and fires "click" (a handler is required), and the program removes the modal from its tree.',
  roles: [textRole('title', 'Dialog title, plain text.', { required: true }), otherChildren('any', 'Dialog content, in order.')],
  events: ['click'],
  requiredEvents: ['click'],
  example: ex.group(
    'modal',
    [
      ['title', ex.plain('Confirm')],
      ['body', ex.text('Delete **3 files**?')],
    ],
    { click: { handler: 'h1' } },
  ),
});
