import { noChange, type TemplateResult } from 'lit';
import { Directive, PartType, directive, type ChildPart, type PartInfo } from 'lit/directive.js';
import {
  getCommittedValue,
  insertPart,
  removePart,
  setChildPartValue,
  setCommittedValue,
} from 'lit/directive-helpers.js';
import type { GroupEntry, Particle } from '../../shared/index.ts';
import { markLongestIncreasing } from '../../shared/lis.ts';
import { enableAtomicMoves } from './atomic-moves.ts';
import { childPath } from './child-path.ts';
import { CHUNKED_ABOVE, ListChunks } from './list-chunks.ts';
import type { BuildBudget } from './build-budget.ts';
import { BuildGrant } from './build-grant.ts';
import { sameElementKind } from './forward-children.ts';
import type { ViewContext } from './view-context.ts';
import { renderParticle } from './particle-template.ts';

/** Wraps a child's element in the parent's own markup (a list item); may read the id, never the child. */
export type WrapEntry = (inner: TemplateResult, id: string) => TemplateResult;

/** The keyed lists each host element renders, so a group that adopts a new particle can update their records. */
const listsOf = new WeakMap<object, Set<KeyedEntriesDirective>>();

/**
 * What a structural edit applied directly (list-edits.ts, loaded on first use) reads and keeps
 * exact: the ids and particles the list shows, in order, the part it renders into, and how it
 * builds a child. Nothing else may write these.
 */
export interface KeyedList {
  readonly keys: string[];
  readonly particles: Particle[];
  readonly part: ChildPart | undefined;
  source: readonly GroupEntry[] | undefined;
  /**
   * The list shows every entry of `source` as it was when last rendered or edited (none deferred
   * by the budget, no duplicate skipped). Its length is not compared with `source`'s: a wide list's
   * array is edited in place (core/tree/undo-log.ts), so it may hold the next frame's children already.
   */
  complete: boolean;
  /** The last render wrapped each child in the parent's markup. */
  readonly wrapped: boolean;
  /** Children wait for a later render to be built (build-budget.ts). */
  readonly waiting: boolean;
  /** The part is in the document. */
  readonly onScreen: boolean;
  /** The template of child `id` showing `child`, as this list's last render built it. */
  childValue(id: string, child: Particle): TemplateResult;
  /** The children's parts, in order. */
  childParts(): ChildPart[];
  /** Creates a child's part (no `item`) or moves `item`, before `next` (undefined: last). */
  placePart(next: ChildPart | undefined, item?: ChildPart): ChildPart;
  /** Removes a child's part. */
  dropChild(item: ChildPart): void;
  /** Ends an edit: `parts` are the children's parts in order. */
  settleParts(parts: ChildPart[]): void;
}

/** What one render of a keyed list works with: where it renders, how it builds a child, what it may build. */
interface Pass {
  readonly part: ChildPart;
  readonly parent: readonly string[];
  readonly context: ViewContext;
  readonly wrap: WrapEntry | undefined;
  /** An old child's part may be kept as it is when it shows the same particle (same path, no wrap). */
  readonly reuse: boolean;
  readonly grant: BuildGrant;
}

/** Entries without later duplicates of an id (they cannot pass validation; if one arrives it is skipped). */
function unique(entries: readonly GroupEntry[]): readonly GroupEntry[] {
  const seen = new Set<string>();
  let out: GroupEntry[] | undefined;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (!seen.has(entry[0])) {
      seen.add(entry[0]);
      out?.push(entry);
    } else out ??= entries.slice(0, i);
  }
  return out ?? entries;
}

/**
 * A group's children as child parts keyed by id, doing only the work a streamed UI needs. Lit's
 * `repeat` calls the template function for every child and sets every child part on every render;
 * for a 1,000-item list that received one insert, removal or move, that walk was the largest view
 * cost per token (docs/benchmarks.md, case 3). Here a child whose particle (and so its cached
 * template, `renderParticle`) is the one already shown is skipped without building anything, so
 * an edit costs one identity comparison per child plus the DOM work of the few children it
 * touched. The reorder is the generator diff's (`generator/diff/diff-children.ts`): the common
 * head and tail are kept, and in the middle the children on a longest increasing run of old
 * positions stay while every other one moves, the fewest moves there are. Moves go through
 * `enableAtomicMoves`, so a moved element keeps focus and caret. With a `wrap`, every child is set
 * again (a wrapper may read its parent's state, e.g. a selected tab).
 */
