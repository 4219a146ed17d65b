import { isGroup, replaceOp, type GroupParticle, type Op, type Particle } from '../../shared/index.ts';
import { diffAt } from '../diff/diff.ts';
import { OP_OVERHEAD, particleSize, pathSize } from '../diff/size.ts';

/**
 * The ops `diffRoot(root, next)` would send when `next` is `root` with only the particle at `path`
 * replaced by `particle`, and that `next` (the groups on the way copied, every other subtree
 * shared) — without walking the rest of the tree. The particle is diffed where it sits (`diffAt`),
 * then each ancestor below the root makes the diff's own choice: with no moves among the ops, a
 * group smaller than its ops is replaced whole. Undefined when `path` is not in `root` (the caller
 * renders the whole tree then).
 */
export function patchOps(
  root: GroupParticle,
  path: readonly string[],
  particle: Particle,
): { ops: Op[]; root: GroupParticle } | undefined {
  // groups[i] is the group holding path[i]: groups[0] is the generator root.
  const groups: GroupParticle[] = [];
  let prev: Particle = root;
  for (const id of path) {
    if (!isGroup(prev)) return undefined;
    groups.push(prev);
    const entry: GroupParticle['group'][number] | undefined = prev.group.find((e) => e[0] === id);
    if (entry === undefined) return undefined;
    prev = entry[1];
  }
  const diffed = diffAt(prev, particle, path);
  let { ops, cost } = diffed;
  let next: Particle = particle;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const group = groups[i]!;
    const id = path[i]!;
    const copy: GroupParticle = { ...group, group: group.group.map((e) => (e[0] === id ? [id, next] : e)) };
    next = copy;
    // The root is never replaced (diffRoot), and a move keeps identity a replace would lose.
    if (i === 0 || diffed.moves > 0) continue;
    const at = path.slice(0, i);
    const budget = cost - OP_OVERHEAD - pathSize(at);
    if (budget <= 0 || particleSize(copy, budget) >= budget) continue;
    ops = [replaceOp(at, copy)];
    cost = OP_OVERHEAD + pathSize(at) + particleSize(copy);
  }
  return { ops, root: next as GroupParticle };
}
