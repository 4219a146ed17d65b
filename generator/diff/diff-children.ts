import {
  appendOp,
  insertOp,
  removeOp,
  type GroupEntry,
  type GroupParticle,
  type Particle,
} from '../../shared/index.ts';
import { childPath, type DiffState } from './diff-state.ts';
import { markLongestIncreasing } from '../../shared/lis.ts';
import { OP_OVERHEAD, particleSize, pathSize } from './size.ts';

type Entries = readonly GroupEntry[];

/**
 * Pushes the ops that turn the children of `prev` into those of `next` (the group at `path`), and
 * returns their estimated size. Children are keyed by id: a common prefix and suffix are matched in
 * place (no Map for the usual one-leaf change), the rest by id, with removals first and then a
 * walk from the end that keeps a longest increasing subsequence of old positions in place and moves
 * every other kept child once (remove + insert without `particle`) — the fewest moves possible.
 * Sibling ids must be unique in both groups (the runtime validates a tree before diffing it).
 */
export function diffChildren(
  prev: GroupParticle,
  next: GroupParticle,
  path: readonly string[],
  state: DiffState,
): number {
  const before = prev.group;
  const after = next.group;
  if (before === after) return 0;
  let cost = 0;
  let start = 0;
  let prevEnd = before.length;
  let nextEnd = after.length;
  // Indexing, not destructuring: this loop is the whole cost of a one-leaf change in a wide group.
  while (start < prevEnd && start < nextEnd) {
    const old = before[start]!;
    const entry = after[start]!;
    if (old !== entry) {
      if (old[0] !== entry[0]) break;
      if (old[1] !== entry[1]) cost += state.diffParticle(old[1], entry[1], childPath(path, entry[0]));
    }
    start += 1;
  }
  while (prevEnd > start && nextEnd > start) {
    const old = before[prevEnd - 1]!;
    const entry = after[nextEnd - 1]!;
    if (old !== entry) {
      if (old[0] !== entry[0]) break;
      if (old[1] !== entry[1]) cost += state.diffParticle(old[1], entry[1], childPath(path, entry[0]));
    }
    prevEnd -= 1;
    nextEnd -= 1;
  }
  if (start === prevEnd && start === nextEnd) return cost;
  if (start === prevEnd) {
    // Only new children (the streaming case): add them in reading order before the matched suffix.
    const anchor = nextEnd < after.length ? after[nextEnd]![0] : undefined;
    const groupPathSize = pathSize(path);
    for (let j = start; j < nextEnd; j++) cost += place(path, after[j]![0], anchor, after[j]![1], state, groupPathSize);
    return cost;
  }
  return cost + diffMiddle(before, after, start, prevEnd, nextEnd, path, state);
}

/** The keyed part: `before[start, prevEnd)` becomes `after[start, nextEnd)`; what follows is already in place. */
function diffMiddle(
  before: Entries,
  after: Entries,
  start: number,
  prevEnd: number,
  nextEnd: number,
  path: readonly string[],
  state: DiffState,
): number {
  const oldIndex = new Map<string, number>();
  for (let i = start; i < prevEnd; i++) oldIndex.set(before[i]![0], i);
  // Old position of each new child (-1 when new); old children nobody claims are removed.
  const sources = new Array<number>(nextEnd - start);
  const kept = new Uint8Array(prevEnd - start);
  for (let j = start; j < nextEnd; j++) {
    const source = oldIndex.get(after[j]![0]) ?? -1;
    sources[j - start] = source;
    if (source >= 0) kept[source - start] = 1;
  }

  let cost = 0;
  for (let i = start; i < prevEnd; i++) {
    if (kept[i - start] === 1) continue;
    const gone = childPath(path, before[i]![0]);
    state.ops.push(removeOp(gone));
    cost += OP_OVERHEAD + pathSize(gone);
  }

  const stays = markLongestIncreasing(sources);

  const groupPathSize = pathSize(path);
  let anchor = nextEnd < after.length ? after[nextEnd]![0] : undefined;
  for (let j = nextEnd - 1; j >= start; j--) {
    const entry = after[j]!;
    const id = entry[0];
    const child = entry[1];
    const source = sources[j - start]!;
    if (source < 0) {
      cost += place(path, id, anchor, child, state, groupPathSize);
    } else if (stays[j - start]) {
      const old = before[source]![1];
      if (old !== child) cost += state.diffParticle(old, child, childPath(path, id));
    } else {
      cost += move(path, id, anchor, before[source]![1], child, state, groupPathSize);
    }
    anchor = id;
  }
  return cost;
}

/** An insert before `anchor`, or an append when there is none; `particle` undefined re-inserts the removed one. */
function place(
  path: readonly string[],
  id: string,
  anchor: string | undefined,
  particle: Particle | undefined,
  state: DiffState,
  groupPathSize: number,
): number {
  state.ops.push(
    anchor === undefined ? appendOp(path.slice(), id, particle) : insertOp(path.slice(), id, anchor, particle),
  );
  return (
    OP_OVERHEAD +
    groupPathSize +
    id.length +
    8 +
    (anchor === undefined ? 0 : anchor.length + 12) +
    (particle === undefined ? 0 : particleSize(particle) + 12)
  );
}

/**
 * Moves a kept child: remove, then re-insert the removed particle itself (identity kept), then
 * its own changes. When those changes would cost more than sending the child anew (and contain no
 * moves of their own), it is removed and inserted with its new content instead: same op count.
 */
function move(
  path: readonly string[],
  id: string,
  anchor: string | undefined,
  old: Particle,
  child: Particle,
  state: DiffState,
  groupPathSize: number,
): number {
  const at = childPath(path, id);
  state.ops.push(removeOp(at));
  const removeCost = OP_OVERHEAD + pathSize(at);
  if (old === child) {
    state.moves += 1;
    return removeCost + place(path, id, anchor, undefined, state, groupPathSize);
  }
  const mark = state.ops.length;
  const movesBefore = state.moves;
  const changeCost = state.diffParticle(old, child, at);
  const changes = state.ops.splice(mark);
  // Moves inside the child keep identity that sending it anew would lose.
  if (state.moves === movesBefore && particleSize(child, changeCost) < changeCost) {
    return removeCost + place(path, id, anchor, child, state, groupPathSize);
  }
  state.moves += 1;
  const placeCost = place(path, id, anchor, undefined, state, groupPathSize);
  for (const op of changes) state.ops.push(op);
  return removeCost + placeCost + changeCost;
}
