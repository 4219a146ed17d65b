import { field, g, itemIds, items, opt, plain, toText, toneOf } from '../particles.ts';
import { titled } from './data-display.ts';
import type { Mapper } from './mapper.ts';

const SEVERITIES = new Set(['info', 'success', 'warning', 'error']);

/** `hero` {title, subtitle, icon, badge, gradient} → hero{title, subtitle, badge} (gradient: host palette). */
export const hero: Mapper = (d) =>
  g('hero', [
    ['title', plain(titled(d.title, d.icon) || ' ')],
    ['subtitle', opt(d.subtitle)],
    ['badge', d.badge === undefined || d.badge === '' ? undefined : g('badge', [['label', plain(d.badge)]])],
  ]);

/** `alert` {title, message, severity} → alert{tone, title, message}. */
export const alert: Mapper = (d) => {
  const severity = toText(d.severity).toLowerCase();
  return g('alert', [
    ['tone', plain(SEVERITIES.has(severity) ? severity : 'info')],
    ['title', opt(d.title)],
    ['message', plain(d.message)],
  ]);
};

/** `status` {title, text, color} → status{label, detail, tone}. */
export const status: Mapper = (d) =>
  g('status', [
    ['label', plain(toText(d.title) || 'Status')],
    ['tone', plain(toneOf(d.color ?? d.status))],
    ['detail', opt(d.text)],
  ]);

/** `timeline` {title, items[{title, text, date, icon, status}]} → section{title, timeline{timeline-item}}. */
export const timeline: Mapper = (d) => {
  const list = items(d.items);
  const ids = itemIds(list);
  const inner = g(
    'timeline',
    list.map(
      (it, i) =>
        [
          ids[i]!,
          g('timeline-item', [
            ['title', plain(titled(field(it, 'title'), field(it, 'icon')) || `Event ${i + 1}`)],
            ['date', opt(field(it, 'date'))],
            ['body', opt(field(it, 'text'))],
            [
              'status',
              field(it, 'status') === undefined
                ? undefined
                : g('badge', [
                    ['label', plain(field(it, 'status'))],
                    ['tone', plain(toneOf(field(it, 'status')))],
                  ]),
            ],
          ]),
        ] as const,
    ),
  );
  return g('section', [
    ['title', plain(toText(d.title) || 'Timeline')],
    ['timeline', inner],
  ]);
};

/** `checklist` {title, items[{text, checked}]} → card{title, list{checkbox}}; a change → widget-action check. */
export const checklist: Mapper = (d, context) => {
  const list = items(d.items);
  const ids = itemIds(list);
  return g('card', [
    ['title', opt(d.title)],
    [
      'items',
      g(
        'list',
        list.map(
          (it, i) =>
            [
              ids[i]!,
              g(
                'checkbox',
                [
                  ['label', plain(field(it, 'text'))],
                  ['checked', plain(field(it, 'checked') === true)],
                ],
                {
                  change: {
                    data: 'checked',
                    handler: (e) => context.emit('check', { index: i, checked: e.checked === true }),
                  },
                },
              ),
            ] as const,
        ),
      ),
    ],
  ]);
};

/** `streak` {title, days, active} → card{title, row{badge per day, success when active}}. */
export const streak: Mapper = (d) => {
  const days = items(d.days);
  const active = items(d.active);
  const on = (day: unknown, i: number) => active[i] === true || active.some((a) => a === day);
  return g('card', [
    ['title', opt(d.title)],
    [
      'days',
      g(
        'row',
        days.map(
          (day, i) =>
            [
              `d${i}`,
              g('badge', [
                ['label', plain(`${toText(day)}${on(day, i) ? ' ✓' : ''}`)],
                ['tone', plain(on(day, i) ? 'success' : 'neutral')],
              ]),
            ] as const,
        ),
      ),
    ],
  ]);
};
