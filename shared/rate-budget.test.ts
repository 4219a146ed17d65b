import { describe, expect, it } from 'vitest';
import { createRateBudget } from './rate-budget.ts';

describe('createRateBudget', () => {
  it('allows a burst of perSecond, then refills at perSecond per second', () => {
    let now = 0;
    const budget = createRateBudget(10, () => now);
    for (let i = 0; i < 10; i += 1) expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now = 100; // one token back
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now = 10_000; // never more than the burst
    let taken = 0;
    while (budget.take()) taken += 1;
    expect(taken).toBe(10);
  });
});
