/**
 * What one translated component instance read from the data model: a pointer (as segments) and
 * whether it read the value (`deep`: the instance shows it, so anything at, above or below the
 * pointer changes it) or only the shape of a template's collection (`shape`: its keys, and each
 * item's `id`/`key`, which decide the template's children and their ids).
 */
export interface DataRead {
  segments: readonly string[];
  shape: boolean;
}

interface IndexNode<T> {
  children: Map<string, IndexNode<T>>;
  deep: Set<T>;
  shape: Set<T>;
}

function indexNode<T>(): IndexNode<T> {
  return { children: new Map(), deep: new Set(), shape: new Set() };
}

/** The item fields a template reads to key its children (`itemKey` in translate.ts). */
const KEY_FIELDS: ReadonlySet<string> = new Set(['id', 'key']);

/**
 * The bindings of a translated surface: which instances read which data pointers, as a trie of
 * pointer segments, so a change at one pointer finds exactly the instances it affects in time
 * proportional to the pointer's depth plus what lies under it (not to the surface's size).
 */
export class BindingIndex<T> {
  readonly #root: IndexNode<T> = indexNode();
  /** Trie nodes ever created; the owner rebuilds the index when it outgrows its live reads. */
  nodes = 1;
  /** Reads currently held. */
  reads = 0;

  /** Records that `owner` made `read`. */
  add(owner: T, read: DataRead): void {
    let node = this.#root;
    for (const segment of read.segments) {
      let next = node.children.get(segment);
      if (next === undefined) {
        next = indexNode();
        node.children.set(segment, next);
        this.nodes += 1;
      }
      node = next;
    }
    const set = read.shape ? node.shape : node.deep;
    if (!set.has(owner)) {
      set.add(owner);
      this.reads += 1;
    }
  }

  /** Forgets `owner`'s `read` (empty trie nodes stay until the owner rebuilds the index). */
  remove(owner: T, read: DataRead): void {
    let node: IndexNode<T> | undefined = this.#root;
    for (const segment of read.segments) {
      node = node.children.get(segment);
      if (node === undefined) return;
    }
    if ((read.shape ? node.shape : node.deep).delete(owner)) this.reads -= 1;
  }

  /**
   * The owners a change at `changed` affects: value reads at, above or below it; shape reads at or
   * below it, and a collection's shape read when the change replaces, adds or removes one of its
   * items or writes an item's `id`/`key`.
   */
  affected(changed: readonly string[]): Set<T> {
    const out = new Set<T>();
    let node: IndexNode<T> | undefined = this.#root;
    for (let i = 0; i < changed.length && node !== undefined; i += 1) {
      for (const owner of node.deep) out.add(owner);
      const rest = changed.length - i;
      if (rest === 1 || (rest === 2 && KEY_FIELDS.has(changed[i + 1]!))) for (const owner of node.shape) out.add(owner);
      node = node.children.get(changed[i]!);
    }
    if (node === undefined) return out;
    // Everything at or under the changed pointer.
    const stack: Array<IndexNode<T>> = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      for (const owner of n.deep) out.add(owner);
      for (const owner of n.shape) out.add(owner);
      for (const child of n.children.values()) stack.push(child);
    }
    return out;
  }
}
