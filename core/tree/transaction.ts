import {
  DEFAULT_LIMITS,
  ErrorCode,
  isGroup,
  opError,
  type GroupParticle,
  type Limits,
  type Op,
  type Particle,
  type ParticleIssue,
  type SuipErrorObject,
} from '../../shared/index.ts';
import { applyOp, type TxState } from './draft-ops.ts';
import { rememberSize, subtreeSize } from './tree-stats.ts';
import { TxError } from './tx-error.ts';

/** The vocabulary hook: checks one group's structure against its `type`. */
export type CheckGroup = (group: GroupParticle, path: readonly string[]) => ParticleIssue | undefined;

/** How a transaction is checked. */
export interface TransactionOptions {
  limits?: Limits;
  /** Run on every group the transaction created or whose children it changed, after all ops. */
  checkGroup?: CheckGroup;
}

/** A transaction's outcome: the new tree, or an error naming the op (and the input tree untouched). */
export type TransactionResult = { ok: true; tree: GroupParticle } | { ok: false; error: SuipErrorObject };

/**
 * Applies a batch of ops to a generator's tree, all or nothing. On any
 * invalid op, budget breach or vocabulary violation, the input tree is returned untouched (it is
 * never mutated) and the error names the op index, method and path in words a model can act on.
 * A `remove` then an `insert`/`append` of the same id without `particle` moves the removed object
 * itself, so its identity (and the DOM node keyed by it) survives.
 */
export function applyTransaction(tree: GroupParticle, ops: readonly Op[], options: TransactionOptions = {}): TransactionResult {
  if (ops.length === 0) return { ok: true, tree };
  const limits = options.limits ?? DEFAULT_LIMITS;
  const state: TxState = {
    limits,
    nodeBudget: limits.maxNodes - subtreeSize(tree),
    ids: new Map(),
    scanned: new Set(),
    owned: new WeakSet(),
    stash: new Map(),
    touched: [],
    removedTwice: new Set(),
    fresh: new WeakSet(),
  };
  // Copy on write by hand: the root and its children array are this transaction's own copies, and
  // every group below an op's path is copied as the op walks to it (resolveGroup), so the input
  // tree is never written and unchanged subtrees keep their identity. Rolling back is dropping the
  // copy. (Measured against immer drafting the root or everything: docs/benchmarks.md.)
  const next: GroupParticle = { ...tree, group: tree.group.slice() };
  state.owned.add(next.group);
  state.owned.add(next);
  try {
    for (let index = 0; index < ops.length; index += 1) applyOp(next, ops[index]!, index, state);
  } catch (error) {
    if (error instanceof TxError) return { ok: false, error: error.error };
    return { ok: false, error: opError(ErrorCode.InternalError, `the renderer failed while applying the transaction (${error instanceof Error ? error.message : 'unknown'}); the tree is unchanged`, {}) };
  }
  // Budgets were kept exact op by op (new subtrees are validated with their depth, moves checked
  // against their memoized height), so the result's size is known without walking it.
  rememberSize(next, limits.maxNodes - state.nodeBudget);
  if (options.checkGroup) {
    const error = checkTouched(next, state, ops, options.checkGroup);
    if (error) return { ok: false, error };
  }
  return { ok: true, tree: next };
}

/** Runs the vocabulary hook on changed groups and on every group inside new subtrees. */
function checkTouched(tree: GroupParticle, state: TxState, ops: readonly Op[], checkGroup: CheckGroup): SuipErrorObject | undefined {
  const seen = new Set<Particle>();
  // Children by id, built on the second lookup in a group: a batch of n appends to one list touches
  // n paths in the same group, and a linear `lookup` per path made that O(n²) (1,000 appends:
  // ~250 ms, bench case 2). The first lookup scans: building a Map of a 1,000-item list for the one
  // path a streamed token touches was most of the host's JavaScript per token.
  const indexes = new Map<GroupParticle, Map<string, Particle> | undefined>();
  const childOf = (group: GroupParticle, id: string): Particle | undefined => {
    if (!indexes.has(group)) {
      indexes.set(group, undefined);
      return group.group.find((entry) => entry[0] === id)?.[1];
    }
    let index = indexes.get(group);
    if (index === undefined) {
      // The first entry wins, as in the scan (duplicate ids cannot pass validation anyway).
      index = new Map();
      for (const [key, child] of group.group) if (!index.has(key)) index.set(key, child);
      indexes.set(group, index);
    }
    return index.get(id);
  };
  for (const { path, index, subtree } of state.touched) {
    let node: Particle | undefined = tree;
    for (const id of path) node = node !== undefined && isGroup(node) ? childOf(node, id) : undefined;
    if (node === undefined || !isGroup(node)) continue; // removed again later in the batch, or a leaf
    const stack: Array<{ group: GroupParticle; path: readonly string[] }> = [{ group: node, path }];
    while (stack.length > 0) {
      const { group, path: at } = stack.pop()!;
      if (seen.has(group)) continue;
      seen.add(group);
      const issue = checkGroup(group, at);
      if (issue) return opError(issue.code, issue.message, { index, method: ops[index]!.method, path: at });
      if (!subtree) continue;
      for (const [id, child] of group.group) if (isGroup(child)) stack.push({ group: child, path: [...at, id] });
    }
  }
  return undefined;
}

/** The particle at `path` in a finished tree, or undefined. */
export function lookup(tree: GroupParticle, path: readonly string[]): Particle | undefined {
  let node: Particle = tree;
  for (const id of path) {
    if (!isGroup(node)) return undefined;
    const entry: [string, Particle] | undefined = node.group.find((e) => e[0] === id);
    if (entry === undefined) return undefined;
    node = entry[1];
  }
  return node;
}
