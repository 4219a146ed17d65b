import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderBuffer } from './order-buffer.ts';

function fakeTimers() {
  const timers: Array<{ fn: () => void; at: number } | undefined> = [];
  return {
    setTimer: (fn: () => void, ms: number) => timers.push({ fn, at: ms }) - 1,
    clearTimer: (handle: unknown) => void (timers[handle as number] = undefined),
    fire: () => {
      for (let i = 0; i < timers.length; i += 1) {
        const t = timers[i];
        timers[i] = undefined;
        t?.fn();
      }
    },
  };
}

describe('order buffer', () => {
  it('delivers any permutation of 0..N in order, each once (duplicates dropped)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 200 })
          .chain((n) =>
            fc.tuple(
              fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
              fc.array(fc.nat({ max: n - 1 })),
            ),
          ),
        ([order, dupes]) => {
          const got: number[] = [];
          const buffer = createOrderBuffer<string>({
            deliver: (seq, item) => got.push(Number(item) === seq ? seq : -1),
            ...fakeTimers(),
          });
          for (const seq of order) buffer.push(seq, String(seq));
          for (const seq of dupes) buffer.push(seq, String(seq));
          expect(got).toEqual([...order].sort((a, b) => a - b));
          expect(buffer.waiting).toBe(0);
        },
      ),
    );
  });

  it('skips a gap that never fills after the timeout, with a warning', () => {
    const timers = fakeTimers();
    const got: number[] = [];
    const warnings: string[] = [];
    const buffer = createOrderBuffer<number>({
      deliver: (seq) => got.push(seq),
      onWarning: (w) => warnings.push(w),
      ...timers,
    });
    buffer.push(0, 0);
    buffer.push(2, 2);
    buffer.push(3, 3);
    expect(got).toEqual([0]);
    timers.fire();
    expect(got).toEqual([0, 2, 3]);
    expect(warnings[0]).toContain('events 1..1 never arrived');
    buffer.push(1, 1);
    expect(got).toEqual([0, 2, 3]);
  });

  it('bounds what waits: past maxPending the oldest gap is skipped', () => {
    const got: number[] = [];
    const buffer = createOrderBuffer<number>({ deliver: (seq) => got.push(seq), maxPending: 4, ...fakeTimers() });
    for (let seq = 1; seq <= 5; seq += 1) buffer.push(seq, seq);
    expect(got).toEqual([1, 2, 3, 4, 5]);
    expect(buffer.next).toBe(6);
  });
});
