import { textRole } from '../define.ts';

/**
 * The `data` role of the charts drawn from labelled series (`chart-bar`, `chart-line`): JSON text
 * `{"labels": [...], "datasets": [{"label"?: "...", "data": [numbers]}]}`, one schema so that the
 * two types, their prompt text and the checker never disagree on it.
 */
export function datasetsRole(): ReturnType<typeof textRole> {
  return textRole('data', 'JSON {"labels": string[], "datasets": [{"label": string, "data": number[]}]}.', {
    required: true,
    mimeTypes: ['application/json'],
    json: {
      type: 'object',
      required: ['labels', 'datasets'],
      properties: {
        labels: { type: 'array', items: { type: 'scalar' } },
        datasets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['data'],
            properties: { label: { type: 'string' }, data: { type: 'array', items: { type: 'number' } } },
          },
        },
      },
    },
  });
}
