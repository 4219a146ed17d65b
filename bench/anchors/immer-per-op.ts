import { Immer, isDraft, original, type Draft } from 'immer';
import type { GroupParticle, Op, Particle } from '../../shared/index.ts';
import { applyOpToDraft } from './draft-ops.ts';

const immer = new Immer({ autoFreeze: true });

/** Anchor: one immer `produce` per op (what design.md §6 says never to do). */
export function applyImmerPerOp(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  const stash = new Map<string, Particle>();
  // Each produce ends before the next op, so a removed particle is stashed as its original.
  const keep = (value: Particle) => (isDraft(value) ? (original(value) as Particle) : value);
  let current = tree;
  for (const op of ops)
    current = immer.produce(current, (draft: Draft<GroupParticle>) =>
      applyOpToDraft(draft as GroupParticle, op, stash, keep),
    );
  return current;
}

/** Anchor: one immer `produce` per batch with the unchecked draft ops (the real applier minus its validation). */
export function applyImmerBatchUnchecked(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  const stash = new Map<string, Particle>();
  return immer.produce(tree, (draft: Draft<GroupParticle>) => {
    for (const op of ops) applyOpToDraft(draft as GroupParticle, op, stash);
  });
}
