/** The default clock: one function for every budget (a closure per budget would cost memory per socket). */
const performanceNow = (): number => performance.now();

/**
 * A token bucket: `perSecond` messages per second on average, with `perSecond` as the burst.
 * `take()` is false once the budget is spent. A class with its state as fields, not a closure: a
 * server holds one per socket (issue 43: memory per subscriber).
 */
class RateBudget {
  private readonly perSecond: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  constructor(perSecond: number, now: () => number) {
    this.perSecond = perSecond;
    this.now = now;
    this.tokens = perSecond;
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((t - this.last) * this.perSecond) / 1000);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * A token bucket of `perSecond` messages a second (see `RateBudget`). Used by the relay (first
 * check, in the sandbox), the renderer session (second check, in the host), the server's frame
 * intake and the MCP Apps channels.
 */
export function createRateBudget(perSecond: number, now: () => number = performanceNow): { take(): boolean } {
  return new RateBudget(perSecond, now);
}