class KeyedEntriesDirective extends Directive implements KeyedList {
  keys: string[] = [];
  particles: Particle[] = [];
  private parent: readonly string[] | undefined;
  private context: ViewContext | undefined;
  /** A later render is scheduled to build the children this one had no budget for. */
  waiting = false;
  /** The part this list renders into (for `adoptKeyedChild`: is it still on screen). */
  part: ChildPart | undefined;
  /** The entries array the last render was given (a group's own `group` array when it shows all its children). */
  source: readonly GroupEntry[] | undefined;
  /** The last render had a `wrap` (the parent's markup around each child). */
  wrapped = false;
  /** Every entry of `source` is shown (see `KeyedList.complete`). */
  complete = false;
  /** A long list's chunks (list-chunks.ts); undefined while the children are the part's own. */
  private chunks: ListChunks | undefined;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('keyedEntries() only works in child position');
  }

  render(
    entries: readonly GroupEntry[],
    parent: readonly string[],
    context: ViewContext,
    wrap?: WrapEntry,
    _whole?: boolean,
  ): unknown {
    return unique(entries).map(([id, child]) => this.value(id, child, parent, context, wrap));
  }

  childValue(id: string, child: Particle): TemplateResult {
    return this.value(id, child, this.parent!, this.context!, undefined);
  }

  private value(
    id: string,
    child: Particle,
    parent: readonly string[],
    context: ViewContext,
    wrap: WrapEntry | undefined,
  ): TemplateResult {
    const inner = renderParticle(child, childPath(parent, id), context);
    return wrap ? wrap(inner, id) : inner;
  }

  override update(
    part: ChildPart,
    [entries, parent, context, wrap, whole]: [
      readonly GroupEntry[],
      readonly string[],
      ViewContext,
      WrapEntry | undefined,
      boolean | undefined,
    ],
  ): unknown {
    const container = part.parentNode;
    if (container) enableAtomicMoves(container);
    if (this.part !== part) this.track(part);
    this.source = entries;
    this.wrapped = wrap !== undefined;
    // Crossing the chunking threshold either way re-lays every child (rare: a list that long is built once).
    if ((this.chunks !== undefined) !== entries.length > CHUNKED_ABOVE)
      this.relay(part, entries.length > CHUNKED_ABOVE);
    const committed = this.chunks?.items ?? getCommittedValue(part);
    // New elements are built as the renderer's budget allows (build-budget.ts); what waits is
    // built by a later render of the host element, which calls this again with its newest entries.
    // `whole`: the parent's own markup refers to every child (tabs: aria-controls), so all of them
    // are built at once.
    const pass: Pass = {
      part,
      parent,
      context,
      wrap,
      // An old child's part may be kept as it is when it shows the same particle at the same path.
      reuse: wrap === undefined && parent === this.parent && context === this.context,
      grant: new BuildGrant(whole === true ? undefined : context.budget),
    };
    this.parent = parent;
    this.context = context;
    const oldParts = Array.isArray(committed) ? (committed as ChildPart[]) : undefined;
    // The common case of a stream: the same ids in the same order, one or a few children changed.
    if (oldParts !== undefined && oldParts.length === entries.length && sameKeys(this.keys, entries)) {
      this.complete = true;
      this.setInPlace(entries, oldParts, pass);
      return this.done(pass);
    }
    const oldKeys = this.keys;
    const oldParticles = this.particles;
    const items = pass.grant.admit(unique(entries), oldKeys);
    this.keys = items.map(([id]) => id);
    this.particles = items.map(([, child]) => child);
    this.complete = this.keys.length === entries.length;
    if (oldParts === undefined) {
      this.done(pass);
      return items.map(([id, child]) => this.value(id, child, parent, context, wrap));
    }
    this.reorder(oldParts, oldKeys, oldParticles, pass);
    return this.done(pass);
  }

  /** Registers this list with its host (for `adoptKeyedChildren`) when it renders into a new part. */
  private track(part: ChildPart): void {
    this.part = part;
    const host = part.options?.host;
    if (host === undefined) return;
    let lists = listsOf.get(host);
    if (lists === undefined) listsOf.set(host, (lists = new Set()));
    // A host whose template keeps replacing its lists would hold every old one: drop those off
    // screen. (A list of a template being built is not on screen yet either; forgetting one
    // only costs its next render a re-set of the children adopted meanwhile.)
    if (lists.size >= 32) for (const list of lists) if (!list.onScreen) lists.delete(list);
    lists.add(this);
  }

  /** The same ids in the same order: only the children whose particle changed are set again. */
  private setInPlace(entries: readonly GroupEntry[], oldParts: ChildPart[], pass: Pass): void {
    const oldParticles = this.particles;
    for (let i = 0; i < entries.length; i += 1) {
      const [id, child] = entries[i]!;
      const was = oldParticles[i]!;
      if (pass.reuse && was === child) continue;
      // A child of another kind is a new element; without budget the old one stays a while.
      if (!sameElementKind(was, child) && !pass.grant.mayBuild(entries.length - i)) continue;
      setChildPartValue(oldParts[i]!, this.value(id, child, pass.parent, pass.context, pass.wrap));
      oldParticles[i] = child;
    }
  }

  /**
   * From the old parts to `this.keys`: the common head and tail keep their parts where they are (a
   * stream edits near one place); in the middle, the children on a longest increasing run of old
   * positions stay and every other one moves, is created, or (claimed by no new child) removed.
   */
  private reorder(oldParts: ChildPart[], oldKeys: readonly string[], oldParticles: Particle[], pass: Pass): void {
    const { keys: newKeys, particles: newParticles } = this;
    const set = (target: ChildPart, oldIndex: number, newIndex: number): ChildPart => {
      const was = oldParticles[oldIndex]!;
      const now = newParticles[newIndex]!;
      if (pass.reuse && was === now) return target;
      if (!sameElementKind(was, now) && !pass.grant.mayBuild(1)) newParticles[newIndex] = was;
      else setChildPartValue(target, this.value(newKeys[newIndex]!, now, pass.parent, pass.context, pass.wrap));
      return target;
    };
    let head = 0;
    while (head < oldKeys.length && head < newKeys.length && oldKeys[head] === newKeys[head]) head += 1;
    let oldEnd = oldKeys.length;
    let newEnd = newKeys.length;
    while (oldEnd > head && newEnd > head && oldKeys[oldEnd - 1] === newKeys[newEnd - 1]) {
      oldEnd -= 1;
      newEnd -= 1;
    }
    const newParts = new Array<ChildPart>(newKeys.length);
    for (let i = 0; i < head; i += 1) newParts[i] = set(oldParts[i]!, i, i);
    for (let k = 0; oldEnd + k < oldKeys.length; k += 1)
      newParts[newEnd + k] = set(oldParts[oldEnd + k]!, oldEnd + k, newEnd + k);
    // The middle: where each new child was (-1: new); what no new child claims is removed.
    const unclaimed = new Map<string, number>();
    for (let j = head; j < oldEnd; j += 1) unclaimed.set(oldKeys[j]!, j);
    const from: number[] = [];
    for (let i = head; i < newEnd; i += 1) {
      const j = unclaimed.get(newKeys[i]!);
      from.push(j ?? -1);
      if (j !== undefined) unclaimed.delete(newKeys[i]!);
    }
    for (const j of unclaimed.values()) this.dropChild(oldParts[j]!);
    const stays = markLongestIncreasing(from);
    // Placed from the end, each child before the one that follows it: created, moved, or left.
    let next: ChildPart | undefined = newParts[newEnd];
    for (let i = newEnd - 1; i >= head; i -= 1) {
      const j = from[i - head]!;
      let placed: ChildPart;
      if (j < 0) {
        placed = this.placePart(next);
        setChildPartValue(placed, this.value(newKeys[i]!, newParticles[i]!, pass.parent, pass.context, pass.wrap));
      } else {
        placed = set(oldParts[j]!, j, i);
        if (!stays[i - head]) this.placePart(next, placed);
      }
      newParts[i] = placed;
      next = placed;
    }
    this.settleParts(newParts);
  }

  childParts(): ChildPart[] {
    return this.chunks?.items ?? (getCommittedValue(this.part!) as ChildPart[]);
  }

  placePart(next: ChildPart | undefined, item?: ChildPart): ChildPart {
    return this.chunks?.place(next, item) ?? insertPart(this.part!, next, item);
  }

  dropChild(item: ChildPart): void {
    if (this.chunks !== undefined) this.chunks.drop(item, dropPart);
    else dropPart(item);
  }

  settleParts(parts: ChildPart[]): void {
    if (this.chunks !== undefined) this.chunks.settle(parts, dropPart);
    else setCommittedValue(this.part!, parts);
  }

  /**
   * Puts every child into chunks (`chunked`) or back into the part itself. The children are moved,
   * not rebuilt: a list crossing the threshold while the user is in it keeps the focused element,
   * its caret and typed input (dropping and rebuilding them lost the focus; found in review).
   */
  private relay(part: ChildPart, chunked: boolean): void {
    if (chunked) {
      const committed = getCommittedValue(part);
      this.chunks = new ListChunks(part);
      this.chunks.adopt(Array.isArray(committed) ? (committed as ChildPart[]) : [], dropPart);
    } else {
      const items = this.chunks!.unchunk(dropPart);
      this.chunks = undefined;
      setCommittedValue(part, items);
    }
  }

  /** Ends a render: what it had no budget for is built by a later one. */
  private done(pass: Pass): typeof noChange {
    if (pass.grant.deferred && pass.grant.budget !== undefined) this.continueLater(pass.part, pass.grant.budget);
    return noChange;
  }

  /**
   * Record that the child `id` now shows `particle` (its element was handed it without this list
   * rendering): the next render then skips that child as unchanged instead of setting it again.
   * `hint` is the child's index in its group, which is its index here when the list shows the
   * whole group; otherwise the id is searched. False when this list shows no child `id`.
   */
  adopt(id: string, particle: Particle, hint: number): boolean {
    const at = this.keys[hint] === id ? hint : this.keys.indexOf(id);
    if (at < 0) return false;
    this.particles[at] = particle;
    return true;
  }

  /** True while the part this list renders into is in the document. */
  get onScreen(): boolean {
    return this.part?.startNode?.isConnected === true;
  }

  /** Render the host element again in a later task, to build what this render had no budget for. */
  private continueLater(part: ChildPart, budget: BuildBudget): void {
    const host = part.options?.host as { requestUpdate?: () => void; updateComplete?: Promise<unknown> } | undefined;
    if (this.waiting || typeof host?.requestUpdate !== 'function') return;
    this.waiting = true;
    budget.later(() => {
      this.waiting = false;
      host.requestUpdate!();
      return Promise.resolve(host.updateComplete);
    });
  }
}

