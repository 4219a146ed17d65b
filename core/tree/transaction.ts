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
import { childById, childPosition } from './child-index.ts';
import { applyOp, ownCopy, type Touch, type TxState } from './draft-ops.ts';
import { rememberResultSize, subtreeSize } from './tree-stats.ts';
import { TxError } from './tx-error.ts';
import { IN_PLACE_WIDTH, UndoLog } from './undo-log.ts';

/**
 * The vocabulary hook: checks one group's structure against its `type`. `changed`, when given,
 * names the only children that were added or changed since the group last passed this check (no
 * child was removed and the group's own fields are as they were): a hook may check just those,
 * which keeps a streamed token's check independent of the list's width. A hook that ignores it
 * checks the whole group, which is always right.
 */
export type CheckGroup = (
  group: GroupParticle,
  path: readonly string[],
  changed?: ReadonlySet<string>,
) => ParticleIssue | undefined;

/** How a transaction is checked. */
export interface TransactionOptions {
  limits?: Limits;
  /** Run on every group the transaction created or whose children it changed, after all ops. */
  checkGroup?: CheckGroup;
  /**
   * Children arrays at least this wide that an earlier transaction made are edited in place, with
   * an undo log for rollback, instead of copied (undo-log.ts; default `IN_PLACE_WIDTH`, 256). Tests
   * pass 0 to edit every such array in place.
   */
  inPlaceWidth?: number;
}

/** A transaction's outcome: the new tree, or an error naming the op (and the input tree untouched). */
export type TransactionResult = { ok: true; tree: GroupParticle } | { ok: false; error: SuipErrorObject };

/**
 * Applies a batch of ops to a generator's tree, all or nothing. On any invalid op, budget breach or
 * vocabulary violation, the input tree is left exactly as it was and the error names the op index,
 * method and path in words a model can act on. An accepted transaction leaves the input tree's
 * objects as they were except its wide lists (at least `inPlaceWidth` children, made by an earlier
 * transaction), which it edits in place: apply the next transaction to its result, not to an older
 * tree (one is refused with an internal error rather than merged wrongly).
 * A `remove` then an `insert`/`append` of the same id without `particle` moves the removed object
 * itself, so its identity (and the DOM node keyed by it) survives.
 */
export function applyTransaction(
  tree: GroupParticle,
  ops: readonly Op[],
  options: TransactionOptions = {},
): TransactionResult {
  if (ops.length === 0) return { ok: true, tree };
  const limits = options.limits ?? DEFAULT_LIMITS;
  const state: TxState = {
    limits,
    nodeBudget: limits.maxNodes - subtreeSize(tree),
    // Sets, not WeakSets: they live for one transaction, and a weak table costs far more to make
    // and to collect (a token's apply spent a third of its time in GC with three of them). The
    // move bookkeeping (`stash`, `removedTwice`, `fresh`) is made by the first op that needs it: a
    // streamed token needs none of it.
    owned: new Set(),
    touched: [],
    log: new UndoLog(),
    inPlaceWidth: options.inPlaceWidth ?? IN_PLACE_WIDTH,
  };
  // Copy on write by hand: the root and every group below an op's path are copied as the op walks
  // to it (resolveGroup), with their children arrays, so unchanged subtrees keep their identity;
  // a wide array an earlier transaction made is edited in place instead, and the undo log puts it
  // back on rollback (undo-log.ts). (Measured against immer and plain copies: docs/benchmarks.md.)
  let next: GroupParticle = tree;
  try {
    next = ownCopy(tree, state);
    for (let index = 0; index < ops.length; index += 1) applyOp(next, ops[index]!, index, state);
  } catch (error) {
    state.log.rollback();
    if (error instanceof TxError) return { ok: false, error: error.error };
    return {
      ok: false,
      error: opError(
        ErrorCode.InternalError,
        `the renderer failed while applying the transaction ` +
          `(${error instanceof Error ? error.message : 'unknown'}); the tree is ` +
          `unchanged`,
        {},
      ),
    };
  }
  if (options.checkGroup) {
    let error: SuipErrorObject | undefined;
    let threw = true;
    try {
      error = checkTouched(next, state, ops, options.checkGroup);
      threw = false;
    } finally {
      // A refusal, or a hook that threw: the input tree is as it was either way.
      if (threw || error !== undefined) state.log.rollback();
    }
    if (error) return { ok: false, error };
  }
  // Budgets were kept exact op by op (new subtrees are validated with their depth, moves checked
  // against their memoized height), so the result's size is known without walking it. Only an
  // accepted result becomes the newest tree (tree-stats.ts): a refused one would push the input
  // tree's size out, and the next transaction would walk the tree to count it again.
  rememberResultSize(next, limits.maxNodes - state.nodeBudget);
  state.log.commit(state.inPlaceWidth);
  return { ok: true, tree: next };
}

