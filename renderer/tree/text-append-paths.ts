import { Method, type Op } from '../../shared/index.ts';

/**
 * What an applied transaction changed, when all it did was append text: the merged-tree paths
 * (`[generatorId, ...path]`) of the text particles it appended to, each once, in first-seen
 * order; `undefined` for any other transaction (an insert, a removal, a replacement, a group
 * append), whose change the view must find by comparing trees. The view writes such leaves
 * directly (renderer/view/leaf-writes.ts). Call it only for a transaction that was applied:
 * a refused one changed nothing.
 */
export function textAppendPaths(generatorId: string, ops: readonly Op[]): Array<readonly string[]> | undefined {
  if (ops.length === 0) return undefined;
  const paths: Array<readonly string[]> = [];
  for (let i = 0; i < ops.length; i += 1) {
    const op = ops[i]!;
    if (op.method !== Method.append || !('text' in op.params)) return undefined;
    const path = op.params.path;
    // Several appends to one leaf in a transaction (a burst of tokens) name it once.
    if (!paths.some((seen) => samePath(seen, generatorId, path))) paths.push([generatorId, ...path]);
  }
  return paths;
}

function samePath(seen: readonly string[], generatorId: string, path: readonly string[]): boolean {
  if (seen.length !== path.length + 1 || seen[0] !== generatorId) return false;
  for (let i = 0; i < path.length; i += 1) if (seen[i + 1] !== path[i]) return false;
  return true;
}
