import { defineType, ex, textRole } from '../define.ts';
import { datasetsRole } from './datasets-role.ts';

/** `chart-bar`: a bar chart from JSON text. */
export const chartBar = defineType({
  type: 'chart-bar',
  category: 'display',
  description:
    'A bar chart. data is application/json text {"labels": ["Mon", ' +
    '...], "datasets": [{"label": "Sales", "data": [3, ...]}]}.',
  roles: [textRole('title', 'Chart title, plain text.'), datasetsRole()],
  events: [],
  example: ex.group('chart-bar', [
    ['title', ex.plain('Visits per day')],
    ['data', ex.json({ labels: ['Mon', 'Tue', 'Wed', 'Thu'], datasets: [{ label: 'Visits', data: [12, 19, 7, 15] }] })],
  ]),
});
