import { dataRole, defineType, ex, otherChildren, textRole } from '../define.ts';

/** `message`: one chat message (a bubble with author, avatar and time). */
export const message = defineType({
  type: 'message',
  category: 'display',
  description:
    'One chat message: a bubble with its author, avatar and time. from "me" draws it on the right in the accent ' +
    'colour (the person using this UI); "system" centres a quiet notice. Put messages in a conversation.',
  roles: [
    textRole('author', 'Who wrote it, plain text.', { required: true }),
    textRole('from', 'me, other (default) or system.', { values: ['me', 'other', 'system'] }),
    dataRole('avatar', 'Optional picture of the author: {"data": "data:image/...", "mimeType": "image/png"}.', {
      mimeTypes: ['image/*'],
    }),
    textRole('time', 'When, plain text (e.g. "09:41").'),
    textRole(
      'pending',
      'true while the reply is still being written: shows a typing indicator until the body has text.',
    ),
    otherChildren('any', 'The message body (markdown text, or any content).'),
  ],
  events: [],
  example: ex.group('message', [
    ['author', ex.plain('Grace')],
    ['time', ex.plain('09:41')],
    ['body', ex.text('The build is **green** again.')],
  ]),
});
