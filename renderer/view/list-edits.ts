import type { ChildPart } from 'lit/directive.js';
import { setChildPartValue } from 'lit/directive-helpers.js';
import { Method, type GroupEntry, type GroupParticle, type Particle } from '../../shared/index.ts';
import type { ViewChanges } from '../../core/tree/view-changes.ts';
import { viewShowing } from './element-registry.ts';
import { keyedListsOf, type KeyedList } from './keyed-entries.ts';
import { walk, type ListPlan, type Plan } from './frame-writes.ts';
import { SuipGroupElement } from './suip-element.ts';
import type { ViewContext } from './view-context.ts';

/**
 * Structural edits applied to a keyed list directly (issue 31, item 1): the streaming fast path's
 * part for inserts, removals and moves, loaded with frame-writes.ts (leaf-writes.ts), so
 * the core entry carries none of it. A list's keyed render compares all of its children; a frame's
 * edits name exactly the children that changed, so here an insert creates one child part, a
 * removal drops one, a move moves one, and the list's records (ids, shown particles, the entries
 * it shows) are updated in step: the next render, direct or keyed, compares against the screen.
 */

/** One change of a group's children, in op order, with the group's merged-tree path. */
export type ChildEdit =
  | { kind: 'remove'; parent: readonly string[]; id: string }
  /**
   * `before` undefined: added as the last child. `moved`: re-inserts the child removed earlier in its transaction (same
   * particle, same DOM node).
   */
  | { kind: 'insert'; parent: readonly string[]; id: string; before: string | undefined; moved: boolean };

/** The structural ops of `changes` (`ViewChanges.edits`) as child edits, in order. */
export function childEdits(changes: readonly ViewChanges[]): ChildEdit[] {
  const out: ChildEdit[] = [];
  for (const { generatorId, edits } of changes) {
    for (const op of edits) {
      if (op.method === Method.remove) {
        const path = op.params.path;
        out.push({ kind: 'remove', parent: [generatorId, ...path.slice(0, -1)], id: path[path.length - 1]! });
      } else if (op.method === Method.insert) {
        out.push({
          kind: 'insert',
          parent: [generatorId, ...op.params.path],
          id: op.params.id,
          before: op.params.before,
          moved: op.params.particle === undefined,
        });
      } else if (op.method === Method.append && 'id' in op.params) {
        out.push({
          kind: 'insert',
          parent: [generatorId, ...op.params.path],
          id: op.params.id,
          before: undefined,
          moved: op.params.particle === undefined,
        });
      }
    }
  }
  return out;
}

/** The placeholder of a part `applyListEdits` inserted, until all the frame's edits are placed. */
const UNSET: Particle = { text: '' };

/** What a frame's edits of one keyed list do, checked before anything is written. */
export interface EditPlan {
  /** The children the edits build anew (each asks the build budget; nothing below them needs writing). */
  fresh: Set<string>;
  /** Children moved by the edits (same part), with the particle each shows and its final index. */
  moved: Map<string, { shown: Particle; index: number }>;
}

/**
 * Checks `edits` against what `list` shows, on copies of its records (native slices and splices;
 * no template or part is touched): undefined unless, applied in order, they give exactly the ids of
 * `after`, every removed id was shown, every moved one removed before in the frame.
 */
export function planListEdits(
  list: KeyedList,
  edits: readonly ChildEdit[],
  after: readonly GroupEntry[],
): EditPlan | undefined {
  const keys = list.keys.slice();
  const particles = list.particles.slice();
  const removed = new Map<string, Particle>();
  const movedIds = new Set<string>();
  for (const edit of edits) {
    if (edit.kind === 'remove') {
      const at = keys.indexOf(edit.id);
      if (at < 0) return undefined;
      keys.splice(at, 1);
      removed.set(edit.id, particles.splice(at, 1)[0]!);
      continue;
    }
    if (keys.includes(edit.id)) return undefined;
    const at = edit.before === undefined ? keys.length : keys.indexOf(edit.before);
    if (at < 0) return undefined;
    let shown = UNSET;
    if (edit.moved) {
      const was = removed.get(edit.id);
      if (was === undefined) return undefined;
      removed.delete(edit.id);
      shown = was;
      if (was !== UNSET) movedIds.add(edit.id);
    }
    keys.splice(at, 0, edit.id);
    particles.splice(at, 0, shown);
  }
  // SECURITY: the DOM must equal the tree; edits that do not give exactly the group's ids are
  // shown through a keyed render instead.
  if (keys.length !== after.length) return undefined;
  for (let i = 0; i < keys.length; i += 1) if (keys[i] !== after[i]![0]) return undefined;
  const fresh = new Set<string>();
  const moved = new Map<string, { shown: Particle; index: number }>();
  for (let i = 0; i < keys.length; i += 1) {
    if (particles[i] === UNSET) fresh.add(keys[i]!);
    else if (movedIds.has(keys[i]!)) moved.set(keys[i]!, { shown: particles[i]!, index: i });
  }
  return { fresh, moved };
}

