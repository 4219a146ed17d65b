import { isGroup, type Particle } from '../../shared/index.ts';

/**
 * Size and height of immutable subtrees, memoized per object. Trees out of `applyTransaction` are
 * frozen and share unchanged subtrees, so after a transaction only the new objects on changed paths
 * are counted again: budgets cost O(change), not O(tree).
 */
const sizes = new WeakMap<object, number>();
const heights = new WeakMap<object, number>();

/**
 * Records a size the caller knows exactly (a transaction's result: the size before plus its delta), so nothing is
 * walked.
 */
export function rememberSize(root: Particle, size: number): void {
  sizes.set(root, size);
}

/**
 * The newest transaction's result and its size, held here rather than in `sizes` until another tree
 * is measured: a stream of transactions, each on the tree the last one made, then writes no weak
 * table at all (a new key per token was 8% of a token's apply, issue 42's sweep). It keeps that one
 * tree alive until the next transaction, which its caller holds anyway.
 */
let newestRoot: Particle | undefined;
let newestSize = 0;

/** Records the size of a transaction's result (the size before plus its delta), so the next one walks nothing. */
export function rememberResultSize(root: Particle, size: number): void {
  newestRoot = root;
  newestSize = size;
}

/** Number of particles in `root`'s subtree, itself included. */
export function subtreeSize(root: Particle): number {
  if (root === newestRoot) return newestSize;
  // Another tree (another generator's, or a subtree): the newest result goes to the table first,
  // so alternating trees still find their sizes there.
  if (newestRoot !== undefined) sizes.set(newestRoot, newestSize);
  newestRoot = undefined;
  return measure(root, sizes, (child, acc) => acc + child, 1);
}

/** Height of `root`'s subtree: 0 for a leaf, 1 + the tallest child for a group. */
export function subtreeHeight(root: Particle): number {
  return measure(root, heights, (child, acc) => Math.max(acc, child + 1), 0);
}

/** Post-order walk with an explicit stack; only objects not in the memo are visited. */
function measure(
  root: Particle,
  memo: WeakMap<object, number>,
  combine: (child: number, acc: number) => number,
  leaf: number,
): number {
  const known = memo.get(root);
  if (known !== undefined) return known;
  const stack: Array<{ node: Particle; expanded: boolean }> = [{ node: root, expanded: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (memo.has(top.node)) {
      stack.pop();
      continue;
    }
    if (!isGroup(top.node)) {
      memo.set(top.node, leaf);
      stack.pop();
      continue;
    }
    if (!top.expanded) {
      top.expanded = true;
      for (const [, child] of top.node.group) if (!memo.has(child)) stack.push({ node: child, expanded: false });
      continue;
    }
    let acc = leaf;
    for (const [, child] of top.node.group) acc = combine(memo.get(child)!, acc);
    memo.set(top.node, acc);
    stack.pop();
  }
  return memo.get(root)!;
}
