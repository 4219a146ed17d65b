import { defineType, ex, textRole } from '../define.ts';

/** `code`: a block of source code, shown literally. */
export const code = defineType({
  type: 'code',
  category: 'display',
  description: 'A block of source code shown literally (never interpreted), with its language named.',
  roles: [
    textRole('code', 'The source code, text/plain.', { required: true }),
    textRole('language', 'Language name, e.g. python, plain text.'),
  ],
  events: [],
  example: ex.group('code', [
    ['language', ex.plain('python')],
    ['code', ex.plain('def add(a, b):\n    return a + b')],
  ]),
});
