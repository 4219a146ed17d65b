import { Method, type Op } from '../../shared/index.ts';

/**
 * Puts pure deletions last. A renderer moves a removed particle back by its id, and refuses a move
 * when two removals of that id wait in the same batch (which one would it be?). The diff only
 * moves children within their group, so a `remove` whose id is not added again to the same group
 * later in the batch is a deletion; emitted after every move, it can never make a move ambiguous.
 * Its path stays valid at the end: the diff never moves a group to another parent, and a subtree it
 * replaces or sends anew has no ops inside it. Order among deletions, and of everything else, is kept.
 */
export function deferDeletions(ops: Op[]): Op[] {
  const added = new Map<string, number>();
  ops.forEach((op, index) => {
    if (op.method === Method.insert || (op.method === Method.append && 'id' in op.params))
      added.set(key(op.params.path, (op.params as { id: string }).id), index);
  });
  const kept: Op[] = [];
  const deletions: Op[] = [];
  ops.forEach((op, index) => {
    if (op.method !== Method.remove) return void kept.push(op);
    const path = op.params.path;
    const again = added.get(key(path.slice(0, -1), path[path.length - 1]!));
    (again !== undefined && again > index ? kept : deletions).push(op);
  });
  return deletions.length === 0 ? ops : [...kept, ...deletions];
}

const key = (parent: readonly string[], id: string): string => JSON.stringify([parent, id]);
