import type { GroupEntry } from '../../shared/index.ts';

/**
 * Children by id in O(1), for group arrays of any width. Every array a transaction copies shares
 * its index with the array it was copied from ("a family"); the family's map only ever gains ids
 * (an append records its position), so it stays right for every array of the family:
 *
 * - an id the map lacks was never placed in any array of the family, so it is absent;
 * - a position the map gives is checked against the array before it is trusted (an older, shorter
 *   array of the family, or one a rolled-back transaction branched from, may not hold it there);
 *   a check that fails falls back to a scan, which only a rolled-back branch can cause.
 *
 * An edit that moves positions (an insert before a sibling, a removal) starts a new family for
 * the array it edits; its map is built on the first lookup. Weak: nothing here keeps an array alive.
 */
const families = new WeakMap<readonly GroupEntry[], Map<string, number>>();

function mapOf(entries: readonly GroupEntry[]): Map<string, number> {
  let map = families.get(entries);
  if (map === undefined) {
    map = new Map();
    // The first entry wins, as a scan finds it (duplicate ids cannot pass validation anyway).
    for (let i = 0; i < entries.length; i += 1) if (!map.has(entries[i]![0])) map.set(entries[i]![0], i);
    families.set(entries, map);
  }
  return map;
}

/**
 * Arrays this narrow are scanned and get no map: a scan of a few entries is cheaper than the weak
 * table's entry (a generator root of a few sections is copied by every transaction).
 */
const SCAN_WIDTH = 16;

function scan(entries: readonly GroupEntry[], id: string): number {
  for (let i = 0; i < entries.length; i += 1) if (entries[i]![0] === id) return i;
  return -1;
}

/** The position of child `id` in `entries`, or -1. */
export function childPosition(entries: readonly GroupEntry[], id: string): number {
  if (entries.length <= SCAN_WIDTH && !families.has(entries)) return scan(entries, id);
  const at = mapOf(entries).get(id);
  if (at === undefined) return -1;
  if (at < entries.length && entries[at]![0] === id) return at;
  return scan(entries, id);
}

/** The child `id` of `entries`, or undefined. */
export function childById(entries: readonly GroupEntry[], id: string): GroupEntry[1] | undefined {
  const at = childPosition(entries, id);
  return at < 0 ? undefined : entries[at]![1];
}

/**
 * `copy` holds `source`'s entries at the same positions (a slice, or an entry replaced by its own
 * id): one family. The map is built on `source` if it has none, so the next copy of the same
 * source (a tree a host keeps applying to, a retried batch) finds it instead of building its own.
 */
export function shareChildIndex(source: readonly GroupEntry[], copy: readonly GroupEntry[]): void {
  if (source.length <= SCAN_WIDTH && !families.has(source)) return;
  families.set(copy, mapOf(source));
}

/** `entries` just gained `id` at its end (a push). */
export function childAppended(entries: readonly GroupEntry[], id: string): void {
  const map = families.get(entries);
  if (map !== undefined && !map.has(id)) map.set(id, entries.length - 1);
  else if (map !== undefined) families.delete(entries);
}

/** Positions in `entries` moved (an insert before a sibling, a removal): it leaves its family. */
export function childPositionsMoved(entries: readonly GroupEntry[]): void {
  families.delete(entries);
}

/** A push of `id` at `position` onto `entries` was undone (undo-log.ts): forget the position it recorded. */
export function childAppendUndone(entries: readonly GroupEntry[], id: string, position: number): void {
  const map = families.get(entries);
  if (map !== undefined && map.get(id) === position) map.delete(id);
}
