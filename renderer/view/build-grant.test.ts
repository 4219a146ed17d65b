import { describe, expect, it } from 'vitest';
import type { BuildBudget } from './build-budget.ts';
import { BuildGrant } from './build-grant.ts';

/** A budget that grants up to `left` elements in all and records what was asked. */
function fixedBudget(left: number): BuildBudget & { asked: number[]; laters: number } {
  const budget = {
    asked: [] as number[],
    laters: 0,
    grant(wanted: number): number {
      budget.asked.push(wanted);
      const granted = Math.min(wanted, left);
      left -= granted;
      return granted;
    },
    later(): void {
      budget.laters += 1;
    },
  };
  return budget;
}

describe('BuildGrant: one render of a keyed list against the build budget', () => {
  it('without a budget builds everything and admits every entry', () => {
    const grant = new BuildGrant(undefined);
    for (let i = 0; i < 100; i += 1) expect(grant.mayBuild(100)).toBe(true);
    const items = [['a'], ['b']] as const;
    expect(grant.admit(items, [])).toBe(items);
    expect(grant.deferred).toBe(false);
  });

  it('asks the budget once, for everything it may want, then counts down and defers', () => {
    const budget = fixedBudget(2);
    const grant = new BuildGrant(budget);
    expect([grant.mayBuild(5), grant.mayBuild(4), grant.mayBuild(3)]).toEqual([true, true, false]);
    expect(budget.asked).toEqual([5]);
    expect(grant.deferred).toBe(true);
  });

  it('never asks when nothing new is shown, and keeps every child already shown', () => {
    const budget = fixedBudget(0);
    const grant = new BuildGrant(budget);
    const items = [['a'], ['b']] as const;
    expect(grant.admit(items, ['b', 'a'])).toBe(items);
    expect(budget.asked).toEqual([]);
    expect(grant.deferred).toBe(false);
  });

  it('admits the new entries the grant covers, in order, and defers the rest (old ones always stay)', () => {
    const budget = fixedBudget(1);
    const grant = new BuildGrant(budget);
    const admitted = grant.admit([['n1'], ['old'], ['n2'], ['n3']], ['old']);
    expect(admitted.map(([id]) => id)).toEqual(['n1', 'old']);
    expect(budget.asked).toEqual([3]);
    expect(grant.deferred).toBe(true);
    // The grant is spent: a child that changes kind later in the same render waits too.
    expect(grant.mayBuild(1)).toBe(false);
    expect(budget.asked).toEqual([3]);
  });

  it('after a full grant for the new entries, a later build asks nothing more of this render', () => {
    const budget = fixedBudget(10);
    const grant = new BuildGrant(budget);
    expect(grant.admit([['a'], ['b']], []).length).toBe(2);
    expect(grant.deferred).toBe(false);
    expect(grant.mayBuild(1)).toBe(false);
    expect(budget.asked).toEqual([2]);
  });
});
