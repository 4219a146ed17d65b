import { Method, type Op } from '../../shared/index.ts';

/** One change of a group's children, in op order, as the view applies it to the group's keyed list. */
export type ChildEdit =
  | { kind: 'remove'; parent: readonly string[]; id: string }
  /** `before` undefined: added as the last child. `moved`: the op re-inserts the child removed earlier in its transaction (same particle, same DOM node). */
  | { kind: 'insert'; parent: readonly string[]; id: string; before: string | undefined; moved: boolean };

/**
 * What an applied transaction changed, named for the view: the leaves it appended text to and the
 * children it inserted, appended, moved or removed, with merged-tree paths (`[generatorId, ...path]`).
 * The view writes exactly these (renderer/view/leaf-writes.ts) instead of comparing trees.
 */
export interface ViewChanges {
  /** Paths of the text particles appended to, each once, in first-seen order. */
  leaves: Array<readonly string[]>;
  /** Structural edits, in op order (a move is a remove followed by an insert with `moved`). */
  edits: ChildEdit[];
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
  const edits: ChildEdit[] = [];
  for (let i = 0; i < ops.length; i += 1) {
    const op = ops[i]!;
    switch (op.method) {
      case Method.append:
        if ('text' in op.params) {
          const path = op.params.path;
          // Several appends to one leaf in a transaction (a burst of tokens) name it once.
          if (!leaves.some((seen) => samePath(seen, generatorId, path))) leaves.push([generatorId, ...path]);
        } else edits.push({ kind: 'insert', parent: [generatorId, ...op.params.path], id: op.params.id, before: undefined, moved: op.params.particle === undefined });
        break;
      case Method.insert:
        edits.push({ kind: 'insert', parent: [generatorId, ...op.params.path], id: op.params.id, before: op.params.before, moved: op.params.particle === undefined });
        break;
      case Method.remove: {
        const path = op.params.path;
        edits.push({ kind: 'remove', parent: [generatorId, ...path.slice(0, -1)], id: path[path.length - 1]! });
        break;
      }
      default:
        return undefined;
    }
  }
  return { leaves, edits };
}

function samePath(seen: readonly string[], generatorId: string, path: readonly string[]): boolean {
  if (seen.length !== path.length + 1 || seen[0] !== generatorId) return false;
  for (let i = 0; i < path.length; i += 1) if (seen[i + 1] !== path[i]) return false;
  return true;
}
