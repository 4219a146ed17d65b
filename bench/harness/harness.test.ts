import { describe, expect, test } from 'vitest';
import { BenchCheckError, check, checkEqual } from './check.ts';
import { measure, measureInterleaved, median } from './measure.ts';

describe('bench harness', () => {
  test('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test('measure times at least 5 runs and calls the function with increasing counters', () => {
    const seen: number[] = [];
    const timing = measure((i) => seen.push(i), { runs: 3, runMs: 1, warmupMs: 1 });
    expect(timing.runs.length).toBe(5);
    expect(timing.runs.every((us) => us >= 0)).toBe(true);
    expect(seen.every((v, i) => v === i)).toBe(true);
  });

  test('measureInterleaved times the functions in alternating batches, each with its own call counter', () => {
    const order: number[] = [];
    const seen: number[][] = [[], []];
    const fns = [0, 1].map((k) => (i: number) => {
      order.push(k);
      seen[k]!.push(i);
    });
    const timings = measureInterleaved(fns, { runs: 5, runMs: 1, warmupMs: 1 });
    expect(timings.map((t) => t.runs.length)).toEqual([5, 5]);
    expect(seen.every((calls) => calls.every((v, i) => v === i))).toBe(true);
    // After both warm up and calibrate, the timed batches alternate: a, b, a, b, … (ten switches).
    const batches = order.filter((k, i) => i === 0 || order[i - 1] !== k);
    expect(batches.slice(-10)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });

  test('checks throw BenchCheckError on wrong results', () => {
    expect(() => check(false, 'wrong')).toThrow(BenchCheckError);
    expect(() => checkEqual({ a: [1] }, { a: [2] }, 'tree')).toThrow(/tree: result differs/);
    expect(() => checkEqual({ a: 1, b: undefined }, { a: 1 }, 'tree')).not.toThrow();
  });
});
