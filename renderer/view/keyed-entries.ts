import { noChange, type TemplateResult } from 'lit';
import { Directive, PartType, directive, type ChildPart, type PartInfo } from 'lit/directive.js';
import { getCommittedValue, insertPart, removePart, setChildPartValue, setCommittedValue } from 'lit/directive-helpers.js';
import type { GroupEntry, Particle } from '../../shared/index.ts';
import { enableAtomicMoves } from './atomic-moves.ts';
import { childPath } from './child-path.ts';
import type { ViewContext } from './view-context.ts';
import { renderParticle } from './particle-template.ts';

/** Wraps a child's element in the parent's own markup (a list item); may read the id, never the child. */
export type WrapEntry = (inner: TemplateResult, id: string) => TemplateResult;

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

function indexMap(keys: readonly string[], start: number, end: number): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = start; i <= end; i += 1) map.set(keys[i]!, i);
  return map;
}

/**
 * Lit's `repeat`, keyed by child id, for the children of a group, minus the work a streamed UI
 * does not need. `repeat` calls the template function for every child and sets every child part
 * on every render; for a 1,000-item list that received one insert, removal or move, that walk was
 * the largest view cost per token (docs/benchmarks.md, case 3). Here a child whose particle (and
 * so its cached template, `renderParticle`) is the one already shown is skipped without building
 * anything, so an edit costs one identity comparison per child plus the DOM work of the few
 * children it touched: an insert or removal creates or removes one part, a move moves one.
 * Keyed moves go through `enableAtomicMoves`, so a moved element keeps focus and caret. With a
 * `wrap`, every child is set again (a wrapper may read its parent's state, e.g. a selected tab).
 *
 * The move algorithm is `repeat`'s (lit-html, BSD-3-Clause): head and tail walks, then maps of
 * the unmatched middle only.
 */
