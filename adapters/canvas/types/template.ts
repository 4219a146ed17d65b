import type { ModelParticle } from '../../../generator/kit.ts';
import { g, plain, toText, type Child } from '../particles.ts';
import { card, kv, tags } from './data-display.ts';
import { buttons, form } from './interactive.ts';
import type { MapContext, Mapper } from './mapper.ts';
import { chartBar, chartLine, chartPie, gauge, progress, sparkline, stackedBar } from './metrics.ts';
import { alert, checklist, hero, timeline } from './status.ts';
import { stats } from './data-display.ts';

type Part = readonly [
  field: string,
  mapper: Mapper,
  shape: (value: unknown, d: Record<string, unknown>) => Record<string, unknown>,
];

const asItems =
  (title?: string) =>
  (value: unknown): Record<string, unknown> =>
    Array.isArray(value) ? { title, items: value } : ((value as Record<string, unknown>) ?? {});
const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { message: toText(value) };
const many =
  (mapper: Mapper): Mapper =>
  (d, c) =>
    g(
      'grid',
      (Array.isArray(d.list) ? d.list.slice(0, 24) : []).map((x, i) => [`n${i}`, mapper(asObject(x), c)] as const),
    );
const list = (value: unknown) => ({ list: value });

/** The seed's eight template presets: which data field becomes which built-in, in order. */
const PRESETS: ReadonlyMap<string, readonly Part[]> = new Map<string, readonly Part[]>([
  [
    'dashboard',
    [
      ['alert', alert, asObject],
      ['gauges', many(gauge), list],
      ['stats', stats, asItems()],
      ['sparkline', sparkline, asObject],
      ['barChart', chartBar, asObject],
      ['pieChart', chartPie, asObject],
      ['cards', many(card), list],
      ['progress', many(progress), list],
    ],
  ],
  [
    'status',
    [
      ['alert', alert, asObject],
      ['stats', stats, asItems()],
      ['checklist', checklist, asItems()],
      ['timeline', timeline, asItems()],
      ['kv', kv, asItems()],
    ],
  ],
  [
    'form',
    [
      ['alert', alert, asObject],
      ['fields', form, (v, d) => ({ title: d.formTitle, id: d.formId, fields: v, actions: d.actions })],
    ],
  ],
  [
    'timeline',
    [
      ['stats', stats, asItems()],
      ['items', timeline, (v, d) => ({ title: d.timelineTitle, items: v })],
    ],
  ],
  [
    'chart',
    [
      ['bar', chartBar, asObject],
      ['line', chartLine, asObject],
      ['pie', chartPie, asObject],
      ['stacked', stackedBar, asObject],
      ['sparklines', many(sparkline), list],
      ['gauges', many(gauge), list],
    ],
  ],
  [
    'checklist',
    [
      ['alert', alert, asObject],
      ['stats', stats, asItems()],
      ['items', checklist, (v, d) => ({ title: d.listTitle, items: v })],
    ],
  ],
  [
    'detail',
    [
      ['items', kv, (v, d) => ({ title: d.kvTitle, items: v })],
      ['tags', tags, asItems()],
      ['actions', buttons, (v) => ({ buttons: v })],
    ],
  ],
  [
    'email',
    [
      [
        'body',
        form,
        (_v, d) => ({
          title: d.heading,
          fields: [
            { name: 'to', type: 'email', label: 'To', value: d.to },
            { name: 'subject', label: 'Subject', value: d.subject },
            { name: 'body', type: 'textarea', label: 'Message', value: d.body },
          ],
          actions: [{ label: d.sendLabel ?? 'Send', action: 'send' }],
        }),
      ],
      ['note', card, (v) => ({ text: v })],
    ],
  ],
]);

/**
 * `upsert {type: "template", data: {tpl, …}}` (suip's binding of the seed's presets): a hero from
 * title/subtitle, then each present field as its built-in. An unknown `tpl` is a visible note.
 */
export function template(d: Record<string, unknown>, context: MapContext): ModelParticle {
  const parts = PRESETS.get(toText(d.tpl));
  if (parts === undefined)
    return g('alert', [
      ['tone', plain('warning')],
      ['title', plain(`Unknown template "${toText(d.tpl).slice(0, 40)}"`)],
      ['message', plain(`Templates: ${[...PRESETS.keys()].join(', ')}.`)],
    ]);
  const children: Child[] = [];
  if (d.title !== undefined || d.heading !== undefined)
    children.push(['hero', hero({ title: d.title ?? d.heading, subtitle: d.subtitle }, context)]);
  for (const [name, mapper, shape] of parts) {
    const value = name === 'body' ? true : d[name];
    if (value === undefined || value === null) continue;
    children.push([name, mapper(shape(value, d), context)]);
  }
  return g('column', children);
}
