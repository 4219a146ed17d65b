import type { ModelGroup, ModelParticle } from '../../../generator/kit.ts';
import { decodeChildId } from '../../kit/option-ids.ts';
import { optionChildren } from '../../kit/options.ts';
import { rolesOfEntry } from '../../kit/type-roles.ts';
import { choice } from '../../../core/vocabulary/types/choice.ts';
import { DROPPED, textOf, type HtmlElement, type HtmlNode } from './html-tree.ts';
import { plainText } from '../../kit/text.ts';

/** What the mapping needs from the widget shell. */
export interface MapHooks {
  /** Run the widget's action (its handler, then the agent when the handler does not return true). */
  dispatch(action: string, payload: Record<string, unknown>): void;
  /** The id picked up for a move (drag and drop, made accessible), if any. */
  picked(): string | undefined;
  /** Pick up (or put back, with undefined) an item. */
  pick(dragId: string | undefined): void;
  /** `data-action` name → the declared `emits` name. */
  emits(name: string): string;
  /** Set by `mapHtml`: subtracted from heading levels so the widget's top heading is an h2. */
  headingShift?: number;
}

const BLOCKS: ReadonlyMap<string, string> = new Map([
  ['row', 'row'],
  ['grid', 'grid'],
  ['column', 'column'],
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE = new Set([
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'code',
  'abbr',
  'time',
  'sub',
  'sup',
  'a',
  'label',
  'q',
  'cite',
  'kbd',
  'br',
  'wbr',
  'bdi',
  'bdo',
  'data',
  'var',
  'del',
  'ins',
]);
const TEXT_KINDS = new Set(['email', 'number', 'password', 'tel', 'url', 'search']);
const group = (
  type: string | undefined,
  children: Array<readonly [string, ModelParticle]>,
  on?: ModelGroup['on'],
): ModelGroup => ({ group: children, ...(type ? { type } : {}), ...(on ? { on } : {}) });

/** Every `data-*` attribute as a payload (`data-card-id` → `cardId`), as the seed's runtime does. */
export function dataAttributes(attrs: Record<string, string>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith('data-') || key === 'data-action') continue;
    const name = key.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (name === '__proto__' || name === 'constructor' || name === 'prototype' || name === '') continue;
    payload[name] = value;
  }
  return payload;
}

/**
 * Map a parsed template onto the vocabulary (design §4.3's table). Text becomes plain text,
 * headings markdown headings, blocks plain groups (`data-layout` row/grid honoured), lists, tables,
 * images, fields and buttons their types; `data-action` elements become buttons wired to the
 * widget's handler; drag and drop becomes "Pick up" / "Move here" buttons emitting the same
 * actions. Scripts, styles, frames and plugins are dropped; CSS classes are ignored.
 */
export function mapHtml(root: HtmlElement, hooks: MapHooks): ModelParticle {
  // Author heading levels are relative: the widget's top heading becomes an h2, the rest keep
  // their distance (a page's heading order must not jump, e.g. from the host's h1 to an h3).
  let top = 6;
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') continue;
    if (HEADINGS.has(n.tag)) top = Math.min(top, Number(n.tag[1]));
    stack.push(...n.children);
  }
  return group('column', childrenOf(root, { ...hooks, headingShift: top - 2 }));
}

function childrenOf(element: HtmlElement, hooks: MapHooks): Array<readonly [string, ModelParticle]> {
  const out: Array<readonly [string, ModelParticle]> = [];
  const used = new Set<string>();
  const key = (node: HtmlNode, index: number) => {
    const own =
      typeof node === 'string'
        ? undefined
        : (node.attrs['data-id'] ?? node.attrs['data-card-id'] ?? node.attrs['data-item-id'] ?? node.attrs.id);
    let id = own !== undefined && own !== '' && own.length <= 64 ? `k-${own}` : `n${index}`;
    if (used.has(id)) id = `n${index}`;
    used.add(id);
    return id;
  };
  let run: HtmlNode[] = [];
  let runStart = 0;
  const flush = () => {
    const text = run.map(textOf).join(' ').replace(/\s+/g, ' ').trim();
    if (text !== '') out.push([key('', runStart), plainText(text)]);
    run = [];
  };
  element.children.forEach((child, index) => {
    if (
      typeof child === 'string' ||
      (INLINE.has(child.tag) && child.attrs['data-action'] === undefined && !hasAction(child))
    ) {
      if (run.length === 0) runStart = index;
      run.push(child);
      return;
    }
    flush();
    if (DROPPED.has(child.tag)) return;
    const particle = mapElement(child, hooks);
    if (particle !== undefined) out.push([key(child, index), particle]);
  });
  flush();
  return out;
}

function hasAction(element: HtmlElement): boolean {
  const stack: HtmlNode[] = [...element.children];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') continue;
    if (
      n.attrs['data-action'] !== undefined ||
      n.tag === 'button' ||
      n.tag === 'input' ||
      n.tag === 'select' ||
      n.tag === 'textarea'
    )
      return true;
    stack.push(...n.children);
  }
  return false;
}

