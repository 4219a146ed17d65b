import { defineType, ex, textRole } from '../define.ts';

/** `chart-pie`: a pie chart from JSON text. */
export const chartPie = defineType({
  type: 'chart-pie',
  category: 'display',
  description: 'A pie chart. data is application/json text {"slices": [{"label": "A", "value": 3}, ...]}.',
  roles: [
    textRole('title', 'Chart title, plain text.'),
    textRole('data', 'JSON {"slices": [{"label": string, "value": number}]}.', {
      required: true,
      mimeTypes: ['application/json'],
      json: {
        type: 'object',
        required: ['slices'],
        properties: {
          slices: {
            type: 'array',
            items: {
              type: 'object',
              required: ['label', 'value'],
              properties: { label: { type: 'string' }, value: { type: 'number' } },
            },
          },
        },
      },
    }),
  ],
  events: [],
  example: ex.group('chart-pie', [
    ['title', ex.plain('Browser share')],
    [
      'data',
      ex.json({
        slices: [
          { label: 'Chromium', value: 65 },
          { label: 'Firefox', value: 20 },
          { label: 'Other', value: 15 },
        ],
      }),
    ],
  ]),
});
