/**
 * A token bucket: `perSecond` messages per second on average, with `perSecond` as the burst.
 * `take()` is false once the budget is spent. Used twice: by the relay (first check, in the sandbox)
 * and by the renderer session (second check, in the host).
 */
export function createRateBudget(perSecond: number, now: () => number = () => performance.now()): { take(): boolean } {
  let tokens = perSecond;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(perSecond, tokens + ((t - last) * perSecond) / 1000);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
