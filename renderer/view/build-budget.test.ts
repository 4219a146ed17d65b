import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBuildBudget } from './build-budget.ts';

let now = 0;
beforeEach(() => {
  now = 1_000;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The task ends: its timers (the budget's own end-of-task mark first) run. */
const endTask = () => vi.runOnlyPendingTimers();

/** One task that asks for `wanted` children, each costing `msPerChild`: what it was granted. */
const task = (budget: ReturnType<typeof createBuildBudget>, wanted: number, msPerChild: number): number => {
  const got = budget.grant(wanted);
  now += got * msPerChild;
  endTask();
  return got;
};

describe('createBuildBudget', () => {
  it('grants up to the per-task count across every render of a task, and a fresh count in the next task', () => {
    const budget = createBuildBudget(12, 100, 100);
    expect(budget.grant(60)).toBe(60);
    expect(budget.grant(60)).toBe(40); // a nested group's render shares the task's count
    expect(budget.grant(1)).toBe(0);
    endTask();
    expect(budget.grant(1_000)).toBe(100);
  });

  it('grants nothing more once the task has spent its slice, however much count is left', () => {
    const budget = createBuildBudget(12, 100);
    expect(budget.grant(5)).toBe(5);
    now += 13;
    expect(budget.grant(5)).toBe(0);
    endTask();
    expect(budget.grant(5)).toBe(5);
  });

  it('always grants at the first ask of a task (a big tree always progresses); nothing for nothing wanted', () => {
    const budget = createBuildBudget(0, 100);
    expect(budget.grant(3)).toBe(3);
    expect(budget.grant(0)).toBe(0);
  });

  it('runs a waiting render in a later task with a fresh slice, never in the current one', async () => {
    const budget = createBuildBudget(12, 100, 100);
    expect(budget.grant(1_000)).toBe(100);
    const granted: number[] = [];
    budget.later(async () => void granted.push(budget.grant(1_000)));
    expect(granted).toEqual([]);
    await vi.runOnlyPendingTimersAsync();
    expect(granted).toEqual([100]);
  });

  it('takes waiting renders in turn: a list that keeps asking does not starve the parent that waits for one child', async () => {
    const budget = createBuildBudget(12, 100, 100);
    const log: string[] = [];
    let listLeft = 1_000;
    const list = async (): Promise<void> => {
      const got = budget.grant(listLeft);
      listLeft -= got;
      log.push(`list ${got}`);
      if (listLeft > 0) budget.later(list);
    };
    let parentDone = false;
    const parent = async (): Promise<void> => {
      const got = budget.grant(1);
      log.push(`parent ${got}`);
      if (got === 0) budget.later(parent);
      else parentDone = true;
    };
    budget.later(list);
    budget.later(parent);
    for (let task = 0; task < 4 && !parentDone; task += 1) await vi.runOnlyPendingTimersAsync();
    expect(parentDone).toBe(true);
    // The list spent the first task's slice; the parent, next in line, goes first in the second.
    expect(log.slice(0, 3)).toEqual(['list 100', 'parent 1', 'list 99']);
    // The list goes on, one slice per task, until all of it is built.
    for (let task = 0; task < 20 && listLeft > 0; task += 1) await vi.runOnlyPendingTimersAsync();
    expect(listLeft).toBe(0);
  });

  it('stops a task at the end of its slice even when renders still wait', async () => {
    const budget = createBuildBudget(12, 1_000);
    let ran = 0;
    const slow = async (): Promise<void> => {
      ran += 1;
      budget.grant(1);
      now += 8; // each render takes 8 ms
    };
    for (let i = 0; i < 5; i += 1) budget.later(slow);
    await vi.runOnlyPendingTimersAsync();
    // 0 ms, 8 ms: two renders; the third would start after the 12 ms slice.
    expect(ran).toBe(2);
    await vi.runOnlyPendingTimersAsync();
    expect(ran).toBe(4);
  });

  it("sizes a task's count to the slice once it has measured what a child costs, within its floor and cap", () => {
    const budget = createBuildBudget(12, 100, 1_000);
    // Nothing measured yet: the fixed count.
    expect(task(budget, 10_000, 0.03)).toBe(100);
    // 100 children took 3 ms: 0.03 ms each, so 400 fit in 12 ms; the count at most doubles a task.
    expect(task(budget, 10_000, 0.03)).toBe(200);
    expect(task(budget, 10_000, 0.03)).toBe(400);
    // Dearer children shrink the count at once (the estimate takes a dearer measurement whole).
    task(budget, 10_000, 0.12);
    expect(task(budget, 10_000, 0.12)).toBe(100);
    for (let i = 0; i < 10; i += 1) task(budget, 10_000, 1);
    expect(task(budget, 10_000, 1)).toBe(100); // never below the fixed count: a big tree always progresses
    now += 1_000; // the dear measurement's hold ends
    for (let i = 0; i < 10; i += 1) task(budget, 10_000, 0);
    expect(task(budget, 10_000, 0)).toBe(1_000); // free children still stop at the cap
  });

  it('a program that primes the count with cheap children gets at most the cap for dear ones, then not again for a second', () => {
    const budget = createBuildBudget();
    for (let i = 0; i < 12; i += 1) task(budget, 100_000, 0.002);
    // The review's attack: 4,096 children of 2 ms (an 8 s task) after 12 cheap tasks; now the cap.
    const primed = task(budget, 100_000, 2);
    expect(primed).toBe(1_024);
    // The next task fits the dear cost (2 ms a child: 6 in 12 ms, floored at the unmeasured 128).
    expect(task(budget, 100_000, 2)).toBe(128);
    // Cheap children right after it teach nothing: the dear measurement holds for a second.
    const held = Array.from({ length: 16 }, () => task(budget, 100_000, 0.002));
    expect(held).toEqual(Array.from({ length: 16 }, () => 128));
    now += 1_000;
    // Climbing back then takes many cheap tasks again: the estimate halves its way down, the count at most doubles.
    const counts = Array.from({ length: 16 }, () => task(budget, 100_000, 0.002));
    expect(counts.slice(0, 4)).toEqual([128, 128, 128, 128]);
    for (let i = 1; i < counts.length; i += 1) expect(counts[i]!).toBeLessThanOrEqual(2 * counts[i - 1]!);
    expect(counts.at(-1)).toBe(1_024);
  });

  it('learns nothing from a task that built only a few children (their time is mostly not theirs)', () => {
    const budget = createBuildBudget(12, 100, 1_000);
    budget.grant(5);
    now += 6;
    endTask();
    expect(budget.grant(10_000)).toBe(100);
  });
});
