import { field, g, items, num, opt, plain, toText } from '../particles.ts';
import type { Mapper } from './mapper.ts';

const json = (value: unknown) => ({ text: JSON.stringify(value), mimeType: 'application/json' });

/** `gauge` {label, value, max, unit} → progress{label "label (unit)", value, max} (same meaning, no arc). */
export const gauge: Mapper = (d) => {
  const unit = toText(d.unit);
  return g('progress', [
    ['label', plain(unit ? `${toText(d.label)} (${unit})` : toText(d.label) || 'Gauge')],
    ['value', plain(num(d.value))],
    ['max', plain(num(d.max, 100))],
  ]);
};

/** `progress` {label, value, max, icon} → progress. */
export const progress: Mapper = (d) =>
  g('progress', [
    ['label', plain(toText(d.label) || 'Progress')],
    ['value', plain(num(d.value))],
    ['max', plain(num(d.max, 100))],
  ]);

/** `sparkline` {label, values, trend} → card{title, chart-line, trend badge}. */
export const sparkline: Mapper = (d) => {
  const values = items(d.values).map((v) => num(v));
  const trend = toText(d.trend).toLowerCase();
  return g('card', [
    ['title', plain(toText(d.label) || 'Trend')],
    [
      'chart',
      g('chart-line', [
        ['title', plain(toText(d.label) || 'Trend')],
        [
          'data',
          json({
            labels: values.map((_, i) => String(i + 1)),
            datasets: [{ label: toText(d.label) || 'value', data: values }],
          }),
        ],
      ]),
    ],
    [
      'trend',
      trend === ''
        ? undefined
        : g('badge', [
            ['label', plain(`trend: ${trend}`)],
            ['tone', plain(trend === 'up' ? 'success' : trend === 'down' ? 'warning' : 'neutral')],
          ]),
    ],
  ]);
};

function datasets(d: Record<string, unknown>) {
  return {
    labels: items(d.labels).map(toText),
    datasets: items(d.datasets).map((s, i) => ({
      label: toText(field(s, 'label')) || `Series ${i + 1}`,
      data: items(field(s, 'data')).map((v) => num(v)),
    })),
  };
}

/** `chart-bar` {title, labels, datasets} → chart-bar (per-dataset colors: host palette). */
export const chartBar: Mapper = (d) =>
  g('chart-bar', [
    ['title', opt(d.title)],
    ['data', json(datasets(d))],
  ]);
/** `chart-line` {title, labels, datasets} → chart-line. */
export const chartLine: Mapper = (d) =>
  g('chart-line', [
    ['title', opt(d.title)],
    ['data', json(datasets(d))],
  ]);
/** `chart-pie` {title, slices[{label, value}]} → chart-pie. */
export const chartPie: Mapper = (d) =>
  g('chart-pie', [
    ['title', opt(d.title)],
    [
      'data',
      json({
        slices: items(d.slices).map((s) => ({ label: toText(field(s, 'label')), value: num(field(s, 'value')) })),
      }),
    ],
  ]);

/** `stacked-bar` {title, items[{label, value}]} → chart-bar with one dataset. */
export const stackedBar: Mapper = (d) => {
  const list = items(d.items);
  return g('chart-bar', [
    ['title', opt(d.title)],
    [
      'data',
      json({
        labels: list.map((it) => toText(field(it, 'label'))),
        datasets: [{ label: toText(d.title) || 'value', data: list.map((it) => num(field(it, 'value'))) }],
      }),
    ],
  ]);
};

/** `rating` {title, value, max} → rating. */
export const rating: Mapper = (d) =>
  g('rating', [
    ['label', opt(d.title)],
    ['value', plain(num(d.value))],
    ['max', plain(num(d.max, 5))],
  ]);
