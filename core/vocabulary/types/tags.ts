import { defineType, ex, otherChildren } from '../define.ts';

/** `tags`: a list of short text chips. */
export const tags = defineType({
  type: 'tags',
  category: 'display',
  description: 'A list of short tags; every child is a text particle.',
  roles: [otherChildren('text', 'One tag per text child, plain text.')],
  events: [],
  example: ex.group('tags', [
    ['a', ex.plain('typescript')],
    ['b', ex.plain('lit')],
    ['c', ex.plain('security')],
  ]),
});
