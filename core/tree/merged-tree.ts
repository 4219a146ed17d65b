import { ErrorCode, opError, type GroupParticle, type Op } from '../../shared/index.ts';
import { applyTransaction, type TransactionOptions, type TransactionResult } from './transaction.ts';

/**
 * The renderer's one tree: a root group whose entries are `[generatorId, generatorRoot]`. Each
 * generator's ops are applied to its own root only, with paths relative to it, so no path a
 * generator can write reaches another generator's subtree.
 */
export type MergedTree = GroupParticle;

/** An empty merged tree. */
export function createMergedTree(): MergedTree {
  return Object.freeze({ group: Object.freeze([]) as unknown as GroupParticle['group'] });
}

/** Adds an empty root for a generator. Throws if the id is already mounted (a host bug, not sandbox input). */
export function mountGenerator(merged: MergedTree, generatorId: string): MergedTree {
  if (merged.group.some(([id]) => id === generatorId))
    throw new Error(`generator ${JSON.stringify(generatorId)} is already mounted`);
  const root: GroupParticle = Object.freeze({ group: Object.freeze([]) as unknown as GroupParticle['group'] });
  return freezeRoot([...merged.group, [generatorId, root]]);
}

/** Removes a generator's subtree; a no-op when it is not mounted. */
export function unmountGenerator(merged: MergedTree, generatorId: string): MergedTree {
  if (!merged.group.some(([id]) => id === generatorId)) return merged;
  return freezeRoot(merged.group.filter(([id]) => id !== generatorId));
}

/** A generator's root group, or undefined when it is not mounted. */
export function generatorRoot(merged: MergedTree, generatorId: string): GroupParticle | undefined {
  const entry = merged.group.find(([id]) => id === generatorId);
  return entry?.[1] as GroupParticle | undefined;
}

/**
 * Applies one generator's transaction inside the merged tree. The result's `tree` is the new
 * merged tree; on failure the merged tree is untouched.
 */
export function applyGeneratorTransaction(
  merged: MergedTree,
  generatorId: string,
  ops: readonly Op[],
  options?: TransactionOptions,
): TransactionResult {
  const root = generatorRoot(merged, generatorId);
  if (root === undefined) {
    return {
      ok: false,
      error: opError(
        ErrorCode.NotInitialized,
        `generator ${JSON.stringify(generatorId)} is not attached to this renderer`,
        {},
      ),
    };
  }
  const result = applyTransaction(root, ops, options);
  if (!result.ok || result.tree === root) return result.ok ? { ok: true, tree: merged } : result;
  return {
    ok: true,
    tree: freezeRoot(merged.group.map((entry) => (entry[0] === generatorId ? [generatorId, result.tree] : entry))),
  };
}

function freezeRoot(entries: GroupParticle['group']): MergedTree {
  for (const entry of entries) Object.freeze(entry);
  return Object.freeze({ group: Object.freeze(entries) as GroupParticle['group'] });
}
