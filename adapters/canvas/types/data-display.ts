import { ICON_NAMES } from '../../../core/vocabulary/types/icon.ts';
import type { ModelParticle } from '../../../generator/kit.ts';
import { field, g, itemIds, items, opt, plain, toText } from '../particles.ts';
import type { Mapper } from './mapper.ts';

const ICONS: ReadonlySet<string> = new Set(ICON_NAMES);

/** A title with the seed's icon: a named icon stays an icon (own child), an emoji is kept as text in front. */
export function titled(title: unknown, icon: unknown): string {
  const mark = toText(icon).trim();
  const text = toText(title);
  return mark !== '' && !ICONS.has(mark) && mark.length <= 8 ? `${mark} ${text}`.trim() : text;
}

/** `icon` child when the seed's icon is one of the host's names. */
export function iconChild(icon: unknown) {
  const name = toText(icon).trim();
  return ICONS.has(name) ? g('icon', [['name', plain(name)]]) : undefined;
}

/** `card` {title, text, icon} → card{title, icon?, body}. */
export const card: Mapper = (d) =>
  g('card', [
    ['title', opt(titled(d.title, d.icon))],
    ['icon', iconChild(d.icon)],
    ['body', plain(d.text)],
  ]);

/** `stats` {title, items[{label, value}]} → card{title, stats{stat}}. */
export const stats: Mapper = (d) => {
  const list = items(d.items);
  const ids = itemIds(list);
  return g('card', [
    ['title', opt(d.title)],
    [
      'stats',
      g(
        'stats',
        list.map(
          (it, i) =>
            [
              ids[i]!,
              g('stat', [
                ['label', plain(field(it, 'label'))],
                ['value', plain(field(it, 'value'))],
                ['trend', trendOf(field(it, 'trend'))],
              ]),
            ] as const,
        ),
      ),
    ],
  ]);
};

/** `kv` {title, items[{key, value}]} → card{title, key-value{pair}}. */
export const kv: Mapper = (d) => {
  const list = items(d.items);
  const ids = itemIds(list);
  return g('card', [
    ['title', opt(d.title)],
    [
      'pairs',
      g(
        'key-value',
        list.map(
          (it, i) =>
            [
              ids[i]!,
              g('pair', [
                ['key', plain(field(it, 'key') ?? field(it, 'label'))],
                ['value', plain(field(it, 'value'))],
              ]),
            ] as const,
        ),
      ),
    ],
  ]);
};

/** `table` {title, headers, rows} → table{caption, data: application/json}. */
export const table: Mapper = (d) => {
  const headers = items(d.headers).map(toText);
  const rows = items(d.rows).map((row) => items(row).map((cell) => (typeof cell === 'number' ? cell : toText(cell))));
  return g('table', [
    ['caption', opt(d.title)],
    ['data', { text: JSON.stringify({ headers, rows }), mimeType: 'application/json' }],
  ]);
};

/** `code` {title, language, code} → card{title, code{language, code}}. */
export const code: Mapper = (d) =>
  g('card', [
    ['title', opt(d.title)],
    [
      'code',
      g('code', [
        ['language', opt(d.language)],
        ['code', plain(d.code)],
      ]),
    ],
  ]);

/** `tags` {label, items[{text, color}]} → section{title = label, tags} (color: host palette). */
export const tags: Mapper = (d) => {
  const list = items(d.items);
  const ids = itemIds(list);
  const tagList = g(
    'tags',
    list.map((it, i) => [ids[i]!, plain(typeof it === 'string' ? it : field(it, 'text'))] as const),
  );
  return g('section', [
    ['title', plain(d.label ?? d.title ?? 'Tags')],
    ['tags', tagList],
  ]);
};

/** `accordion` {title, sections[{title, content}]} → section{title, accordion{section}}. */
export const accordion: Mapper = (d) => panels('accordion', d.title, items(d.sections), 's', 'title', 'Section');

/** `tabs` {title, tabs[{label, content}], active} → tabs{section} (first tab selected; see docs for `active`). */
export const tabs: Mapper = (d) => panels('tabs', d.title, items(d.tabs), 't', 'label', 'Tab');

/**
 * The shape accordion and tabs share: each entry a section{title = its `labelField` (else
 * "<fallback> <n>"), body = its content}, inside `kind`; under a titled section when `title` is set.
 */
function panels(
  kind: 'accordion' | 'tabs',
  title: unknown,
  list: unknown[],
  idPrefix: string,
  labelField: string,
  fallback: string,
): ModelParticle {
  const ids = itemIds(list, idPrefix);
  const inner = g(
    kind,
    list.map(
      (entry, i) =>
        [
          ids[i]!,
          g('section', [
            ['title', plain(field(entry, labelField) ?? `${fallback} ${i + 1}`)],
            ['body', plain(field(entry, 'content'))],
          ]),
        ] as const,
    ),
  );
  return title === undefined
    ? g('column', [[kind, inner]])
    : g('section', [
        ['title', plain(title)],
        [kind, inner],
      ]);
}

function trendOf(value: unknown) {
  const word = toText(value).toLowerCase();
  return word === 'up' || word === 'down' || word === 'flat' ? plain(word) : undefined;
}
