import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isGroup, type GroupParticle, type Particle } from '../../shared/index.ts';
import { applyTransaction } from '../../core/tree/index.ts';
import { pairArb } from './arbitraries.ts';
import { diff } from './diff.ts';
import { at, deepFreeze, t } from './test-trees.ts';

const RUNS = { numRuns: 1000 };

function apply(prev: GroupParticle, next: GroupParticle): GroupParticle {
  const result = applyTransaction(prev, diff(prev, next));
  if (!result.ok) throw new Error(`${result.error.message} ${JSON.stringify(result.error.data)}`);
  return result.tree;
}

/** Every path of `tree` where the particle is the very object found at that path in `other`. */
function sharedPaths(tree: Particle, other: Particle, path: string[] = [], out: string[][] = []): string[][] {
  if (tree === other) out.push(path);
  else if (isGroup(tree) && isGroup(other)) {
    const old = new Map(other.group);
    for (const [id, child] of tree.group) if (old.has(id)) sharedPaths(child, old.get(id)!, [...path, id], out);
  }
  return out;
}

/** The O(n²) length of a longest increasing subsequence: the reference for the move count. */
function lisLength(seq: readonly number[]): number {
  const best: number[] = [];
  for (let i = 0; i < seq.length; i++) {
    best[i] = 1;
    for (let j = 0; j < i; j++) if (seq[j]! < seq[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
  }
  return Math.max(0, ...best);
}

describe('diff properties (fast-check, 1,000 random tree pairs each)', () => {
  test('applyTransaction(prev, diff(prev, next)) deep-equals next, and diffing again gives nothing', () => {
    fc.assert(
      fc.property(pairArb, ([prev, next]) => {
        const tree = apply(prev, next);
        expect(tree).toEqual(next);
        expect(diff(tree, next)).toEqual([]);
      }),
      RUNS,
    );
  });

  test('diff never mutates its inputs (frozen inputs, and equal to a clone afterwards)', () => {
    fc.assert(
      fc.property(pairArb, ([prev, next]) => {
        const before = structuredClone([prev, next]);
        deepFreeze(prev);
        deepFreeze(next);
        diff(prev, next);
        expect([prev, next]).toEqual(before);
      }),
      RUNS,
    );
  });

  test('subtrees next shares with prev keep their identity after apply (moves included)', () => {
    fc.assert(
      fc.property(pairArb, ([prev, next]) => {
        const tree = apply(prev, next);
        for (const path of sharedPaths(next, prev)) if (path.length > 0) expect(at(tree, path)).toBe(at(prev, path));
      }),
      RUNS,
    );
  });

  test('a pure reorder of keyed children emits exactly 2 × (n − LIS) ops, all moves', () => {
    const reorder = fc
      .integer({ min: 0, max: 40 })
      .chain((n) =>
        fc.tuple(fc.constant(n), fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n })),
      );
    fc.assert(
      fc.property(reorder, fc.boolean(), ([n, order], nested) => {
        const children = [...Array(n).keys()].map((i): [string, Particle] => [
          `k${i}`,
          nested ? { group: [['x', t(`${i}`)]] } : t(`${i}`),
        ]);
        const wrap = (entries: Array<[string, Particle]>): GroupParticle => ({
          group: [['list', { group: entries, type: 'list' }]],
        });
        const prev = wrap(children);
        const next = wrap(order.map((i) => children[i]!));
        const ops = diff(prev, next);
        expect(ops).toHaveLength(2 * (n - lisLength(order)));
        expect(ops.every((op) => !('particle' in op.params))).toBe(true);
        const tree = apply(prev, next);
        expect(tree).toEqual(next);
        for (const [id, child] of children) expect(at(tree, ['list', id])).toBe(child);
      }),
      RUNS,
    );
  });
});
