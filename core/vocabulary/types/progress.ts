import { defineType, ex, textRole } from '../define.ts';

/** `progress`: a labelled native progress bar. */
export const progress = defineType({
  type: 'progress',
  category: 'display',
  description: 'A labelled progress bar. value and max are numbers as text; without value the bar is indeterminate.',
  roles: [
    textRole('label', 'What is progressing, plain text.', { required: true }),
    textRole('value', 'Current amount, a number.'),
    textRole('max', 'Total amount, a number; default 100.'),
  ],
  events: [],
  example: ex.group('progress', [
    ['label', ex.plain('Upload')],
    ['value', ex.plain('42')],
    ['max', ex.plain('100')],
  ]),
});
