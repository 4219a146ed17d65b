import { TONES, defineType, ex, otherChildren, textRole } from '../define.ts';

/** `alert`: an announced message (`role=alert` for warning/error, `status` otherwise). */
export const alert = defineType({
  type: 'alert',
  category: 'display',
  description:
    'A message banner. Tone warning or error is announced immediately ' +
    '(role alert); info, success and neutral politely (role status).',
  roles: [
    textRole('tone', `One of ${TONES.join(', ')}; default info.`, { values: [...TONES] }),
    textRole('title', 'Short heading, plain text.'),
    otherChildren('any', 'The message.'),
  ],
  events: [],
  example: ex.group('alert', [
    ['tone', ex.plain('warning')],
    ['title', ex.plain('Storm warning')],
    ['message', ex.text('Expect **strong winds** after 18:00.')],
  ]),
});
