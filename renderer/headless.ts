/**
 * The renderer's pure parts, importable from Node without a DOM: the vocabulary and its checks,
 * transactions over the merged tree, and `createProgressiveMount` (it drives any `Renderer`, so a
 * host's logic can be tested without a browser). Servers and adapters validate exactly as browsers
 * do with these (eslint keeps this file's imports free of the view, the frame and the sandbox relay).
 */
export { BUILTIN_VOCABULARY } from '../core/vocabulary/registry.ts';
export { createProgressiveMount } from './progressive-mount.ts';
export type { ProgressiveMount } from './progressive-mount.ts';
export { createGroupChecker } from '../core/vocabulary/check-group.ts';
export {
  applyTransaction,
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  unmountGenerator,
  generatorRoot,
  lookup,
} from '../core/tree/index.ts';
export type { CheckGroup, MergedTree, TransactionOptions, TransactionResult } from '../core/tree/index.ts';
