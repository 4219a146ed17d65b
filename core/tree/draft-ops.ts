import {
  ErrorCode,
  Method,
  checkId,
  formatPath,
  isGroup,
  opError,
  quoteList,
  validateParticle,
  type AppendParams,
  type ErrorCodeValue,
  type GroupEntry,
  type GroupParticle,
  type InsertParams,
  type Limits,
  type Op,
  type Particle,
  type RemoveParams,
  type ReplaceParams,
} from '../../shared/index.ts';
import { childPosition, shareChildIndex } from './child-index.ts';
import { rememberSize, subtreeHeight, subtreeSize } from './tree-stats.ts';
import { recordTextExtension } from './text-extension.ts';
import { TxError } from './tx-error.ts';
import { editableInPlace, type UndoLog } from './undo-log.ts';

/** What one transaction learns while its ops run on the draft. */
export interface TxState {
  limits: Limits;
  /** Particles the generator may still add: maxNodes minus its size before, kept exact through every op. */
  nodeBudget: number;
  /** Plain objects this transaction copied and may therefore mutate. */
  owned: Set<object>;
  /** Particles removed in this transaction, by id: an insert/append without `particle` moves one back. */
  stash?: Map<string, Particle>;
  /** Groups whose children changed, and new subtrees, with the op index that did it (for vocabulary checks). */
  touched: Touch[];
  /** Particles this transaction brought in (validated from an op): a move of one must be checked where it lands. */
  fresh?: Set<object>;
  /**
   * Ids removed again while an earlier removal of the same id still waited to be moved: a move of such an id is
   * ambiguous.
   */
  removedTwice?: Set<string>;
  /** Every write to a children array goes through it: arrays edited in place are restored on rollback. */
  log: UndoLog;
  /** Arrays at least this wide that an earlier transaction made are edited in place (undo-log.ts). */
  inPlaceWidth: number;
}

/**
 * A group an op changed, for the checks that run before the transaction commits. `child` names the
 * one child an op added or changed (appended, inserted, replaced, its text extended): the group's
 * other children and its own fields are as they were, so its rules need checking for that child
 * only, which keeps a token's check O(1) in the list's width. A removal names no child: a required
 * role may have gone, so the whole group is checked.
 */
export interface Touch {
  path: readonly string[];
  index: number;
  subtree: boolean;
  child?: string;
}

/**
 * The one rule of vocabulary checks: an op that changes a group's children — adds, removes or
 * replaces one, or appends to a child's text — marks that group, because its type's rules (roles,
 * kinds, required children) are about its children; and a particle the op brings in marks its
 * whole subtree. The checks run on exactly these before the transaction commits.
 */
function touchChildren(state: TxState, parentPath: readonly string[], index: number, child?: string): void {
  state.touched.push(
    child === undefined
      ? { path: parentPath, index, subtree: false }
      : { path: parentPath, index, subtree: false, child },
  );
}

function touchSubtree(state: TxState, path: readonly string[], index: number): void {
  state.touched.push({ path, index, subtree: true });
}

/**
 * True for a particle this transaction brought in or changed inside (every group on the way to a
 * change is a copy the transaction owns). Such a particle is checked where it ends up: a move
 * carries it away from the path its first check was recorded at.
 */
function changedHere(particle: Particle, state: TxState): boolean {
  return state.fresh?.has(particle) === true || state.owned.has(particle);
}

interface Where {
  method: Op['method'];
  index: number;
  path: readonly string[];
}

const fail = (code: ErrorCodeValue, detail: string, at: Where): never => {
  throw new TxError(opError(code, detail, { method: at.method, index: at.index, path: at.path }));
};

/**
 * Applies one op to a generator root whose `group` array the transaction owns; throws `TxError` naming the op on any
 * problem.
 */
export function applyOp(root: GroupParticle, op: Op, index: number, state: TxState): void {
  const at: Where = { method: op.method, index, path: op.params.path };
  switch (op.method) {
    case Method.append:
      return 'text' in op.params ? appendText(root, op.params, at, state) : append(root, op.params, at, state);
    case Method.insert:
      return insert(root, op.params, at, state);
    case Method.remove:
      return remove(root, op.params, at, state);
    case Method.replace:
      return replace(root, op.params, at, state);
    default:
      return assertNever(op);
  }
}

function append(root: GroupParticle, params: Extract<AppendParams, { id: string }>, at: Where, state: TxState): void {
  const group = resolveGroup(root, params.path, at, state);
  claimId(group.group, params.id, at, state);
  checkWidth(group.group, at, state);
  const particle = takeParticle(params.particle, params.id, params.path.length + 1, at, state);
  state.log.push(group.group, [params.id, particle]);
  touchChildren(state, params.path, at.index, params.id);
  if (changedHere(particle, state)) touchSubtree(state, [...params.path, params.id], at.index);
}

