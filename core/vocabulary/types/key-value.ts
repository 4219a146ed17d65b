import { defineType, ex, otherChildren } from '../define.ts';

/** `key-value`: a description list of `pair` children. */
export const keyValue = defineType({
  type: 'key-value',
  category: 'display',
  description: 'Key/value rows (a description list): every child is a pair.',
  roles: [otherChildren('group', 'One row per pair.', { types: ['pair'] })],
  events: [],
  example: ex.group('key-value', [
    [
      'os',
      ex.group('pair', [
        ['key', ex.plain('OS')],
        ['value', ex.plain('Debian 13')],
      ]),
    ],
    [
      'cpu',
      ex.group('pair', [
        ['key', ex.plain('CPU')],
        ['value', ex.plain('2 cores')],
      ]),
    ],
  ]),
});
