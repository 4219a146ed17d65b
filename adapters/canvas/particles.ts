import type { HandlerSpec, ModelGroup, ModelParticle } from '../../generator/kit.ts';
import { CANVAS_LIMITS } from '../../shared/neighbours/canvas/limits.ts';
import { plainText } from '../kit/text.ts';

/** A child entry of a group. */
export type Child = readonly [string, ModelParticle];

/** Plain text (never markdown: canvas data is data, not markup). */
export const plain = (value: unknown): ModelParticle => plainText(toText(value));

/** A typed group; children whose particle is undefined are left out. */
export function g(
  type: string | undefined,
  children: ReadonlyArray<readonly [string, ModelParticle | undefined]>,
  on?: ModelGroup['on'],
): ModelGroup {
  const group: ModelGroup = { group: children.filter((c): c is Child => c[1] !== undefined) };
  if (type !== undefined) group.type = type;
  if (on !== undefined) group.on = on;
  return group;
}

/** Plain text when the value is present (not undefined, null or ""), else undefined. */
export function opt(value: unknown): ModelParticle | undefined {
  return value === undefined || value === null || value === '' ? undefined : plain(value);
}

/** Any JSON value as the text a person reads (numbers and booleans as written, objects as JSON). */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** A finite number from a number or numeric string, else the fallback. */
export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** The array at `value` (bounded by maxItems), or [] when it is not an array. */
export function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, CANVAS_LIMITS.maxItems) : [];
}

/** A field of an item that may be an object (`{label}`) or the value itself. */
export function field(item: unknown, key: string): unknown {
  return typeof item === 'object' && item !== null && !Array.isArray(item)
    ? (item as Record<string, unknown>)[key]
    : undefined;
}

/** Child ids for list items: `item.id` when it is a usable, unique id, else the index (keeps the keyed diff stable). */
export function itemIds(list: readonly unknown[], prefix = 'i'): string[] {
  const seen = new Set<string>();
  return list.map((item, index) => {
    const own = field(item, 'id');
    const id =
      typeof own === 'string' || typeof own === 'number'
        ? `${prefix}-${String(own).slice(0, 64)}`
        : `${prefix}${index}`;
    if (seen.has(id) || id === 'title' || id === 'label') return `${prefix}${index}`;
    seen.add(id);
    return id;
  });
}

/** Color words → the host's tones (the seed's colors are free; the host owns the palette). */
export function toneOf(color: unknown): string {
  const word = toText(color).toLowerCase();
  if (/green|success|ok|online|up|healthy/.test(word)) return 'success';
  if (/red|error|danger|fail|down|critical/.test(word)) return 'error';
  if (/yellow|orange|amber|warn/.test(word)) return 'warning';
  if (/blue|info|cyan/.test(word)) return 'info';
  return 'neutral';
}

/** A button style word → a vocabulary button tone. */
export function buttonTone(style: unknown): string {
  const word = toText(style).toLowerCase();
  if (word === 'danger' || word === 'destructive') return 'danger';
  if (word === 'secondary' || word === 'ghost' || word === 'outline' || word === 'link') return 'secondary';
  return 'primary';
}

/** A handler spec for local generator rendering. */
export type On = Partial<Record<'click' | 'change' | 'submit' | 'input', HandlerSpec>>;
