import { Immer, type Draft } from 'immer';
import type { GroupParticle, Op } from '../../shared/index.ts';
import { applyPathCopy } from './path-copy.ts';

const immer = new Immer({ autoFreeze: true });

/**
 * Anchor: still one immer `produce` per batch, but nothing below the root is drafted: the groups
 * on the ops' paths are copied by hand from the base (as `applyPathCopy` does) and immer only sees
 * the root's new children array, which it freezes down to the already-frozen shared subtrees.
 * It shows what immer's per-node drafting and finalizing cost in `applyTransaction`.
 */
export function applyImmerRootOnly(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  return immer.produce(tree, (draft: Draft<GroupParticle>) => {
    draft.group = applyPathCopy(tree, ops, false).group as Draft<GroupParticle>['group'];
  });
}
