import { TONES, defineType, ex, textRole } from '../define.ts';

/** `badge`: a short label with a tone. */
export const badge = defineType({
  type: 'badge',
  category: 'display',
  description: 'A short label chip (a count, a state, a category).',
  roles: [
    textRole('label', 'The label, plain text.', { required: true }),
    textRole('tone', `One of ${TONES.join(', ')}; default neutral.`, { values: [...TONES] }),
  ],
  events: [],
  example: ex.group('badge', [
    ['label', ex.plain('3 new')],
    ['tone', ex.plain('info')],
  ]),
});