/** Applies `edits`, planned against `after` (`planListEdits`), to the DOM and to the list's records. */
export function applyListEdits(list: KeyedList, edits: readonly ChildEdit[], after: readonly GroupEntry[]): void {
  const parts = list.childParts();
  const { keys, particles } = list;
  const stash = new Map<string, [ChildPart, Particle]>();
  for (const edit of edits) {
    if (edit.kind === 'remove') {
      const at = keys.indexOf(edit.id);
      const [gone] = parts.splice(at, 1);
      keys.splice(at, 1);
      const [shown] = particles.splice(at, 1);
      const earlier = stash.get(edit.id);
      if (earlier !== undefined) list.dropChild(earlier[0]);
      // Kept in the DOM until the frame's edits are placed: a move re-inserts this part.
      stash.set(edit.id, [gone!, shown!]);
      continue;
    }
    const at = edit.before === undefined ? keys.length : keys.indexOf(edit.before);
    const moving = edit.moved ? stash.get(edit.id) : undefined;
    if (moving !== undefined) stash.delete(edit.id);
    // A move goes through the container's `insertBefore`, which `enableAtomicMoves` made a
    // `moveBefore`: the element keeps focus, caret and typed input.
    parts.splice(at, 0, list.placePart(parts[at], moving?.[0]));
    keys.splice(at, 0, edit.id);
    particles.splice(at, 0, moving?.[1] ?? UNSET);
  }
  for (const [gone] of stash.values()) list.dropChild(gone);
  list.settleParts(parts);
  // New children get the particle the group holds at the end of the frame (later tokens included).
  for (let i = 0; i < keys.length; i += 1) {
    if (particles[i] !== UNSET) continue;
    const [id, child] = after[i]!;
    setChildPartValue(parts[i]!, list.childValue(id, child));
    particles[i] = child;
  }
  list.source = after;
  list.complete = true;
}

/**
 * Plans a frame's structural edits, group by group, shallower groups first (a child a list builds
 * anew needs nothing planned below it): each edited group must be on screen with an editable list
 * (`SuipGroupElement.editableList`), every group above it must hand its child down, and the edits
 * must give exactly the group's new children. False when the frame must be rendered.
 */
export function planFrameEdits(
  context: ViewContext,
  before: GroupParticle,
  after: GroupParticle,
  changes: readonly ViewChanges[],
  plan: Plan,
): boolean {
  const edits = childEdits(changes);
  const byParent = new Map<string, { parent: readonly string[]; edits: ChildEdit[] }>();
  for (const edit of edits) {
    const key = JSON.stringify(edit.parent);
    let entry = byParent.get(key);
    if (entry === undefined) byParent.set(key, (entry = { parent: edit.parent, edits: [] }));
    entry.edits.push(edit);
  }
  for (const { parent, edits: mine } of [...byParent.values()].sort((a, b) => a.parent.length - b.parent.length)) {
    const end = walk(context, before, after, parent, plan);
    if (end === 'new') continue;
    if (end === undefined) return false;
    const { was, now, at } = end;
    if (!('group' in was) || !('group' in now) || was.type !== now.type || was.on !== now.on) return false;
    const element = viewShowing(context, at, was);
    if (!(element instanceof SuipGroupElement)) return false;
    const list = editableList(element);
    const planned = list === undefined ? undefined : planListEdits(list, mine, now.group);
    if (list === undefined || planned === undefined) return false;
    const listPlan: ListPlan = { list, fresh: planned.fresh, edits: mine, after: now, element, moved: planned.moved };
    plan.lists.set(at, listPlan);
    const entry = plan.groups.get(element);
    if (entry === undefined) plan.groups.set(element, { particle: now, changed: new Map() });
    else if (entry.particle !== now) return false;
  }
  return true;
}

/**
 * The last checks once leaves are planned too: a moved child whose particle changed as well must be
 * handed its new one by a planned write, and the new children must fit the renderer's build
 * budget (a frame that cannot build them all is rendered, and so sliced). Then the edits are
 * applied; false (nothing written) when the frame must be rendered.
 */
export function applyFrameEdits(context: ViewContext, plan: Plan, adoptRoot: () => void): boolean {
  let fresh = 0;
  for (const { element, fresh: made, moved, after } of plan.lists.values()) {
    fresh += made.size;
    for (const [id, { shown, index }] of moved as EditPlan['moved']) {
      if (after.group[index]![1] !== shown && plan.groups.get(element)?.changed.has(id) !== true) return false;
    }
  }
  if (fresh > 0 && context.budget !== undefined && context.budget.grant(fresh) < fresh) return false;
  adoptRoot();
  for (const { list, edits, after } of plan.lists.values()) applyListEdits(list, edits, after.group);
  return true;
}

/**
 * Whether a class's render after the first depends on nothing but its template (no `updated`/`willUpdate` hook of its
 * own; memoised per class).
 */
const hookless = new WeakMap<object, boolean>();

/**
 * The keyed list through which `element` shows all of its children, when a change of those
 * children may be applied to that list directly, with no update of the element: it forwards
 * (`forwardsChild`: it has rendered, no update is waiting, its class keeps the particle accessor
 * and forwarding rule), its template read no child itself, it renders exactly one keyed list, of
 * its whole group (that array, all built, unwrapped, on screen), and its class reacts to no
 * update (no `updated` or `willUpdate` of its own: a conversation that scrolls to a new message
 * must render). Undefined otherwise: the change is rendered.
 */
function editableList(element: SuipGroupElement): KeyedList | undefined {
  const shown = element.particle;
  if (!Array.isArray(shown?.group) || !element.readsNoChild() || !element.forwardsChild('')) return undefined;
  const type = element.constructor;
  let plain = hookless.get(type);
  if (plain === undefined) {
    const proto = type.prototype as { updated: unknown; willUpdate: unknown };
    const base = SuipGroupElement.prototype as unknown as { updated: unknown; willUpdate: unknown };
    plain = proto.updated === base.updated && proto.willUpdate === base.willUpdate;
    hookless.set(type, plain);
  }
  if (!plain) return undefined;
  let found: KeyedList | undefined;
  for (const list of keyedListsOf(element) ?? []) {
    if (!list.onScreen) continue;
    if (found !== undefined) return undefined;
    found = list;
  }
  const entries = shown.group;
  return found !== undefined && found.source === entries && found.complete && !found.wrapped && !found.waiting
    ? found
    : undefined;
}
