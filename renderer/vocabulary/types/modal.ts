import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `modal`: a dialog shown while the group exists; "click" fires when the user dismisses it. */
export const modal = defineType({
  type: 'modal',
  category: 'layout',
  description: 'A dialog over the page, open while this group exists. It has a Close button; Escape or Close fires "click" so the program can remove the modal.',
  roles: [textRole('title', 'Dialog title, plain text.', { required: true }), otherChildren('any', 'Dialog content, in order.')],
  events: ['click'],
  example: ex.group('modal', [
    ['title', ex.plain('Confirm')],
    ['body', ex.text('Delete **3 files**?')],
  ]),
});
