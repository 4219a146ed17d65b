import { Method, type Op } from '../../shared/index.ts';

/**
 * What an applied transaction changed, named for the view: the leaves it appended text to and the
 * children it inserted, appended, moved or removed, with merged-tree paths (`[generatorId, ...path]`).
 * The view writes exactly these (renderer/view/leaf-writes.ts) instead of comparing trees.
 */
export interface ViewChanges {
  /** The program whose transaction it was (its mount is the first id of every merged-tree path). */
  generatorId: string;
  /** Paths of the text particles appended to, each once, in first-seen order. */
  leaves: Array<readonly string[]>;
  /**
   * The ops that inserted, appended, moved or removed a child, in order (a move is a remove and
   * then an insert or append without a particle); the view reads them as `ChildEdit`s
   * (renderer/view/list-edits.ts).
   */
  edits: Op[];
}

/**
 * The view's account of an applied transaction (`ViewChanges`), or undefined when it did anything
 * the view must find by comparing trees: a replacement, or no op at all. Call it only for a
 * transaction that was applied: a refused one changed nothing. Linear in the ops; the op params are
 * the validated ones the tree applied, so every path and id here named a real particle.
 */
export function viewChanges(generatorId: string, ops: readonly Op[]): ViewChanges | undefined {
  if (ops.length === 0) return undefined;
  const leaves: Array<readonly string[]> = [];
  const edits: Op[] = [];
  for (let i = 0; i < ops.length; i += 1) {
    const op = ops[i]!;
    if (op.method === Method.replace) return undefined;
    if (op.method !== Method.append || !('text' in op.params)) edits.push(op);
    // Several appends to one leaf in a transaction (a burst of tokens) name it once.
    else if (!leaves.some((seen) => samePath(seen, generatorId, (op.params as { path: string[] }).path)))
      leaves.push([generatorId, ...op.params.path]);
  }
  return { generatorId, leaves, edits };
}

function samePath(seen: readonly string[], generatorId: string, path: readonly string[]): boolean {
  if (seen.length !== path.length + 1 || seen[0] !== generatorId) return false;
  for (let i = 0; i < path.length; i += 1) if (seen[i + 1] !== path[i]) return false;
  return true;
}
