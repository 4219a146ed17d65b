import { enableArrayMethods } from 'immer';
import { Method, type GroupEntry, type GroupParticle, type Op, type Particle } from '../../shared/index.ts';

// The immer anchors run with immer's array-method plugin (callbacks see base values, no proxy per
// entry): the fairest immer there is. The product no longer needs it (it drafts only the root).
enableArrayMethods();

/**
 * Anchor: the four ops applied to a mutable draft (an immer or mutative draft), with no validation
 * beyond finding the path — the op semantics of the real applier without its checks, so the
 * anchors time the copy strategy alone. `stash` carries removed particles to a later
 * insert/append without `particle` (a move); `keep` says what to stash (the draft itself within
 * one produce, the original when each op is its own produce and drafts die in between).
 */
export function applyOpToDraft(
  root: GroupParticle,
  op: Op,
  stash: Map<string, Particle>,
  keep: (value: Particle) => Particle = (v) => v,
): void {
  switch (op.method) {
    case Method.append: {
      if ('text' in op.params) {
        const leaf = resolve(root, op.params.path);
        if (!('text' in leaf)) throw new Error('not a text');
        leaf.text += op.params.text;
        return;
      }
      const group = resolveGroup(root, op.params.path);
      group.group.push([op.params.id, op.params.particle ?? take(stash, op.params.id)]);
      return;
    }
    case Method.insert: {
      const group = resolveGroup(root, op.params.path);
      const index = indexOf(group.group, op.params.before);
      group.group.splice(index, 0, [op.params.id, op.params.particle ?? take(stash, op.params.id)]);
      return;
    }
    case Method.remove: {
      const { path } = op.params;
      const group = resolveGroup(root, path.slice(0, -1));
      const [entry] = group.group.splice(indexOf(group.group, path[path.length - 1]!), 1);
      stash.set(entry![0], keep(entry![1]));
      return;
    }
    case Method.replace: {
      const { path } = op.params;
      const group = resolveGroup(root, path.slice(0, -1));
      const id = path[path.length - 1]!;
      group.group[indexOf(group.group, id)] = [id, op.params.particle];
      return;
    }
  }
}

function take(stash: Map<string, Particle>, id: string): Particle {
  const particle = stash.get(id);
  if (particle === undefined) throw new Error(`nothing removed under ${id}`);
  stash.delete(id);
  return particle;
}

function indexOf(entries: readonly GroupEntry[], id: string): number {
  // findIndex: with immer's enableArrayMethods (enabled above) the callback sees base values, so
  // scanning does not create a proxy per entry.
  const index = entries.findIndex((entry) => entry[0] === id);
  if (index < 0) throw new Error(`no child ${id}`);
  return index;
}

function resolve(root: GroupParticle, path: readonly string[]): Particle {
  let node: Particle = root;
  for (const id of path) {
    if (!('group' in node)) throw new Error('not a group');
    node = node.group[indexOf(node.group, id)]![1];
  }
  return node;
}

function resolveGroup(root: GroupParticle, path: readonly string[]): GroupParticle {
  const node = resolve(root, path);
  if (!('group' in node)) throw new Error('not a group');
  return node;
}
