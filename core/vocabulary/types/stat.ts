import { TONES, defineType, ex, textRole } from '../define.ts';

/** `stat`: one headline number with its label. */
export const stat = defineType({
  type: 'stat',
  category: 'display',
  description: 'One headline number with its label, usually inside stats.',
  roles: [
    textRole('label', 'What the number is, plain text.', { required: true }),
    textRole('value', 'The number with its unit, plain text.', { required: true }),
    textRole('trend', 'up, down or flat.'),
    textRole('change', 'The change next to the trend, plain text (e.g. "+12 %").'),
    textRole(
      'tone',
      `Whether the change is good: one of ${TONES.join(', ')}; default success for up, error for down.`,
      { values: [...TONES] },
    ),
  ],
  events: [],
  example: ex.group('stat', [
    ['label', ex.plain('Requests')],
    ['value', ex.plain('1.2 M')],
    ['trend', ex.plain('up')],
    ['change', ex.plain('+8 %')],
  ]),
});
