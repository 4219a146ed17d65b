import { Method, type GroupParticle, type Op, type Particle } from '../../shared/index.ts';
import { ROOT_PATH, childPath } from './child-path.ts';
import { viewShowing } from './element-registry.ts';
import { SuipGroupElement } from './suip-element.ts';
import type { ViewContext } from './view-context.ts';

/** The child `id` of `group` (the first, as everywhere: duplicate ids cannot pass validation). */
function entryOf(group: GroupParticle, id: string): Particle | undefined {
  const entries = group.group;
  for (let i = 0; i < entries.length; i += 1) if (entries[i]![0] === id) return entries[i]![1];
  return undefined;
}

/**
 * Checks one text append against what is on screen and returns how to show it, or undefined when
 * the general path must: every group on the way must be shown by an element that forwards the
 * child on the path (`SuipGroupElement.forwardsChild`), and the leaf by its own text element.
 */
function planAppend(context: ViewContext, before: GroupParticle, after: GroupParticle, ids: readonly string[]): (() => void) | undefined {
  let groupBefore = before;
  let groupAfter = after;
  let path = ROOT_PATH;
  const adopt: Array<[SuipGroupElement, GroupParticle]> = [];
  for (let depth = 0; depth < ids.length; depth += 1) {
    const id = ids[depth]!;
    // The merged root is `<suip-tree>`'s, and it is not asked: it holds no template of the mounts' content.
    if (depth > 0) {
      const element = viewShowing(context, path, groupBefore);
      if (!(element instanceof SuipGroupElement) || !element.forwardsChild(id)) return undefined;
      adopt.push([element, groupAfter]);
    }
    const childBefore = entryOf(groupBefore, id);
    const childAfter = entryOf(groupAfter, id);
    if (childBefore === undefined || childAfter === undefined) return undefined;
    path = childPath(path, id);
    if (depth === ids.length - 1) {
      if (!('text' in childBefore) || !('text' in childAfter)) return undefined;
      const leaf = viewShowing(context, path, childBefore);
      if (leaf === undefined) return undefined;
      return () => {
        for (const [element, particle] of adopt) element.adoptParticle(particle);
        leaf.particle = childAfter;
      };
    }
    if (!('group' in childBefore) || !('group' in childAfter)) return undefined;
    groupBefore = childBefore;
    groupAfter = childAfter;
  }
  return undefined;
}

/**
 * The streaming fast path (issue 31): a transaction of text appends only — a streamed token — is
 * shown by handing each appended leaf's text element its new particle, and every group on its path
 * adopts its new particle without rendering. The general path would reach the same DOM through one
 * update per group down the path (tree, mount, list, item), each comparing its children, plus a
 * frame callback; here the one text element updates (`appendText`: one `Text.appendData`).
 *
 * All or nothing: returns false, having changed nothing, unless every appended leaf is on screen
 * and every group above it would have forwarded it; the caller then shows the tree the usual way.
 * `before` and `after` are the merged trees around the transaction of generator `generatorId`.
 */
export function showTextAppends(context: ViewContext, before: GroupParticle, after: GroupParticle, generatorId: string, ops: readonly Op[]): boolean {
  if (ops.length === 0) return false;
  const plans: Array<() => void> = [];
  const seen = new Set<string>();
  for (const op of ops) {
    if (op.method !== Method.append || !('text' in op.params)) return false;
    // Two appends to one leaf in a transaction: one plan shows the final text.
    const key = JSON.stringify(op.params.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const plan = planAppend(context, before, after, [generatorId, ...op.params.path]);
    if (plan === undefined) return false;
    plans.push(plan);
  }
  for (const plan of plans) plan();
  return true;
}
