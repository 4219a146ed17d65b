import type { GroupParticle, Particle, TextParticle } from '../../shared/index.ts';
import { ROOT_PATH, childPath } from './child-path.ts';
import { viewShowing } from './element-registry.ts';
import { SuipGroupElement } from './suip-element.ts';
import { SuipText } from './suip-text.ts';
import type { SuipTree } from './suip-tree.ts';
import type { ViewContext } from './view-context.ts';

/**
 * Most distinct leaves one frame writes directly; a frame that appended to more (many streams, a
 * burst) is shown through the tree, so the record of changed paths stays small.
 */
export const MAX_LEAF_WRITES = 64;

/** The streaming fast path between transactions and the view (see `createLeafWrites`). */
export interface LeafWrites {
  /**
   * A transaction changed the tree: `paths` are the merged-tree paths of the text leaves it only
   * appended to (`textAppendPaths`), or undefined for any other change.
   */
  changed(paths: readonly (readonly string[])[] | undefined): void;
  /**
   * Show `tree`, the newest merged tree, at the frame's one view update. True when every change
   * since the tree last shown was written leaf by leaf; false when nothing was written and the
   * caller must set `view.root = tree` (the tree's own update, forwarding or rendering). Either
   * way `tree` is the one shown afterwards.
   */
  show(tree: GroupParticle): boolean;
}

/** The child `id` of `after` and the one it replaced in `before` (the same position: only text changed between them). */
function childPair(before: GroupParticle, after: GroupParticle, id: string): [Particle, Particle] | undefined {
  const entries = after.group;
  for (let i = 0; i < entries.length; i += 1) {
    if (entries[i]![0] !== id) continue;
    const was = before.group[i];
    return was !== undefined && was[0] === id ? [was[1], entries[i]![1]] : undefined;
  }
  return undefined;
}

/** What one frame writes: each group with its new particle and changed children, each leaf with its new text. */
interface Plan {
  groups: Map<SuipGroupElement, { particle: GroupParticle; changed: Map<string, Particle> }>;
  leaves: Map<SuipText, TextParticle>;
}

/**
 * Plans the write of the leaf at merged-tree `path` from `before` to `after`: every group on the
 * path must be on screen and forward that child (`SuipGroupElement.forwardsChild`), and the leaf
 * must be shown by its `<suip-text>`. False when not (the plan is then dropped whole).
 */
function planLeaf(context: ViewContext, before: GroupParticle, after: GroupParticle, path: readonly string[], plan: Plan): boolean {
  let groupBefore = before;
  let groupAfter = after;
  let at = ROOT_PATH;
  for (let depth = 0; depth < path.length; depth += 1) {
    const id = path[depth]!;
    const pair = childPair(groupBefore, groupAfter, id);
    if (pair === undefined) return false;
    const [was, now] = pair;
    // The merged root is `<suip-tree>`'s, checked once for all mounts by `adoptionFor`.
    if (depth > 0 && was !== now) {
      const element = viewShowing(context, at, groupBefore);
      if (!(element instanceof SuipGroupElement) || !element.forwardsChild(id)) return false;
      let entry = plan.groups.get(element);
      if (entry === undefined) plan.groups.set(element, (entry = { particle: groupAfter, changed: new Map() }));
      entry.changed.set(id, now);
    }
    at = childPath(at, id);
    if (depth === path.length - 1) {
      if (!('text' in was) || !('text' in now)) return false;
      if (was === now) return true;
      const leaf = viewShowing(context, at, was);
      if (!(leaf instanceof SuipText)) return false;
      plan.leaves.set(leaf, now);
      return true;
    }
    if (!('group' in was) || !('group' in now) || was.type !== now.type) return false;
    groupBefore = was;
    groupAfter = now;
  }
  return false;
}

/**
 * The streaming fast path (issue 31): a frame whose transactions only appended text to leaves on
 * screen is shown by writing those leaves — a plain paragraph gets one `Text.appendData`
 * (`SuipText.writeParticle`) — while every group on their paths, `<suip-tree>` included, takes its
 * new particle and updates its records (the tree's shown mounts, each keyed list's shown
 * particles) without an update. The general path reaches the same DOM through one Lit update per
 * group down the path (tree, mount, list, item), each comparing its children to forward the one
 * that changed. Structural edits, a slot, a template that reads the child, a leaf not built yet:
 * anything else goes through the tree as before, whose records are then exact, so it forwards
 * rather than rebuilds. All or nothing: a frame is planned whole before anything is written.
 */
export function createLeafWrites(view: SuipTree, context: ViewContext): LeafWrites {
  let shown: GroupParticle | undefined;
  // The leaves appended to since `shown`, by a key of their path; undefined: something else changed.
  let pending: Map<string, readonly string[]> | undefined;
  return {
    changed(paths) {
      if (paths === undefined || pending === undefined) {
        pending = undefined;
        return;
      }
      for (const path of paths) {
        if (pending.size >= MAX_LEAF_WRITES) {
          pending = undefined;
          return;
        }
        pending.set(JSON.stringify(path), path);
      }
    },
    show(tree) {
      const before = shown;
      const leaves = pending;
      shown = tree;
      pending = new Map();
      if (before === undefined || leaves === undefined || leaves.size === 0 || before === tree) return false;
      const adoptRoot = view.adoptionFor(tree);
      if (adoptRoot === undefined) return false;
      const plan: Plan = { groups: new Map(), leaves: new Map() };
      for (const path of leaves.values()) if (!planLeaf(context, before, tree, path, plan)) return false;
      adoptRoot();
      for (const [element, { particle, changed }] of plan.groups) element.adoptParticle(particle, changed);
      for (const [leaf, particle] of plan.leaves) leaf.writeParticle(particle);
      return true;
    },
  };
}
