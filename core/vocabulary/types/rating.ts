import { defineType, ex, textRole } from '../define.ts';

/** `rating`: a star rating, read only. */
export const rating = defineType({
  type: 'rating',
  category: 'display',
  description: 'A star rating (read only): value out of max stars.',
  roles: [
    textRole('label', 'What is rated, plain text.'),
    textRole('value', 'Stars given, a number.', { required: true }),
    textRole('max', 'Number of stars; default 5.'),
  ],
  events: [],
  example: ex.group('rating', [
    ['label', ex.plain('Hotel Lumière')],
    ['value', ex.plain('4')],
    ['max', ex.plain('5')],
  ]),
});
