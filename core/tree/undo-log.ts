import type { GroupEntry, GroupParticle } from '../../shared/index.ts';
import { childAppended, childAppendUndone, childPositionsMoved } from './child-index.ts';

/**
 * Wide children arrays are edited in place, with an undo log for atomic rollback, instead of being
 * copied once per transaction: a `slice()` of a list past ~16,000 entries lands in V8's large-object
 * space and cost more than everything else a streamed token does (docs/benchmarks.md, "The core at
 * any size"). Narrow arrays are still copied (a copy of a few dozen entries costs next to nothing),
 * so a tree of narrow groups keeps every snapshot intact; 256 entries, because a copy of a
 * few hundred was a tenth of a token's apply (docs/benchmarks.md) while a form or a menu stays far below.
 *
 * Only arrays this module made (a transaction's copy) are ever edited in place, never an array a
 * sender or a caller built, and only through the group object that holds it in the newest tree:
 * the previous tree's group object shares the array, so after a transaction a previous tree's wide
 * lists show the new children. Consumers of the view compare against what they show (the keyed
 * lists' records, the elements' particles), never an older tree's wide arrays.
 */

/** Children arrays at least this wide that a transaction made are edited in place by later ones. */
export const IN_PLACE_WIDTH = 256;

/**
 * The wide arrays a transaction made (copies, at least as wide as its `inPlaceWidth` when it
 * committed), which later transactions may edit in place, each with the group object holding it in
 * the newest tree: only that one may be edited through. Narrow copies are not recorded (one weak
 * entry per transaction was a tenth of a token's apply).
 */
const holders = new WeakMap<readonly GroupEntry[], GroupParticle>();

/**
 * Whether a transaction may edit `group`'s children array in place (when at least `width` wide):
 * a transaction made it and `group` holds it in the newest tree. Throws on a group of an older
 * tree whose array a later transaction edited: that tree no longer describes its own lists, and
 * a transaction built on it would lose the later one's children silently.
 */
export function editableInPlace(group: GroupParticle, width: number): boolean {
  const entries = group.group;
  const holder = holders.get(entries);
  if (holder === undefined) return false;
  if (holder !== group)
    throw new Error(
      'this tree is older than the newest one a transaction made from it (its wide ' +
        'lists were edited in place since); apply ops to the newest tree',
    );
  return entries.length >= width;
}

/**
 * What one transaction did to arrays it edits in place, undone in reverse order on rollback, and the
 * new group objects that hold them once it commits.
 */
export class UndoLog {
  /**
   * Undo steps in order, three slots each: an array, a position and the entry that stood there (a
   * `set`), or an undo function and two empty slots. A token's set is the hot case: three slots
   * allocate nothing, where a closure per set was two objects per token.
   */
  private readonly steps: unknown[] = [];
  private readonly moved: GroupParticle[] = [];
  /** Arrays this transaction edits in place (a Set: it lives for one transaction). */
  readonly arrays = new Set<GroupEntry[]>();

  /** `holder`, a copy of a group of the input tree, keeps the group's array, edited in place from now on. */
  keep(entries: GroupEntry[], holder: GroupParticle): void {
    this.arrays.add(entries);
    this.moved.push(holder);
  }

  /** `copy` holds a copy this transaction made of its group's array: a later one may edit it in place. */
  copied(copy: GroupParticle): void {
    this.moved.push(copy);
  }

  /** `entries[index] = entry`, undoably when the array is edited in place. */
  set(entries: GroupEntry[], index: number, entry: GroupEntry): void {
    if (this.arrays.has(entries)) this.steps.push(entries, index, entries[index]);
    entries[index] = entry;
  }

  /** Appends `entry` and records its position in the child index. */
  push(entries: GroupEntry[], entry: GroupEntry): void {
    entries.push(entry);
    childAppended(entries, entry[0]);
    if (!this.arrays.has(entries)) return;
    const at = entries.length - 1;
    this.undoWith(() => {
      entries.pop();
      childAppendUndone(entries, entry[0], at);
    });
  }

  /** Inserts `entry` at `index`. */
  insert(entries: GroupEntry[], index: number, entry: GroupEntry): void {
    entries.splice(index, 0, entry);
    childPositionsMoved(entries);
    if (!this.arrays.has(entries)) return;
    this.undoWith(() => {
      entries.splice(index, 1);
      childPositionsMoved(entries);
    });
  }

  /** Removes and returns the entry at `index`. */
  remove(entries: GroupEntry[], index: number): GroupEntry {
    const [entry] = entries.splice(index, 1);
    childPositionsMoved(entries);
    if (this.arrays.has(entries))
      this.undoWith(() => {
        entries.splice(index, 0, entry!);
        childPositionsMoved(entries);
      });
    return entry!;
  }

  /** Puts every array edited in place back as it was, newest edit first. */
  rollback(): void {
    const steps = this.steps;
    for (let i = steps.length - 3; i >= 0; i -= 3) {
      const target = steps[i];
      if (typeof target === 'function') (target as () => void)();
      else (target as GroupEntry[])[steps[i + 1] as number] = steps[i + 2] as GroupEntry;
    }
    steps.length = 0;
  }

  /** Records an undo step that is not a plain `set`. */
  private undoWith(undo: () => void): void {
    this.steps.push(undo, undefined, undefined);
  }

  /**
   * The transaction committed: its group objects now hold the arrays it edited in place, and its
   * copies at least `width` wide may be edited in place by the next transaction.
   */
  commit(width: number): void {
    for (const holder of this.moved)
      if (holder.group.length >= width || holders.has(holder.group)) holders.set(holder.group, holder);
  }
}