function insert(root: GroupParticle, params: InsertParams, at: Where, state: TxState): void {
  const group = resolveGroup(root, params.path, at, state);
  claimId(group.group, params.id, at, state);
  const before = childPosition(group.group, params.before);
  if (before < 0) {
    const siblings = quoteList(idsOf(group.group));
    fail(
      ErrorCode.PathNotFound,
      `there is no sibling ${JSON.stringify(params.before)} to insert before; the ` +
        `group's children are ${siblings}; use append to add at the end`,
      at,
    );
  }
  checkWidth(group.group, at, state);
  const particle = takeParticle(params.particle, params.id, params.path.length + 1, at, state);
  state.log.insert(group.group, before, [params.id, particle]);
  touchChildren(state, params.path, at.index, params.id);
  if (changedHere(particle, state)) touchSubtree(state, [...params.path, params.id], at.index);
}

function remove(root: GroupParticle, params: RemoveParams, at: Where, state: TxState): void {
  const parentPath = params.path.slice(0, -1);
  const id = params.path[params.path.length - 1]!;
  const group = resolveGroup(root, parentPath, at, state);
  const index = childIndexOrFail(group.group, id, parentPath, at);
  const entry = state.log.remove(group.group, index);
  if (state.stash?.has(id)) (state.removedTwice ??= new Set()).add(id);
  (state.stash ??= new Map()).set(id, entry[1]);
  state.nodeBudget += sizeOf(entry[1]);
  touchChildren(state, parentPath, at.index);
}

function replace(root: GroupParticle, params: ReplaceParams, at: Where, state: TxState): void {
  const parentPath = params.path.slice(0, -1);
  const id = params.path[params.path.length - 1]!;
  const group = resolveGroup(root, parentPath, at, state);
  const index = childIndexOrFail(group.group, id, parentPath, at);
  const old = group.group[index]![1];
  state.log.set(group.group, index, [id, takeParticle(params.particle, id, params.path.length, at, state)]);
  state.nodeBudget += sizeOf(old);
  // The parent's rules are about this child's kind (a text role given a group): check the parent too.
  touchChildren(state, parentPath, at.index, id);
  touchSubtree(state, params.path, at.index);
}

function appendText(
  root: GroupParticle,
  params: Extract<AppendParams, { text: string }>,
  at: Where,
  state: TxState,
): void {
  if (params.path.length === 0)
    fail(ErrorCode.InvalidParams, 'text append needs the path of a text particle; [] is the generator root group', at);
  const parentPath = params.path.slice(0, -1);
  const id = params.path[params.path.length - 1]!;
  const group = resolveGroup(root, parentPath, at, state);
  const index = childIndexOrFail(group.group, id, parentPath, at);
  const target = group.group[index]![1];
  if (!('text' in target))
    fail(
      ErrorCode.InvalidParams,
      'text append needs a text particle there, but it is a ' +
        (isGroup(target) ? 'group' : 'data particle') +
        '; use replace instead',
      at,
    );
  const text = (target as { text: string }).text + params.text;
  if (text.length > state.limits.maxTextLength)
    fail(
      ErrorCode.LimitExceeded,
      `the text would have ${text.length} characters; maxTextLength ` +
        `is ${state.limits.maxTextLength}; continue in a new text particle`,
      at,
    );
  const extended = { ...(target as { text: string; mimeType?: string }), text };
  recordTextExtension(target, extended, params.text);
  state.log.set(group.group, index, [id, extended]);
  touchChildren(state, parentPath, at.index, id);
}

/**
 * Walks to the group at `path`, copying every group on the way that this transaction does not own
 * yet (copy-on-write by hand: measured against immer, whose drafts cost a proxy per entry a lookup
 * passes and whose draft-array splices rebuild its bookkeeping of the whole list). Unchanged
 * siblings stay shared, and the sender's objects and the previous tree are never written.
 */
function resolveGroup(root: GroupParticle, path: readonly string[], at: Where, state: TxState): GroupParticle {
  let node: GroupParticle = root;
  for (let depth = 0; depth < path.length; depth += 1) {
    const id = path[depth]!;
    let index = childPosition(node.group, id);
    if (index < 0) index = childIndexOrFail(node.group, id, path.slice(0, depth), at);
    const child = node.group[index]![1];
    if (!isGroup(child)) {
      fail(
        ErrorCode.NotAGroup,
        `${formatPath(path.slice(0, depth + 1))} is ` +
          `a ${'text' in child ? 'text' : 'data'} particle, not a group; only ` +
          `groups have children`,
        at,
      );
    }
    let group = child as GroupParticle;
    if (!state.owned.has(group)) {
      group = ownCopy(group, state);
      state.log.set(node.group, index, [id, group]);
    }
    node = group;
  }
  return node;
}

/**
 * This transaction's own copy of `group`: a new object (the view and Lit see a new particle), with
 * a copy of its children array, or the same array edited in place from now on when it is wide and
 * an earlier transaction made it (undo-log.ts).
 */
export function ownCopy(group: GroupParticle, state: TxState): GroupParticle {
  if (editableInPlace(group, state.inPlaceWidth)) {
    const copy = { ...group };
    state.log.keep(copy.group, copy);
    state.owned.add(copy);
    return copy;
  }
  const copy = { ...group, group: group.group.slice() };
  shareChildIndex(group.group, copy.group);
  state.log.copied(copy);
  state.owned.add(copy);
  state.owned.add(copy.group);
  return copy;
}

