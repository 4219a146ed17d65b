import { TONES, defineType, ex, textRole } from '../define.ts';

/** `status`: a live status line (`role=status`). */
export const status = defineType({
  type: 'status',
  category: 'display',
  description:
    'A status indicator: a coloured dot with a label and optional detail, announced politely when it changes.',
  roles: [
    textRole('label', 'What is in that state, plain text.', { required: true }),
    textRole('tone', `One of ${TONES.join(', ')}; default neutral.`, { values: [...TONES] }),
    textRole('detail', 'Extra detail, plain text.'),
  ],
  events: [],
  example: ex.group('status', [
    ['label', ex.plain('API')],
    ['tone', ex.plain('success')],
    ['detail', ex.plain('Operational')],
  ]),
});
