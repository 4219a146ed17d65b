/**
 * Absolute paths of children, memoised per parent path array so a re-render of a parent hands
 * each unchanged child the same path object: Lit's `!==` property check then skips the child.
 * Without this every parent render would re-render its whole subtree.
 */
const cache = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/** The path of child `id` under `parent`; the same array for the same (parent, id). */
export function childPath(parent: readonly string[], id: string): readonly string[] {
  let byId = cache.get(parent);
  if (!byId) {
    byId = new Map();
    cache.set(parent, byId);
  }
  let path = byId.get(id);
  if (!path) {
    path = Object.freeze([...parent, id]);
    byId.set(id, path);
  }
  return path;
}

/** The root path `[]`, shared. */
export const ROOT_PATH: readonly string[] = Object.freeze([]);
