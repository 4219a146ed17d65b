/**
 * Absolute paths of children, memoised per parent path array so a re-render of a parent hands
 * each unchanged child the same path object: Lit's `!==` property check then skips the child.
 * Without this every parent render would re-render its whole subtree.
 *
 * The memo holds each path weakly. A path is the key under which the element registry
 * (element-registry.ts) keeps the element showing it, so a path held strongly here kept that
 * element, its shadow root and its listeners alive after the element left the page: `ROOT_PATH`
 * never dies, so every mount id ever attached, and every list item ever removed, kept its whole
 * DOM (310 listeners and ~500 nodes per detached 50-row program, e2e/attach-detach-leak.spec.ts).
 * Now a path lives exactly as long as an element (or a caller) holds it; the same (parent, id)
 * asked for again while it lives still gets the same array.
 */
const cache = new WeakMap<readonly string[], Map<string, WeakRef<readonly string[]>>>();

/** Drops a memo entry once its path was collected (unless the entry already holds a newer path). */
const sweeper = new FinalizationRegistry<{
  byId: Map<string, WeakRef<readonly string[]>>;
  id: string;
  ref: WeakRef<readonly string[]>;
}>(({ byId, id, ref }) => {
  if (byId.get(id) === ref) byId.delete(id);
});

/** The path of child `id` under `parent`; the same array for the same (parent, id) while it is in use. */
export function childPath(parent: readonly string[], id: string): readonly string[] {
  let byId = cache.get(parent);
  if (!byId) {
    byId = new Map();
    cache.set(parent, byId);
  }
  const known = byId.get(id)?.deref();
  if (known) return known;
  const path = Object.freeze([...parent, id]);
  const ref = new WeakRef(path);
  byId.set(id, ref);
  sweeper.register(path, { byId, id, ref });
  return path;
}

/** The root path `[]`, shared. */
export const ROOT_PATH: readonly string[] = Object.freeze([]);