/**
 * What the hook must check in one group: every touch of it in the batch, merged. A touch that
 * names no child (a removal) means the whole group; otherwise the children named.
 */
interface GroupCheck {
  path: readonly string[];
  index: number;
  whole: boolean;
  children: Set<string>;
}

/**
 * The touches merged per group: each touch's merged check (the first failure is the first op's).
 * One touch, a streamed token's batch, needs no key.
 */
function groupChecks(touched: readonly Touch[]): Map<Touch, GroupCheck> {
  const byTouch = new Map<Touch, GroupCheck>();
  const checks = new Map<string, GroupCheck>();
  for (const touch of touched) {
    if (touch.subtree) continue;
    // SECURITY: ids are hostile strings: JSON keys the path so no id can alias another path.
    const key = touched.length === 1 ? '' : JSON.stringify(touch.path);
    let check = checks.get(key);
    if (check === undefined) {
      check = { path: touch.path, index: touch.index, whole: false, children: new Set() };
      checks.set(key, check);
    }
    if (touch.child === undefined) check.whole = true;
    else check.children.add(touch.child);
    byTouch.set(touch, check);
  }
  return byTouch;
}

/** The particle at `path` in a tree, found in O(depth) (child-index.ts). */
function at(tree: GroupParticle, path: readonly string[]): Particle | undefined {
  let node: Particle | undefined = tree;
  for (const id of path) node = node !== undefined && isGroup(node) ? childById(node.group, id) : undefined;
  return node;
}

/**
 * Runs the vocabulary hook on changed groups (on just their changed children where the hook can
 * do that) and on every group inside new subtrees. A batch of n appends to one list costs O(n),
 * whatever the list's width.
 */
function checkTouched(
  tree: GroupParticle,
  state: TxState,
  ops: readonly Op[],
  checkGroup: CheckGroup,
): SuipErrorObject | undefined {
  const fail = (issue: ParticleIssue, index: number, path: readonly string[]) =>
    opError(issue.code, issue.message, { index, method: ops[index]!.method, path });
  const only = state.touched.length === 1 ? state.touched[0]! : undefined;
  if (only !== undefined && !only.subtree) {
    // One group changed (a streamed token's batch): its check needs none of the merging below,
    // whose maps and sets were a tenth of a token's apply.
    const node = at(tree, only.path);
    if (node === undefined || !isGroup(node)) return undefined;
    const all = only.child === undefined || state.fresh?.has(node) === true;
    const issue = checkGroup(node, only.path, all ? undefined : new Set([only.child!]));
    return issue && fail(issue, only.index, only.path);
  }
  const checks = groupChecks(state.touched);
  const whole = new Set<Particle>(); // groups checked whole
  const some = new Set<Particle>(); // groups checked for the children the batch changed
  const walked = new Set<Particle>(); // subtrees walked
  for (const touch of state.touched) {
    const node = at(tree, touch.path);
    if (node === undefined || !isGroup(node)) continue; // removed again later in the batch, or a leaf
    if (!touch.subtree) {
      const check = checks.get(touch)!;
      if (whole.has(node) || some.has(node)) continue;
      // A particle that came off the wire in this batch was never checked: all of it, then.
      const all = check.whole || state.fresh?.has(node) === true;
      const issue = checkGroup(node, touch.path, all ? undefined : check.children);
      if (issue) return fail(issue, check.index, touch.path);
      (all ? whole : some).add(node);
      continue;
    }
    const stack: Array<{ group: GroupParticle; path: readonly string[] }> = [{ group: node, path: touch.path }];
    while (stack.length > 0) {
      const { group, path } = stack.pop()!;
      if (walked.has(group)) continue;
      walked.add(group);
      if (!whole.has(group)) {
        const issue = checkGroup(group, path);
        if (issue) return fail(issue, touch.index, path);
        whole.add(group);
      }
      for (const [id, child] of group.group) if (isGroup(child)) stack.push({ group: child, path: [...path, id] });
    }
  }
  return undefined;
}

/** The particle at `path` in a finished tree, or undefined. */
export function lookup(tree: GroupParticle, path: readonly string[]): Particle | undefined {
  let node: Particle = tree;
  for (const id of path) {
    if (!isGroup(node)) return undefined;
    const index = childPosition(node.group, id);
    if (index < 0) return undefined;
    node = node.group[index]![1];
  }
  return node;
}