/** The ids of a group's children, in order: for error messages only (O(width)). */
function idsOf(entries: readonly GroupEntry[]): string[] {
  return entries.map((entry) => entry[0]);
}

/** Index of child `id` in a group array, in O(1) (child-index.ts); a missing child fails the op naming its siblings. */
function childIndexOrFail(
  entries: readonly GroupEntry[],
  id: string,
  parentPath: readonly string[],
  at: Where,
): number {
  const index = childPosition(entries, id);
  if (index < 0) {
    const siblings = quoteList(idsOf(entries));
    fail(
      ErrorCode.PathNotFound,
      `there is no particle ${JSON.stringify(id)} in the group ` +
        `at ${formatPath(parentPath)}; its children are ${siblings}`,
      at,
    );
  }
  return index;
}

function claimId(entries: readonly GroupEntry[], id: string, at: Where, state: TxState): void {
  const issue = checkId(id, 'params.id', state.limits);
  if (issue) fail(issue.code, issue.message, at);
  if (childPosition(entries, id) >= 0)
    fail(
      ErrorCode.IdExists,
      `the group already has a child ${JSON.stringify(id)}; choose ` +
        `another id, or replace ${JSON.stringify(id)} instead`,
      at,
    );
}

function checkWidth(entries: readonly GroupEntry[], at: Where, state: TxState): void {
  if (entries.length + 1 > state.limits.maxChildren) {
    fail(
      ErrorCode.LimitExceeded,
      `the group already has ${entries.length} children; maxChildren ` +
        `is ${state.limits.maxChildren}; nest them in sub-groups, or remove some first`,
      at,
    );
  }
}

/** The particle an insert/append/replace brings: validated from the op, or moved from the stash. */
function takeParticle(particle: unknown, id: string, depth: number, at: Where, state: TxState): Particle {
  if (particle === undefined) {
    const moved = state.stash?.get(id);
    if (moved === undefined || at.method === Method.replace) {
      fail(
        ErrorCode.InvalidParams,
        `there is no "particle", and no particle with id ${JSON.stringify(id)} was removed earlier in ` +
          `this transaction to move here; include "particle", or remove it first in the same batch`,
        at,
      );
    }
    if (state.removedTwice?.has(id)) {
      fail(
        ErrorCode.InvalidParams,
        `${JSON.stringify(id)} was removed more than once earlier in this transaction, so moving it is ` +
          `ambiguous (which one?); give the particles different ids, or include "particle" to insert a new one`,
        at,
      );
    }
    state.stash?.delete(id);
    const size = sizeOf(moved!);
    if (size > state.nodeBudget)
      fail(
        ErrorCode.LimitExceeded,
        `moving ${JSON.stringify(id)} here would exceed maxNodes ${state.limits.maxNodes}; remove particles first`,
        at,
      );
    const height = subtreeHeight(moved!);
    if (depth + height > state.limits.maxDepth) {
      fail(
        ErrorCode.LimitExceeded,
        `moving ${JSON.stringify(id)} here would put its deepest particle at ` +
          `depth ${depth + height}; the deepest allowed is maxDepth ${state.limits.maxDepth}; flatten ` +
          `the tree`,
        at,
      );
    }
    state.nodeBudget -= size;
    return moved!;
  }
  // A new particle under an id that was removed earlier in the batch: that removal was not a move
  // (the id now names the new particle), so it no longer waits to be moved back.
  state.stash?.delete(id);
  state.removedTwice?.delete(id);
  // Messages name where the particle goes as the program knows it: the op's path, plus the id of an insert or append.
  const place = at.method === Method.replace ? at.path : [...at.path, id];
  const check = validateParticle(particle, {
    limits: state.limits,
    depth,
    nodeBudget: state.nodeBudget,
    where: 'params.particle',
    at: place,
  });
  if (!check.ok) fail(check.issue.code, check.issue.message, at);
  const nodes = (check as { nodes: number }).nodes;
  state.nodeBudget -= nodes;
  // The object enters the tree as it is, so its size is known from here on.
  rememberSize(particle as Particle, nodes);
  markFresh(particle as Particle, state);
  return particle as Particle;
}

/**
 * Marks a particle that came off the wire and every group inside it as brought in by this
 * transaction. SECURITY: a later op of the batch may move a group out of a new particle (remove
 * it, then append it elsewhere without `particle`); it must still be checked whole where it lands,
 * and only its mark says it was never checked. O(nodes), as the validation before it.
 */
function markFresh(particle: Particle, state: TxState): void {
  const stack: Particle[] = [particle];
  while (stack.length > 0) {
    const node = stack.pop()!;
    (state.fresh ??= new Set()).add(node);
    if (isGroup(node)) for (const [, child] of node.group) if (isGroup(child)) stack.push(child);
  }
}

/** Size of a particle that leaves the tree (memoized for everything but groups this transaction copied). */
function sizeOf(particle: Particle): number {
  return subtreeSize(particle);
}

function assertNever(value: never): never {
  throw new Error(`unhandled op ${JSON.stringify(value)}`);
}
