import type { GroupParticle, Particle, TextParticle } from '../../shared/index.ts';
import type { ChildEdit, ViewChanges } from '../tree/view-changes.ts';
import { ROOT_PATH, childPath } from './child-path.ts';
import { viewShowing } from './element-registry.ts';
import type { EditPlan, KeyedList } from './keyed-entries.ts';
import { SuipGroupElement } from './suip-element.ts';
import { SuipText } from './suip-text.ts';
import type { SuipTree } from './suip-tree.ts';
import type { ViewContext } from './view-context.ts';

/**
 * Most distinct leaves plus structural edits one frame writes directly; a frame with more (many
 * streams, a burst) is shown through the tree, so the record of changes stays small.
 */
export const MAX_LEAF_WRITES = 64;

/** The streaming fast path between transactions and the view (see `createLeafWrites`). */
export interface LeafWrites {
  /**
   * A transaction changed the tree: what it did, named by `viewChanges` (the leaves it appended
   * text to, the children it inserted, moved or removed), or undefined for any other change.
   */
  changed(changes: ViewChanges | undefined): void;
  /**
   * Show `tree`, the newest merged tree, at the frame's one view update. True when every change
   * since the tree last shown was written directly; false when nothing was written and the
   * caller must set `view.root = tree` (the tree's own update, forwarding or rendering). Either
   * way `tree` is the one shown afterwards.
   */
  show(tree: GroupParticle): boolean;
}

/** The child `id` of `after`, the one it replaced in `before` (found by id: edits may have moved it), and its index in `after`. */
function childPair(before: GroupParticle, after: GroupParticle, id: string): [Particle, Particle, number] | undefined {
  const entries = after.group;
  for (let i = 0; i < entries.length; i += 1) {
    if (entries[i]![0] !== id) continue;
    const same = before.group[i];
    if (same !== undefined && same[0] === id) return [same[1], entries[i]![1], i];
    for (const [was, particle] of before.group) if (was === id) return [particle, entries[i]![1], i];
    return undefined;
  }
  return undefined;
}

/** A keyed list edited this frame: its element, its plan, the edits and the group's children afterwards. */
interface ListPlan {
  element: SuipGroupElement;
  list: KeyedList;
  plan: EditPlan;
  edits: ChildEdit[];
  after: GroupParticle;
}

