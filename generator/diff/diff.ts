import {
  appendOp,
  appendTextOp,
  isGroup,
  replaceOp,
  type GroupParticle,
  type Op,
  type Particle,
} from '../../shared/index.ts';
import { deferDeletions } from './defer-deletions.ts';
import { diffChildren } from './diff-children.ts';
import type { DiffState } from './diff-state.ts';
import { sameShell } from './same-shell.ts';
import { OP_OVERHEAD, particleSize, pathSize } from './size.ts';

/**
 * The generator-side diff: the ops that turn `prev` into `next`, in the order a renderer must apply
 * them as one transaction. Paths are relative to the generator root `[]`; `path` says where `prev`
 * sits. Pure: it never mutates its inputs, and the ops share subtrees of `next` (they are
 * serialized before they leave the Worker).
 *
 * - Subtrees shared between `prev` and `next` (`===`) cost nothing: with structural sharing a
 *   one-leaf change walks only the changed path (plus each group's children list once).
 * - Children are keyed by id; a reorder uses the fewest moves (longest increasing subsequence).
 * - A text that grows at its end becomes `append {path, text: suffix}` (streaming costs the new
 *   characters only).
 * - `replace` is used when the kind, a group's `type` or `on`, a text's `mimeType` or a data particle
 *   changes, and when a group's ops would be larger than the group itself, unless they move
 *   something (a move keeps identity, which a replace would lose).
 * - At the root (`path` = `[]`) both sides must be groups; the root itself is never replaced, so its
 *   `type` and `on` are ignored (see `diffRoot`). `prev` undefined means nothing is there yet: the
 *   root's children are appended, elsewhere the particle is appended to its parent.
 */
export function diff(prev: Particle | undefined, next: Particle, path: readonly string[] = []): Op[] {
  if (path.length === 0) {
    if (!isGroup(next) || (prev !== undefined && !isGroup(prev))) {
      throw new TypeError('the generator root must be a group: render(group(null, [...]))');
    }
    return diffRoot(prev, next);
  }
  if (prev === undefined) return [appendOp(path.slice(0, -1), path[path.length - 1]!, next)];
  const state = createState();
  state.diffParticle(prev, next, path.slice());
  return deferDeletions(state.ops);
}

/**
 * The ops that turn the generator root `prevRoot` into `nextRoot`: only the children are compared.
 * The root is a plain group the renderer mounts for the generator and no op can replace it, so a
 * different `type` or `on` on the root is ignored.
 */
export function diffRoot(prevRoot: GroupParticle | undefined, nextRoot: GroupParticle): Op[] {
  const state = createState();
  diffChildren(prevRoot ?? { group: [] }, nextRoot, [], state);
  return deferDeletions(state.ops);
}

/**
 * What `diffRoot` computes for the one particle at `path` (not the root) when nothing else in the
 * tree changed: its ops (deletions deferred), their estimated size and the moves among them. The
 * caller (`patchOps`) then makes the choice each ancestor makes between these ops and replacing itself.
 */
export function diffAt(
  prev: Particle,
  next: Particle,
  path: readonly string[],
): { ops: Op[]; cost: number; moves: number } {
  const state = createState();
  const cost = state.diffParticle(prev, next, path.slice());
  return { ops: deferDeletions(state.ops), cost, moves: state.moves };
}

function createState(): DiffState {
  const state: DiffState = {
    ops: [],
    moves: 0,
    diffParticle: (prev, next, path) => diffParticle(prev, next, path, state),
  };
  return state;
}

function replace(path: readonly string[], next: Particle, state: DiffState): number {
  state.ops.push(replaceOp(path as string[], next));
  return OP_OVERHEAD + pathSize(path) + particleSize(next);
}

/** Pushes the ops for one particle present on both sides at `path` (not the root) and returns their estimated size. */
function diffParticle(prev: Particle, next: Particle, path: readonly string[], state: DiffState): number {
  if (prev === next) return 0;
  if ('text' in next) {
    if (!('text' in prev) || prev.mimeType !== next.mimeType) return replace(path, next, state);
    if (prev.text === next.text) return 0;
    if (next.text.startsWith(prev.text)) {
      const suffix = next.text.slice(prev.text.length);
      state.ops.push(appendTextOp(path as string[], suffix));
      return OP_OVERHEAD + pathSize(path) + suffix.length + 10;
    }
    return replace(path, next, state);
  }
  if ('data' in next) {
    if ('data' in prev && prev.data === next.data && prev.mimeType === next.mimeType) return 0;
    return replace(path, next, state);
  }
  if (!isGroup(prev) || !sameShell(prev, next)) return replace(path, next, state);
  const mark = state.ops.length;
  const movesBefore = state.moves;
  const cost = diffChildren(prev, next, path, state);
  if (state.moves !== movesBefore) return cost;
  const budget = cost - OP_OVERHEAD - pathSize(path);
  if (budget <= 0 || particleSize(next, budget) >= budget) return cost;
  state.ops.length = mark;
  return replace(path, next, state);
}
