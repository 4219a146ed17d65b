import { defineType, ex, textRole } from '../define.ts';

/** `table`: a data table from JSON text. */
export const table = defineType({
  type: 'table',
  category: 'display',
  description:
    'A data table. data is application/json text {"headers": ["Name", ...], ' +
    '"rows": [["Ada", ...], ...]}; cells are shown as plain text.',
  roles: [
    textRole('caption', 'Caption of the table, plain text.'),
    textRole('data', 'JSON {"headers": string[], "rows": (string|number)[][]}.', {
      required: true,
      mimeTypes: ['application/json'],
      json: {
        type: 'object',
        required: ['rows'],
        properties: {
          headers: { type: 'array', items: { type: 'scalar' } },
          rows: { type: 'array', items: { type: 'array', items: { type: 'scalar' } } },
        },
      },
    }),
  ],
  events: [],
  example: ex.group('table', [
    ['caption', ex.plain('Team')],
    [
      'data',
      ex.json({
        headers: ['Name', 'Role', 'Since'],
        rows: [
          ['Ada', 'Engineer', 2019],
          ['Grace', 'Admiral', 1943],
        ],
      }),
    ],
  ]),
});