/** What one frame writes: each group with its new particle and changed children, each edited list, each leaf with its new text. */
interface Plan {
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
function walk(context: ViewContext, before: GroupParticle, after: GroupParticle, path: readonly string[], plan: Plan): WalkEnd | 'new' | undefined {
  let groupBefore = before;
  let groupAfter = after;
  let at = ROOT_PATH;
  for (let depth = 0; depth < path.length; depth += 1) {
    const id = path[depth]!;
    const edited = plan.lists.get(at);
    if (edited?.plan.fresh.has(id) === true) return 'new';
    const pair = childPair(groupBefore, groupAfter, id);
    // A child an edited list removed later in the frame: nothing of it is left to write.
    if (pair === undefined) return edited !== undefined && !groupAfter.group.some(([child]) => child === id) ? 'new' : undefined;
    const [was, now, index] = pair;
    if (depth > 0 && was !== now) {
      const element = viewShowing(context, at, groupBefore);
      if (!(element instanceof SuipGroupElement) || !element.forwardsChild(id)) return undefined;
      let entry = plan.groups.get(element);
      if (entry === undefined) plan.groups.set(element, (entry = { particle: groupAfter, changed: new Map() }));
      entry.changed.set(id, [now, index]);
    }
    at = childPath(at, id);
    if (depth === path.length - 1) return { was, now, index, at };
    if (!('group' in was) || !('group' in now) || was.type !== now.type) return undefined;
    groupBefore = was;
    groupAfter = now;
  }
  return undefined;
}

/** Plans the structural edits of the group at merged-tree `parent`: false when they must be rendered. */
function planEdits(context: ViewContext, before: GroupParticle, after: GroupParticle, parent: readonly string[], edits: ChildEdit[], plan: Plan): boolean {
  const end = walk(context, before, after, parent, plan);
  if (end === 'new') return true;
  if (end === undefined) return false;
  const { was, now, at } = end;
  if (!('group' in was) || !('group' in now) || was.type !== now.type || was.on !== now.on) return false;
  const element = viewShowing(context, at, was);
  if (!(element instanceof SuipGroupElement)) return false;
  const list = element.editableList();
  const planned = list?.planEdits(edits, now.group);
  if (list === undefined || planned === undefined) return false;
  plan.lists.set(at, { element, list, plan: planned, edits, after: now });
  const entry = plan.groups.get(element);
  if (entry === undefined) plan.groups.set(element, { particle: now, changed: new Map() });
  return entry === undefined || entry.particle === now;
}

/** Plans the write of the leaf at merged-tree `path`: false when it must be rendered. */
function planLeaf(context: ViewContext, before: GroupParticle, after: GroupParticle, path: readonly string[], plan: Plan): boolean {
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
 * The streaming fast path (issue 31): a frame whose transactions only appended text to leaves on
 * screen and inserted, moved or removed children of plain keyed lists on screen is shown by
 * writing exactly that — a plain paragraph gets one `Text.appendData` (`SuipText.writeParticle`),
 * a list gets its new child's part inserted, its removed one dropped, its moved one moved
 * (`KeyedList.applyEdits`, no pass over its other children) — while every group on their paths,
 * `<suip-tree>` included, takes its new particle and updates its records (the tree's shown mounts,
 * each keyed list's ids and shown particles) without an update. The general path reaches the same
 * DOM through one Lit update per group down the path (tree, mount, list, item), the list's being a
 * keyed pass over all its children. A replacement, a slot, a template that reads the children, a
 * leaf or list not built yet: anything else goes through the tree as before, whose records are
 * then exact, so it forwards rather than rebuilds. All or nothing: a frame is planned whole before
 * anything is written.
 */
export function createLeafWrites(view: SuipTree, context: ViewContext): LeafWrites {
  let shown: GroupParticle | undefined;
  // The leaves appended to since `shown` (by a key of their path) and the edits, in order; undefined: something else changed.
  let pending: { leaves: Map<string, readonly string[]>; edits: ChildEdit[] } | undefined;
  const overflow = (): boolean => pending!.leaves.size + pending!.edits.length > MAX_LEAF_WRITES;
  return {
    changed(changes) {
      if (changes === undefined || pending === undefined) {
        pending = undefined;
        return;
      }
      for (const path of changes.leaves) pending.leaves.set(JSON.stringify(path), path);
      for (const edit of changes.edits) pending.edits.push(edit);
      if (overflow()) pending = undefined;
    },
    show(tree) {
      const before = shown;
      const changes = pending;
      shown = tree;
      pending = { leaves: new Map(), edits: [] };
      if (before === undefined || changes === undefined || before === tree || changes.leaves.size + changes.edits.length === 0) return false;
      const adoptRoot = view.adoptionFor(tree);
      if (adoptRoot === undefined) return false;
      const plan: Plan = { groups: new Map(), lists: new Map(), leaves: new Map() };
      if (changes.edits.length > 0) {
        // By group, shallower groups first: a child a list builds anew needs nothing planned below it.
        const byParent = new Map<string, { parent: readonly string[]; edits: ChildEdit[] }>();
        for (const edit of changes.edits) {
          const key = JSON.stringify(edit.parent);
          let entry = byParent.get(key);
          if (entry === undefined) byParent.set(key, (entry = { parent: edit.parent, edits: [] }));
          entry.edits.push(edit);
        }
        const groups = [...byParent.values()].sort((a, b) => a.parent.length - b.parent.length);
        for (const { parent, edits } of groups) if (!planEdits(context, before, tree, parent, edits, plan)) return false;
      }
      for (const path of changes.leaves.values()) if (!planLeaf(context, before, tree, path, plan)) return false;
      let fresh = 0;
      for (const { element, plan: planned, after } of plan.lists.values()) {
        fresh += planned.fresh.size;
        // A moved child whose particle changed too must be handed its new one by a planned write.
        for (const [id, { shown: particle, index }] of planned.moved) {
          if (after.group[index]![1] !== particle && plan.groups.get(element)?.changed.has(id) !== true) return false;
        }
      }
      // New children are built as the renderer's budget allows; a frame that cannot build them all is rendered (and sliced).
      if (fresh > 0 && context.budget !== undefined && context.budget.grant(fresh) < fresh) return false;
      adoptRoot();
      for (const { list, edits, after } of plan.lists.values()) list.applyEdits(edits, after.group);
      for (const [element, { particle, changed }] of plan.groups) element.adoptParticle(particle, changed);
      for (const [leaf, particle] of plan.leaves) leaf.writeParticle(particle);
      return true;
    },
  };
}
