import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, RECONNECT_DEFAULTS, reconnectPolicy } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles from the base, stays under the cap, and jitters over the upper half', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (failures, base, extra, r) => {
          const options = { baseMs: base, maxMs: base + extra };
          const ceiling = Math.min(options.maxMs, base * 2 ** Math.min(failures - 1, 20));
          const delay = backoffDelay(failures, options, () => r);
          expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeLessThanOrEqual(options.maxMs);
        },
      ),
    );
    expect(backoffDelay(1, { baseMs: 100, maxMs: 10_000 }, () => 1)).toBe(100);
    expect(backoffDelay(4, { baseMs: 100, maxMs: 10_000 }, () => 1)).toBe(800);
    expect(backoffDelay(40, { baseMs: 100, maxMs: 10_000 }, () => 0)).toBe(5000);
  });
});

describe('reconnectPolicy', () => {
  it('fills what the host left out with the one set of defaults', () => {
    expect(reconnectPolicy()).toEqual({ baseMs: 1000, maxMs: 30_000, attempts: 10 });
    expect(reconnectPolicy({ baseMs: 200, attempts: 50 })).toEqual({ baseMs: 200, maxMs: 30_000, attempts: 50 });
    expect(RECONNECT_DEFAULTS).toEqual(reconnectPolicy());
  });
});
