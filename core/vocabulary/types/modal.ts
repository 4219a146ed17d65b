import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `modal`: a dialog shown while the group exists; "click" fires when the user dismisses it. */
export const modal = defineType({
  type: 'modal',
  category: 'layout',
  description:
    'A dialog, open while this group exists. Escape or its Close button hides it ' +
    'and fires "click" (required): remove the modal from your tree then.',
  roles: [
    textRole('title', 'Dialog title, plain text.', { required: true }),
    otherChildren('any', 'Dialog content, in order.'),
  ],
  events: ['click'],
  requiredEvents: ['click'],
  example: ex.group(
    'modal',
    [
      ['title', ex.plain('Order placed')],
      ['body', ex.text('A receipt is on its way to **ada@example.org**.')],
    ],
    { click: { handler: 'h1' } },
  ),
});
