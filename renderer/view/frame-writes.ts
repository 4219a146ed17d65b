import type { GroupEntry, GroupParticle, Particle, TextParticle } from '../../shared/index.ts';
import type { ViewChanges } from '../../core/tree/view-changes.ts';
import { ROOT_PATH, childPath } from './child-path.ts';
import { viewAt, viewShowing } from './element-registry.ts';
import type { KeyedList } from './keyed-entries.ts';
import { applyFrameEdits, planFrameEdits, type ChildEdit } from './list-edits.ts';
import { SuipGroupElement } from './suip-element.ts';
import { SuipText } from './suip-text.ts';
import type { SuipTree } from './suip-tree.ts';
import type { ViewContext } from './view-context.ts';

/**
 * The planning and writing half of the streaming fast path (leaf-writes.ts), loaded once a view
 * has shown its first tree, so the core entry carries none of it: it is never needed for a first
 * paint, and a frame shown before it loads goes through the tree as every frame did before.
 */

/**
 * Where child paths were last found in their group, by the memoised path (child-path.ts): a
 * stream appends to one item for many tokens, and finding it again by scanning a 1,000-entry group
 * from the start was the frame's largest JavaScript after the append itself. Only a hint: the
 * entry found there is checked against the id, and a miss scans as before.
 */
const lastIndex = new WeakMap<readonly string[], number>();

/**
 * The index of child `id` in `entries`, trying `hint` and its neighbours (an insert or removal before it shifts it by
 * one) first.
 */
function indexOf(entries: readonly GroupEntry[], id: string, hint: number | undefined): number {
  // Ids are unique in a validated group, so the entry with the id is the child wherever it is found.
  if (hint !== undefined) {
    if (entries[hint]?.[0] === id) return hint;
    if (entries[hint + 1]?.[0] === id) return hint + 1;
    if (entries[hint - 1]?.[0] === id) return hint - 1;
  }
  for (let i = 0; i < entries.length; i += 1) if (entries[i]![0] === id) return i;
  return -1;
}

/**
 * The child `id` of `after`, the one it replaced in `before` (found by id: edits may have moved it),
 * and its index in `after`; `at` is the child's memoised path. When both share one children array
 * (a wide list edited in place, core/tree/undo-log.ts), `before` no longer says what was shown:
 * the particle is the one the element at `at` shows (none: the frame is rendered).
 */
function childPair(
  context: ViewContext,
  before: GroupParticle,
  after: GroupParticle,
  id: string,
  at: readonly string[],
): [Particle, Particle, number] | undefined | 'unknown' {
  const i = indexOf(after.group, id, lastIndex.get(at));
  if (i < 0) return undefined;
  lastIndex.set(at, i);
  const now = after.group[i]![1];
  if (before.group === after.group) {
    const shown = viewAt(context, at)?.particle;
    return shown === undefined ? 'unknown' : [shown, now, i];
  }
  const same = before.group[i];
  if (same !== undefined && same[0] === id) return [same[1], now, i];
  const was = indexOf(before.group, id, i);
  return was < 0 ? undefined : [before.group[was]![1], now, i];
}

/**
 * A keyed list edited this frame (list-edits.ts): its element, the edits, the group afterwards, and what the plan
 * found.
 */
export interface ListPlan {
  element: SuipGroupElement;
  list: KeyedList;
  edits: ChildEdit[];
  after: GroupParticle;
  /** Children built anew by the edits. */
  fresh: ReadonlySet<string>;
  /** Children moved by the edits, with the particle each shows and its final index. */
  moved: ReadonlyMap<string, { shown: Particle; index: number }>;
}

/**
 * What one frame writes: each group with its new particle and changed children, each edited list, each leaf with its
 * new text.
 */
export interface Plan {
  groups: Map<SuipGroupElement, { particle: GroupParticle; changed: Map<string, readonly [Particle, number]> }>;
  /** By the (memoised) path of the edited group. */
  lists: Map<readonly string[], ListPlan>;
  leaves: Map<SuipText, TextParticle>;
}