class KeyedEntriesDirective extends Directive {
  private keys: string[] = [];
  private particles: Particle[] = [];
  private parent: readonly string[] | undefined;
  private context: ViewContext | undefined;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('keyedEntries() only works in child position');
  }

  render(entries: readonly GroupEntry[], parent: readonly string[], context: ViewContext, wrap?: WrapEntry): unknown {
    return unique(entries).map(([id, child]) => this.value(id, child, parent, context, wrap));
  }

  private value(id: string, child: Particle, parent: readonly string[], context: ViewContext, wrap: WrapEntry | undefined): TemplateResult {
    const inner = renderParticle(child, childPath(parent, id), context);
    return wrap ? wrap(inner, id) : inner;
  }

  override update(part: ChildPart, [entries, parent, context, wrap]: [readonly GroupEntry[], readonly string[], ViewContext, WrapEntry | undefined]): unknown {
    const container = part.parentNode;
    if (container) enableAtomicMoves(container);
    const committed = getCommittedValue(part);
    // An old child's part may be kept as it is when it shows the same particle at the same path.
    const reuse = wrap === undefined && parent === this.parent && context === this.context;
    this.parent = parent;
    this.context = context;
    const oldParts = Array.isArray(committed) ? (committed as Array<ChildPart | null>) : undefined;
    const oldKeys = this.keys;
    const oldParticles = this.particles;
    // The common case of a stream: the same ids in the same order, one or a few children changed.
    if (oldParts !== undefined && oldParts.length === entries.length && sameKeys(oldKeys, entries)) {
      for (let i = 0; i < entries.length; i += 1) {
        const [id, child] = entries[i]!;
        if (reuse && oldParticles[i] === child) continue;
        setChildPartValue(oldParts[i]!, this.value(id, child, parent, context, wrap));
        oldParticles[i] = child;
      }
      return noChange;
    }
    const items = unique(entries);
    const newKeys = items.map(([id]) => id);
    const newParticles = items.map(([, child]) => child);
    this.keys = newKeys;
    this.particles = newParticles;
    if (oldParts === undefined) return items.map(([id, child]) => this.value(id, child, parent, context, wrap));

    const newParts: ChildPart[] = [];
    const set = (target: ChildPart, oldIndex: number, newIndex: number): ChildPart => {
      if (reuse && oldParticles[oldIndex] === newParticles[newIndex]) return target;
      setChildPartValue(target, this.value(newKeys[newIndex]!, newParticles[newIndex]!, parent, context, wrap));
      return target;
    };
    let newKeyToIndex: Map<string, number> | undefined;
    let oldKeyToIndex: Map<string, number> | undefined;
    let oldHead = 0;
    let oldTail = oldParts.length - 1;
    let newHead = 0;
    let newTail = items.length - 1;
    while (oldHead <= oldTail && newHead <= newTail) {
      if (oldParts[oldHead] === null) oldHead += 1;
      else if (oldParts[oldTail] === null) oldTail -= 1;
      else if (oldKeys[oldHead] === newKeys[newHead]) {
        newParts[newHead] = set(oldParts[oldHead]!, oldHead, newHead);
        oldHead += 1;
        newHead += 1;
      } else if (oldKeys[oldTail] === newKeys[newTail]) {
        newParts[newTail] = set(oldParts[oldTail]!, oldTail, newTail);
        oldTail -= 1;
        newTail -= 1;
      } else if (oldKeys[oldHead] === newKeys[newTail]) {
        newParts[newTail] = set(oldParts[oldHead]!, oldHead, newTail);
        insertPart(part, newParts[newTail + 1], oldParts[oldHead]!);
        oldHead += 1;
        newTail -= 1;
      } else if (oldKeys[oldTail] === newKeys[newHead]) {
        newParts[newHead] = set(oldParts[oldTail]!, oldTail, newHead);
        insertPart(part, oldParts[oldHead]!, oldParts[oldTail]!);
        oldTail -= 1;
        newHead += 1;
      } else {
        if (newKeyToIndex === undefined || oldKeyToIndex === undefined) {
          newKeyToIndex = indexMap(newKeys, newHead, newTail);
          oldKeyToIndex = indexMap(oldKeys, oldHead, oldTail);
        }
        if (!newKeyToIndex.has(oldKeys[oldHead]!)) {
          removePart(oldParts[oldHead]!);
          oldHead += 1;
        } else if (!newKeyToIndex.has(oldKeys[oldTail]!)) {
          removePart(oldParts[oldTail]!);
          oldTail -= 1;
        } else {
          const oldIndex = oldKeyToIndex.get(newKeys[newHead]!);
          const oldPart = oldIndex !== undefined ? oldParts[oldIndex] : null;
          if (oldPart === null || oldPart === undefined) {
            const created = insertPart(part, oldParts[oldHead]!);
            setChildPartValue(created, this.value(newKeys[newHead]!, newParticles[newHead]!, parent, context, wrap));
            newParts[newHead] = created;
          } else {
            newParts[newHead] = set(oldPart, oldIndex!, newHead);
            insertPart(part, oldParts[oldHead]!, oldPart);
            oldParts[oldIndex!] = null;
          }
          newHead += 1;
        }
      }
    }
    while (newHead <= newTail) {
      const created = insertPart(part, newParts[newTail + 1]);
      setChildPartValue(created, this.value(newKeys[newHead]!, newParticles[newHead]!, parent, context, wrap));
      newParts[newHead] = created;
      newHead += 1;
    }
    while (oldHead <= oldTail) {
      const old = oldParts[oldHead];
      oldHead += 1;
      if (old !== null && old !== undefined) removePart(old);
    }
    setCommittedValue(part, newParts);
    return noChange;
  }
}

/** True when `entries` has exactly the ids `keys`, in order. */
function sameKeys(keys: readonly string[], entries: readonly GroupEntry[]): boolean {
  for (let i = 0; i < entries.length; i += 1) if (keys[i] !== entries[i]![0]) return false;
  return true;
}

/**
 * A group's children as child elements keyed by id (`KeyedEntriesDirective`): a move keeps the
 * DOM node (focus, caret, typed input), and a re-render touches only the children that changed.
 */
export const keyedEntries = directive(KeyedEntriesDirective);
