import { appendOp, appendTextOp, isGroup, removeOp, replaceOp, type Op, type Particle } from '../../shared/index.ts';

/**
 * Anchor: a straightforward diff that deep-compares every node by value, with no `===` shortcut
 * for shared subtrees (what a generator gets without structural sharing). Children with the same
 * ids in the same order are compared pairwise; any other change of a children list replaces the
 * group. Good enough to find a one-leaf change; not a competitor for reorders. It walks one path
 * array (push/pop, copied only when an op is emitted) so the anchor is not slowed by allocation.
 */
export function deepEqualDiff(prev: Particle, next: Particle): Op[] {
  const ops: Op[] = [];
  walk(prev, next, [], ops);
  return ops;
}

function walk(prev: Particle, next: Particle, path: string[], ops: Op[]): void {
  if ('text' in next) {
    if (!('text' in prev) || prev.mimeType !== next.mimeType) ops.push(replaceOp([...path], next));
    else if (prev.text !== next.text) {
      if (next.text.startsWith(prev.text)) ops.push(appendTextOp([...path], next.text.slice(prev.text.length)));
      else ops.push(replaceOp([...path], next));
    }
    return;
  }
  if ('data' in next) {
    if (!('data' in prev) || prev.data !== next.data || prev.mimeType !== next.mimeType)
      ops.push(replaceOp([...path], next));
    return;
  }
  const onDiffers =
    (prev as { on?: unknown }).on !== undefined || next.on !== undefined
      ? JSON.stringify((prev as { on?: unknown }).on) !== JSON.stringify(next.on)
      : false;
  if (!isGroup(prev) || prev.type !== next.type || onDiffers) {
    ops.push(replaceOp([...path], next));
    return;
  }
  const before = prev.group;
  const after = next.group;
  let sameIds = before.length === after.length;
  for (let i = 0; sameIds && i < after.length; i++) sameIds = before[i]![0] === after[i]![0];
  if (sameIds) {
    for (let i = 0; i < after.length; i++) {
      path.push(after[i]![0]);
      walk(before[i]![1], after[i]![1], path, ops);
      path.pop();
    }
    return;
  }
  if (path.length === 0) {
    // The root cannot be replaced: remove everything and append anew.
    for (const [id] of before) ops.push(removeOp([id]));
    for (const [id, child] of after) ops.push(appendOp([], id, child));
  } else ops.push(replaceOp([...path], next));
}
