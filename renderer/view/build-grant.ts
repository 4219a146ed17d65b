import type { BuildBudget } from './build-budget.ts';

/**
 * One render's share of the build budget (build-budget.ts): how many new elements this render of a
 * keyed list may still build, and whether it left some for later. Asked lazily: a render that
 * builds nothing never takes a grant, so it never eats into another list's share of the task.
 */
export class BuildGrant {
  /** Elements this render may still build; undefined until the first ask. */
  private granted: number | undefined;
  /** Something this render wanted to build waits for a later one. */
  deferred = false;

  /** Without a budget (a parent whose markup refers to every child) everything is built at once. */
  constructor(readonly budget: BuildBudget | undefined) {}

  /**
   * May one more element be built? `upTo` is how many this render could still want, asked for at
   * once on the first call so the budget is consulted once per render.
   */
  mayBuild(upTo: number): boolean {
    if (this.budget === undefined) return true;
    this.granted ??= this.budget.grant(upTo);
    if (this.granted <= 0) {
      this.deferred = true;
      return false;
    }
    this.granted -= 1;
    return true;
  }

  /**
   * The entries to show: every one already `shown` stays (never an old child removed for a new
   * one), new ones beyond the grant wait for a later render, in order.
   */
  admit<T extends readonly [string, ...unknown[]]>(items: readonly T[], shown: readonly string[]): readonly T[] {
    if (this.budget === undefined) return items;
    const old = new Set(shown);
    let fresh = 0;
    for (const [id] of items) if (!old.has(id)) fresh += 1;
    if (fresh === 0) return items;
    let granted = this.budget.grant(fresh);
    let admitted = items;
    if (granted < fresh) {
      let left = granted;
      admitted = items.filter(([id]) => old.has(id) || left-- > 0);
      this.deferred = true;
    }
    granted -= Math.min(granted, fresh);
    this.granted = granted;
    return admitted;
  }
}