/** The end of a walk: the particle before and after at `path`, its index in its group, and the memoised path. */
type WalkEnd = { was: Particle; now: Particle; index: number; at: readonly string[] };

/**
 * Walks `path` from `before` and `after`, planning every group on the way that hands its changed
 * child down (it must be on screen and forward that child, `SuipGroupElement.forwardsChild`; the
 * merged root is `<suip-tree>`'s, checked once by `adoptionFor`). `'new'` when a list edited this
 * frame builds a child on the path anew (it is rendered whole with its final particle) or removed
 * it, so nothing below it needs writing; undefined when the frame cannot be written directly.
 */
export function walk(
  context: ViewContext,
  before: GroupParticle,
  after: GroupParticle,
  path: readonly string[],
  plan: Plan,
): WalkEnd | 'new' | undefined {
  let groupBefore = before;
  let groupAfter = after;
  let at = ROOT_PATH;
  for (let depth = 0; depth < path.length; depth += 1) {
    const id = path[depth]!;
    const edited = plan.lists.get(at);
    if (edited?.fresh.has(id) === true) return 'new';
    const next = childPath(at, id);
    const pair = childPair(context, groupBefore, groupAfter, id, next);
    if (pair === 'unknown') return undefined;
    // A child an edited list removed later in the frame: nothing of it is left to write.
    if (pair === undefined)
      return edited !== undefined && !groupAfter.group.some(([child]) => child === id) ? 'new' : undefined;
    const [was, now, index] = pair;
    if (depth > 0 && was !== now) {
      const element = viewShowing(context, at, groupBefore);
      if (!(element instanceof SuipGroupElement) || !element.forwardsChild(id)) return undefined;
      let entry = plan.groups.get(element);
      if (entry === undefined) plan.groups.set(element, (entry = { particle: groupAfter, changed: new Map() }));
      entry.changed.set(id, [now, index]);
    }
    at = next;
    if (depth === path.length - 1) return { was, now, index, at };
    if (!('group' in was) || !('group' in now) || was.type !== now.type) return undefined;
    groupBefore = was;
    groupAfter = now;
  }
  return undefined;
}

/** Plans the write of the leaf at merged-tree `path`: false when it must be rendered. */
function planLeaf(
  context: ViewContext,
  before: GroupParticle,
  after: GroupParticle,
  path: readonly string[],
  plan: Plan,
): boolean {
  const end = walk(context, before, after, path, plan);
  if (end === 'new') return true;
  if (end === undefined) return false;
  const { was, now, at } = end;
  if (!('text' in was) || !('text' in now)) return false;
  if (was === now) return true;
  const leaf = viewShowing(context, at, was);
  if (!(leaf instanceof SuipText)) return false;
  plan.leaves.set(leaf, now);
  return true;
}

/**
 * Shows the change from `before` to `after` by writing exactly what `leaves` and `edits` name (see
 * `createLeafWrites`). True when written; false when nothing was written and the caller must
 * render `after` through the tree. All or nothing: the frame is planned whole first.
 */
export function writeFrame(
  view: SuipTree,
  context: ViewContext,
  before: GroupParticle,
  after: GroupParticle,
  leaves: Iterable<readonly string[]>,
  edits: readonly ViewChanges[],
): boolean {
  const adoptRoot = view.adoptionFor(after);
  if (adoptRoot === undefined) return false;
  const plan: Plan = { groups: new Map(), lists: new Map(), leaves: new Map() };
  if (edits.length > 0 && !planFrameEdits(context, before, after, edits, plan)) return false;
  for (const path of leaves) if (!planLeaf(context, before, after, path, plan)) return false;
  if (!applyFrameEdits(context, plan, adoptRoot)) return false;
  for (const [element, { particle, changed }] of plan.groups) element.adoptParticle(particle, changed);
  for (const [leaf, particle] of plan.leaves) leaf.writeParticle(particle);
  return true;
}
