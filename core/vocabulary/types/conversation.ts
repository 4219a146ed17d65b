import { defineType, ex, otherChildren, textRole } from '../define.ts';

/** `conversation`: a chat log that keeps the newest message in view. */
export const conversation = defineType({
  type: 'conversation',
  category: 'layout',
  description:
    'A chat transcript: every child is a message, oldest first. It scrolls within its height and ' +
    'follows the newest message unless the reader scrolled up; new messages are announced politely.',
  roles: [
    textRole('label', 'What the conversation is, for screen readers, plain text (default "Conversation").'),
    otherChildren('group', 'The messages, oldest first.', { types: ['message'] }),
  ],
  events: [],
  example: ex.group('conversation', [
    [
      'm1',
      ex.group('message', [
        ['author', ex.plain('Ada')],
        ['body', ex.text('Is the report ready?')],
      ]),
    ],
    [
      'm2',
      ex.group('message', [
        ['author', ex.plain('You')],
        ['from', ex.plain('me')],
        ['body', ex.text('Yes, sent it **an hour ago**.')],
      ]),
    ],
  ]),
});
