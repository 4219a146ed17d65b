import type { ModelGroup, ModelParticle } from '../../generator/kit.ts';
import { type Slot } from './map-context.ts';
import type { TranslateIssue } from './translate.ts';

/** One step of the walk: a component to translate into a slot, with where it stands in the tree. */
export interface Task extends Slot {
  depth: number;
  /** The component ids from root to the parent, for the cycle check. */
  ancestors: readonly string[];
  path: readonly string[];
  /** The instance whose slot this task fills (none for the root). */
  parent?: Instance;
  /** The id this instance already has (a re-translation keeps it instead of choosing again). */
  fixedId?: string;
}

/** One translated component instance (one task of the walk): what re-translating it alone needs. */
export interface Instance {
  task: Task;
  id: string;
  /** Its suip path (ids from `root`). */
  path: readonly string[];
  parent: Instance | undefined;
  children: Instance[];
  /** What its mapping read from the data model (labels of its children included). */
  reads: string[];
  issues: TranslateIssue[];
  /** The heading state before and after its own mapping (headings are numbered in document order). */
  headingIn: number;
  headingAfter: number;
  /** The A2UI component id when it was mapped (not a placeholder or a refused cycle). */
  origin?: string;
}

/**
 * True when `fresh` re-translated the leaf `old` into a leaf that read exactly the same pointers,
 * in the same order, for the same component: the binding index, the origins and the node count
 * hold for it as they are (the index keys its reads by instance, so `old` stays the instance).
 */
export function sameLeaf(old: Instance, fresh: Instance): boolean {
  if (
    old.children.length !== 0 ||
    fresh.children.length !== 0 ||
    old.origin !== fresh.origin ||
    old.reads.length !== fresh.reads.length
  )
    return false;
  for (let i = 0; i < old.reads.length; i += 1) if (old.reads[i] !== fresh.reads[i]) return false;
  return true;
}

/** The issues of an instance that has none (shared, never written). */
export const NO_ISSUES: TranslateIssue[] = [];

/** How many instances (walk tasks) a subtree holds. */
export function subtreeSize(top: Instance): number {
  let n = 0;
  const stack = [top];
  while (stack.length > 0) {
    n += 1;
    stack.push(...stack.pop()!.children);
  }
  return n;
}

/** The subtree's last instance in document order (its heading state is what follows the subtree). */
export function lastOf(top: Instance): Instance {
  let n = top;
  while (n.children.length > 0) n = n.children[n.children.length - 1]!;
  return n;
}

/** Every instance's issues in document order (the walk's order). */
export function collectIssues(top: Instance | undefined): TranslateIssue[] {
  const out: TranslateIssue[] = [];
  const stack = top === undefined ? [] : [top];
  while (stack.length > 0) {
    const instance = stack.pop()!;
    out.push(...instance.issues);
    for (let i = instance.children.length - 1; i >= 0; i -= 1) stack.push(instance.children[i]!);
  }
  return out;
}

/**
 * A copy of `tree` with the particle at `ids` (child ids below it) replaced by `value`: each group
 * on the way is copied with one entry changed, every other subtree is shared (`===`), which is
 * what lets suip's diff skip them.
 */
export function replaceAt(tree: ModelParticle, ids: readonly string[], value: ModelParticle): ModelParticle {
  // Down the path first (the groups and where each holds the next id), then copies back up.
  const groups: ModelGroup[] = [];
  const at: number[] = [];
  let node = tree;
  for (const id of ids) {
    if (typeof node !== 'object' || node === null || !('group' in node))
      throw new Error(`no group on the way to ${ids.join('/')}`);
    const entries = node.group;
    let i = 0;
    while (i < entries.length && entries[i]![0] !== id) i += 1;
    if (i === entries.length) throw new Error(`no child "${id}" on the way to ${ids.join('/')}`);
    groups.push(node);
    at.push(i);
    node = node.group[i]![1];
  }
  let out = value;
  for (let d = groups.length - 1; d >= 0; d -= 1) {
    const group = groups[d]!.group.slice();
    group[at[d]!] = [ids[d]!, out] as const;
    out = withGroup(groups[d]!, group);
  }
  return out;
}

/**
 * `g` with other children: its three fields copied by name (an object spread of the translation's
 * groups, whose shapes vary, took V8's slow generic path and was a sixth of a bound text's update).
 */
function withGroup(g: ModelGroup, group: ModelGroup['group']): ModelGroup {
  const copy: ModelGroup = { group };
  if (g.type !== undefined) copy.type = g.type;
  if (g.on !== undefined) copy.on = g.on;
  return copy;
}