/**
 * Removes a child part with both of its markers. Lit's `removePart` (lit-html 3.3.1 to at least
 * 3.3.3) removes the content and the start marker but leaves the end marker, an empty comment
 * (lit/lit#5298): every removed child left one node behind for the life of the list, so a long
 * stream that removes items, or a host attaching and detaching programs, grew the DOM without
 * bound (e2e/attach-detach-leak.spec.ts). Removing the end marker too is a no-op once Lit is fixed.
 */
export function dropPart(part: ChildPart): void {
  const end = part.endNode;
  removePart(part);
  (end as ChildNode | null)?.remove();
}

/** True when `entries` has exactly the ids `keys`, in order. */
function sameKeys(keys: readonly string[], entries: readonly GroupEntry[]): boolean {
  for (let i = 0; i < entries.length; i += 1) if (keys[i] !== entries[i]![0]) return false;
  return true;
}

/**
 * A group element that took its new particle without rendering (the streaming fast path,
 * leaf-writes.ts) tells its keyed lists: a list that showed the whole old `group` array now shows
 * the new one, and each child of `changed` (new particle, index in the group) now shows its new
 * particle, so that the next structural edit compares against what is on screen: without this
 * record every child adopted since the last render would be set again (a template built and its
 * parts compared). Lists of an old template of `host` that are no longer on screen are forgotten.
 */
export function adoptKeyedChildren(
  host: object,
  before: readonly GroupEntry[],
  after: readonly GroupEntry[],
  changed: ReadonlyMap<string, readonly [Particle, number]>,
): void {
  const lists = listsOf.get(host);
  if (lists === undefined) return;
  for (const list of lists) {
    if (!list.onScreen) {
      lists.delete(list);
      continue;
    }
    if (list.source === before) list.source = after;
    for (const [id, [particle, index]] of changed) list.adopt(id, particle, index);
  }
}

/** The keyed lists `host` renders (some perhaps no longer on screen), for list-edits.ts. */
export function keyedListsOf(host: object): ReadonlySet<KeyedList> | undefined {
  return listsOf.get(host);
}

/**
 * A group's children as child elements keyed by id (`KeyedEntriesDirective`): a move keeps the
 * DOM node (focus, caret, typed input), and a re-render touches only the children that changed.
 */
export const keyedEntries = directive(KeyedEntriesDirective);
