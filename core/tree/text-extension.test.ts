import { describe, expect, it } from 'vitest';
import { Method, type GroupParticle, type Op } from '../../shared/index.ts';
import { applyTransaction } from './transaction.ts';
import { extendedFrom } from './text-extension.ts';

const append = (text: string): Op[] => [{ method: Method.append, params: { path: ['t'], text } } as Op];
const leaf = (tree: GroupParticle): object => tree.group[0]![1];

describe('text extensions', () => {
  it('link each appended text to the one it extended, with the delta', () => {
    const before = { group: [['t', { text: 'a' }]] } as GroupParticle;
    const next = applyTransaction(before, append('b'));
    if (!next.ok) throw new Error(next.error.message);
    expect(extendedFrom(leaf(next.tree))).toMatchObject({ from: leaf(before), delta: 'b' });
  });

  it('keep one step back only: a streamed paragraph does not hold every earlier version alive', () => {
    let tree: GroupParticle = { group: [['t', { text: '' }]] };
    const versions: object[] = [leaf(tree)];
    for (const token of ['one ', 'two ', 'three ']) {
      const result = applyTransaction(tree, append(token));
      if (!result.ok) throw new Error(result.error.message);
      tree = result.tree;
      versions.push(leaf(tree));
    }
    expect(extendedFrom(versions[3]!)).toMatchObject({ from: versions[2], delta: 'three ' });
    // Its predecessor's own link is gone: nothing reaches versions 0 and 1 through the newest text.
    expect(extendedFrom(versions[2]!)?.from).toBeUndefined();
    expect(extendedFrom(versions[1]!)?.from).toBeUndefined();
  });

  it('a text appended twice in one batch links the last to the first append only', () => {
    const before = { group: [['t', { text: 'a' }]] } as GroupParticle;
    const result = applyTransaction(before, [...append('b'), ...append('c')]);
    if (!result.ok) throw new Error(result.error.message);
    const last = extendedFrom(leaf(result.tree));
    expect(last?.delta).toBe('c');
    expect((last?.from as { text: string }).text).toBe('ab');
  });
});