function mapElement(el: HtmlElement, hooks: MapHooks): ModelParticle | undefined {
  const action = el.attrs['data-action'];
  if (action === 'dragstart') return draggable(el, hooks);
  if (action === 'drop') return dropZone(el, hooks);
  if (HEADINGS.has(el.tag))
    return {
      text: `${'#'.repeat(Math.min(6, Math.max(2, Number(el.tag[1]) - (hooks.headingShift ?? 0))))} ${escapeMarkdown(textOf(el) || ' ')}`,
    };
  switch (el.tag) {
    case 'button':
      return button(textOf(el) || el.attrs['aria-label'] || action || 'Button', action ?? 'click', el.attrs, hooks);
    case 'ul':
    case 'ol':
      return group(
        'list',
        childrenOf({ ...el, children: el.children.filter((c) => typeof c !== 'string' || c.trim() !== '') }, hooks).map(
          ([id, p]) => [id, p] as const,
        ),
      );
    case 'img':
      return image(el);
    case 'input':
      return input(el, hooks);
    case 'textarea':
      return field('text-area', el, textOf(el), hooks);
    case 'select':
      return select(el, hooks);
    case 'table':
      return table(el);
    case 'progress':
    case 'meter':
      return group('progress', [
        ['label', plainText(el.attrs['aria-label'] || el.attrs.title || 'Progress')],
        ['value', plainText(String(Number(el.attrs.value) || 0))],
        ['max', plainText(String(Number(el.attrs.max) || (el.tag === 'meter' ? 1 : 100)))],
      ]);
    case 'hr':
      return group('divider', []);
    case 'pre':
      return group('code', [['code', plainText(textOf(el))]]);
    case 'p':
      if (!hasAction(el)) return plainText(textOf(el));
      break;
    case 'form':
      // A form never navigates: its fields and buttons are shown, `action` is ignored.
      break;
  }
  if (action !== undefined) {
    if (!hasAction(el)) return button(textOf(el) || el.attrs['aria-label'] || action, action, el.attrs, hooks);
    const children = childrenOf(el, hooks);
    children.push(['act', button(el.attrs['aria-label'] || el.attrs.title || action, action, el.attrs, hooks)]);
    return group(undefined, children);
  }
  return group(BLOCKS.get(el.attrs['data-layout'] ?? ''), childrenOf(el, hooks));
}

function button(
  label: string,
  action: string,
  attrs: Record<string, string>,
  hooks: MapHooks,
  tone?: string,
): ModelParticle {
  return group(
    'button',
    [['label', plainText(label.slice(0, 120))], ...(tone ? [['tone', plainText(tone)] as const] : [])],
    { click: () => hooks.dispatch(hooks.emits(action), dataAttributes(attrs)) },
  );
}

function dragIdOf(attrs: Record<string, string>): string {
  return attrs['data-card-id'] ?? attrs['data-item-id'] ?? attrs['data-id'] ?? attrs.id ?? '';
}

/** A draggable item: its content, then "Pick up" (or "Put back" while it is the one picked up). */
function draggable(el: HtmlElement, hooks: MapHooks): ModelParticle {
  const dragId = dragIdOf(el.attrs);
  const picked = hooks.picked() === dragId;
  const name = textOf(el).slice(0, 60) || dragId;
  const children = childrenOf(el, hooks);
  children.push([
    'pick',
    group(
      'button',
      [
        ['label', plainText(picked ? `Put back ${name}` : `Pick up ${name}`)],
        ['tone', plainText('secondary')],
      ],
      {
        click: () => {
          if (picked) return hooks.pick(undefined);
          hooks.pick(dragId);
          hooks.dispatch(hooks.emits('dragstart'), { ...dataAttributes(el.attrs), dragId });
        },
      },
    ),
  ]);
  return group(undefined, children);
}

/** A drop zone: its content, then "Move here" while something is picked up. */
function dropZone(el: HtmlElement, hooks: MapHooks): ModelParticle {
  const children = childrenOf(el, hooks);
  const dragId = hooks.picked();
  if (dragId !== undefined) {
    const name = (
      el.attrs['aria-label'] ||
      el.attrs['data-column'] ||
      el.attrs['data-zone'] ||
      textOf(el).slice(0, 30) ||
      'here'
    ).slice(0, 60);
    children.push([
      'drop',
      group('button', [['label', plainText(`Move here: ${name}`)]], {
        click: () => {
          hooks.pick(undefined);
          hooks.dispatch(hooks.emits('drop'), { ...dataAttributes(el.attrs), dragId });
        },
      }),
    ]);
  }
  return group(undefined, children);
}

function labelOf(el: HtmlElement): string {
  return (
    el.attrs['aria-label'] ||
    el.attrs.placeholder ||
    el.attrs.title ||
    el.attrs.name ||
    el.attrs.id ||
    'Field'
  ).slice(0, 120);
}

