import { Method, type GroupEntry, type GroupParticle, type Op, type Particle } from '../../shared/index.ts';

/**
 * Anchor: a hand-written copy-on-write applier. Each group on an op's path is copied once per
 * transaction (a Set remembers the copies, so later ops mutate them in place); everything else is
 * shared with the input. No validation beyond finding the path.
 */
export function applyPathCopy(tree: GroupParticle, ops: readonly Op[], freeze = true): GroupParticle {
  const owned = new Set<Particle>();
  const stash = new Map<string, Particle>();
  const own = <T extends Particle>(node: T): T => {
    if (owned.has(node)) return node;
    const copy = ('group' in node ? { ...node, group: node.group.slice() } : { ...node }) as T;
    owned.add(copy);
    return copy;
  };
  const root = own(tree);
  // Walks `path` copying every node on it; returns the node at its end (owned).
  const walk = (path: readonly string[]): Particle => {
    let node: Particle = root;
    for (const id of path) {
      if (!('group' in node)) throw new Error('not a group');
      const entries: GroupEntry[] = node.group;
      const index = indexOf(entries, id);
      const child = own(entries[index]![1]);
      if (child !== entries[index]![1]) entries[index] = [id, child];
      node = child;
    }
    return node;
  };
  const group = (path: readonly string[]): GroupParticle => {
    const node = walk(path);
    if (!('group' in node)) throw new Error('not a group');
    return node;
  };
  for (const op of ops) {
    switch (op.method) {
      case Method.append:
        if ('text' in op.params) {
          const leaf = walk(op.params.path);
          if (!('text' in leaf)) throw new Error('not a text');
          leaf.text += op.params.text;
        } else group(op.params.path).group.push([op.params.id, op.params.particle ?? take(stash, op.params.id)]);
        break;
      case Method.insert: {
        const entries = group(op.params.path).group;
        entries.splice(indexOf(entries, op.params.before), 0, [
          op.params.id,
          op.params.particle ?? take(stash, op.params.id),
        ]);
        break;
      }
      case Method.remove: {
        const entries = group(op.params.path.slice(0, -1)).group;
        const [entry] = entries.splice(indexOf(entries, op.params.path[op.params.path.length - 1]!), 1);
        stash.set(entry![0], entry![1]);
        break;
      }
      case Method.replace: {
        const entries = group(op.params.path.slice(0, -1)).group;
        const id = op.params.path[op.params.path.length - 1]!;
        entries[indexOf(entries, id)] = [id, op.params.particle];
        break;
      }
    }
  }
  // Frozen like immer's output: the copies, their children arrays and entries.
  if (freeze)
    for (const node of owned) {
      if ('group' in node) {
        for (const entry of node.group) Object.freeze(entry);
        Object.freeze(node.group);
      }
      Object.freeze(node);
    }
  return root;
}

function take(stash: Map<string, Particle>, id: string): Particle {
  const particle = stash.get(id);
  if (particle === undefined) throw new Error(`nothing removed under ${id}`);
  stash.delete(id);
  return particle;
}

function indexOf(entries: readonly GroupEntry[], id: string): number {
  // findIndex: with immer's enableArrayMethods (bench/anchors/draft-ops.ts enables it for every
  // bench process) the callback sees base values, so scanning does not create a proxy per entry.
  const index = entries.findIndex((entry) => entry[0] === id);
  if (index < 0) throw new Error(`no child ${id}`);
  return index;
}
