import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { markLongestIncreasing } from './lis.ts';

/** Length of a longest strictly increasing subsequence by the O(n²) textbook recurrence. */
function lisLength(seq: readonly number[]): number {
  const best = seq.map(() => 1);
  let max = 0;
  for (let i = 0; i < seq.length; i++) {
    if (seq[i]! < 0) {
      best[i] = 0;
      continue;
    }
    for (let j = 0; j < i; j++) if (seq[j]! >= 0 && seq[j]! < seq[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
    max = Math.max(max, best[i]!);
  }
  return max;
}

describe('markLongestIncreasing', () => {
  test('marks a longest increasing run', () => {
    expect(markLongestIncreasing([0, 1, 2])).toEqual([true, true, true]);
    expect(markLongestIncreasing([2, 1, 0])).toEqual([false, false, true]);
    expect(markLongestIncreasing([3, 0, 1, 4, 2])).toEqual([false, true, true, false, true]);
    expect(markLongestIncreasing([])).toEqual([]);
  });

  test('skips new entries (-1)', () => {
    expect(markLongestIncreasing([-1, 1, -1, 0, 2])).toEqual([false, false, false, true, true]);
    expect(markLongestIncreasing([-1, -1])).toEqual([false, false]);
  });

  test('the marks are increasing and as many as the O(n²) optimum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 40 }), { maxLength: 60 }), (raw) => {
        // distinct non-negative values, like old positions of distinct ids
        const seen = new Set<number>();
        const seq = raw.map((v) => (v < 0 || seen.has(v) ? -1 : (seen.add(v), v)));
        const marks = markLongestIncreasing(seq);
        const picked = seq.filter((_, i) => marks[i]);
        expect(picked.every((v) => v >= 0)).toBe(true);
        expect(picked.every((v, i) => i === 0 || picked[i - 1]! < v)).toBe(true);
        expect(picked.length).toBe(lisLength(seq));
      }),
      { numRuns: 1000 },
    );
  });
});
