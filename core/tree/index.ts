/** The renderer's tree: transactions over immutable particle trees, and the merged multi-generator tree. */
export { applyTransaction, lookup } from './transaction.ts';
export type { CheckGroup, TransactionOptions, TransactionResult } from './transaction.ts';
export {
  createMergedTree,
  mountGenerator,
  unmountGenerator,
  generatorRoot,
  applyGeneratorTransaction,
} from './merged-tree.ts';
export type { MergedTree } from './merged-tree.ts';
export { subtreeSize, subtreeHeight } from './tree-stats.ts';
export { viewChanges } from './view-changes.ts';
export type { ViewChanges } from './view-changes.ts';
