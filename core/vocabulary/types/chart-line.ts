import { defineType, ex, textRole } from '../define.ts';
import { datasetsRole } from './datasets-role.ts';

/** `chart-line`: a line chart from JSON text. */
export const chartLine = defineType({
  type: 'chart-line',
  category: 'display',
  description:
    'A line chart. data is application/json text {"labels": [...], "datasets": [{"label": "...", "data": [numbers]}]}.',
  roles: [textRole('title', 'Chart title, plain text.'), datasetsRole()],
  events: [],
  example: ex.group('chart-line', [
    ['title', ex.plain('Temperature')],
    [
      'data',
      ex.json({
        labels: ['6h', '9h', '12h', '15h', '18h'],
        datasets: [
          { label: 'Paris', data: [11, 15, 20, 21, 17] },
          { label: 'Oslo', data: [2, 4, 7, 8, 5] },
        ],
      }),
    ],
  ]),
});