function input(el: HtmlElement, hooks: MapHooks): ModelParticle | undefined {
  const type = (el.attrs.type ?? 'text').toLowerCase();
  const action = el.attrs['data-action'];
  if (type === 'hidden') return undefined;
  if (type === 'button' || type === 'submit')
    return button(el.attrs.value || labelOf(el), action ?? type, el.attrs, hooks);
  if (type === 'checkbox' || type === 'radio') {
    return group(
      'checkbox',
      [
        ['label', plainText(labelOf(el))],
        ['checked', plainText(el.attrs.checked !== undefined ? 'true' : 'false')],
      ],
      action === undefined
        ? undefined
        : {
            change: {
              data: 'checked',
              handler: (e) =>
                hooks.dispatch(hooks.emits(action), { ...dataAttributes(el.attrs), checked: e.checked === true }),
            },
          },
    );
  }
  if (type === 'range')
    return group(
      'slider',
      [
        ['label', plainText(labelOf(el))],
        ['value', plainText(String(Number(el.attrs.value) || 0))],
        ['min', plainText(String(Number(el.attrs.min) || 0))],
        ['max', plainText(String(Number(el.attrs.max) || 100))],
      ],
      changeOn(el, hooks),
    );
  return field('text-field', el, el.attrs.value ?? '', hooks, TEXT_KINDS.has(type) ? type : undefined);
}

function changeOn(
  el: HtmlElement,
  hooks: MapHooks,
  decode: (value: string) => string = (value) => value,
): ModelGroup['on'] | undefined {
  const action = el.attrs['data-action'];
  return action === undefined
    ? undefined
    : {
        change: {
          data: 'value',
          handler: (e) =>
            hooks.dispatch(hooks.emits(action), { ...dataAttributes(el.attrs), value: decode(e.value ?? '') }),
        },
      };
}

function field(
  type: 'text-field' | 'text-area',
  el: HtmlElement,
  value: string,
  hooks: MapHooks,
  kind?: string,
): ModelParticle {
  const children: Array<readonly [string, ModelParticle]> = [['label', plainText(labelOf(el))]];
  if (kind !== undefined) children.push(['kind', plainText(kind)]);
  if (value !== '') children.push(['value', plainText(value)]);
  if (el.attrs.placeholder) children.push(['placeholder', plainText(el.attrs.placeholder.slice(0, 200))]);
  return group(type, children, changeOn(el, hooks));
}

/** The choice type's roles, from its one definition (the shell does not bundle the whole vocabulary). */
const CHOICE = rolesOfEntry(choice);

function select(el: HtmlElement, hooks: MapHooks): ModelParticle {
  const options = el.children
    .filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'option')
    .slice(0, 200);
  // The kit gives each option value an id no role of choice can take (an option "placeholder" stays an option).
  const built = optionChildren(
    CHOICE,
    options.map((o) => ({ value: o.attrs.value ?? textOf(o), label: textOf(o) || (o.attrs.value ?? '') })),
    { adapter: 'canvas' },
  );
  const children: Array<readonly [string, ModelParticle]> = [['label', plainText(labelOf(el))]];
  const selected = options
    .filter((o) => o.attrs.selected !== undefined)
    .map((o) => built.idOf(o.attrs.value ?? textOf(o)))
    .pop();
  if (selected !== undefined) children.push(['value', plainText(selected)]);
  // A repeated value is left out; the field says so rather than dropping it silently.
  if (built.issues.length > 0) children.push(['hint', plainText(built.issues.map((i) => i.message).join(' '))]);
  children.push(...built.children);
  return group('choice', children, changeOn(el, hooks, decodeChildId));
}

function image(el: HtmlElement): ModelParticle {
  const src = el.attrs.src ?? '';
  const data = /^data:([a-z]+\/[a-z0-9.+-]+)[;,]/i.exec(src)?.[1];
  const ext = /\.(png|jpe?g|gif|webp|svg|avif)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  const mime =
    data ??
    (ext === 'svg'
      ? 'image/svg+xml'
      : ext === 'jpg' || ext === 'jpeg'
        ? 'image/jpeg'
        : ext
          ? `image/${ext}`
          : 'image/png');
  return group('image', [
    ['src', { data: src, mimeType: mime }],
    ['alt', plainText(el.attrs.alt || 'image')],
  ]);
}

function table(el: HtmlElement): ModelParticle {
  const rows: string[][] = [];
  let headers: string[] = [];
  const stack: HtmlNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') continue;
    if (n.tag === 'tr') {
      const cells = n.children.filter(
        (c): c is HtmlElement => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'),
      );
      if (headers.length === 0 && rows.length === 0 && cells.every((c) => c.tag === 'th')) headers = cells.map(textOf);
      else rows.push(cells.map(textOf));
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i -= 1) stack.push(n.children[i]!);
  }
  const width = Math.max(headers.length, ...rows.map((r) => r.length), 1);
  if (headers.length === 0) headers = Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  return group('table', [
    ['data', { text: JSON.stringify({ headers, rows: rows.slice(0, 500) }), mimeType: 'application/json' }],
  ]);
}

function escapeMarkdown(text: string): string {
  // Only what is markup inside a heading line: emphasis, code, links, html, tables, strikes, closing #s.
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);
}
