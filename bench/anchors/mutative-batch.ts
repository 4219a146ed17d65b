import { create } from 'mutative';
import type { GroupParticle, Op, Particle } from '../../shared/index.ts';
import { applyOpToDraft } from './draft-ops.ts';

/** Anchor: one mutative `create` per batch with the unchecked draft ops, frozen output like immer's. */
export function applyMutativeBatch(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  const stash = new Map<string, Particle>();
  return create(
    tree,
    (draft) => {
      for (const op of ops) applyOpToDraft(draft as GroupParticle, op, stash);
    },
    { enableAutoFreeze: true },
  ) as GroupParticle;
}
