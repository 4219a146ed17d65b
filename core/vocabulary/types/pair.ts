import { defineType, ex, textRole } from '../define.ts';

/** `pair`: one key/value row. */
export const pair = defineType({
  type: 'pair',
  category: 'display',
  description: 'One key/value row, usually inside key-value.',
  roles: [
    textRole('key', 'The key, plain text.', { required: true }),
    { id: 'value', kind: 'any', required: true, description: 'The value: text or any particle.' },
  ],
  events: [],
  example: ex.group('pair', [
    ['key', ex.plain('Status')],
    ['value', ex.text('**Active**')],
  ]),
});
