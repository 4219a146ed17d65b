/** A cumulative histogram in Prometheus' shape: counts at or under each bound, their sum and count. */
export interface Histogram {
  readonly bounds: readonly number[];
  observe(value: number): void;
  /** Counts at or under each bound (cumulative), then the count and the sum of every value. */
  snapshot(): { buckets: number[]; count: number; sum: number };
}

/** Milliseconds from a fraction of a millisecond (a commit in RAM) to seconds (a stalled disk). */
export const LATENCY_BOUNDS_MS: readonly number[] = Object.freeze([
  0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 10_000,
]);

/** A histogram over fixed `bounds` (ascending): constant memory whatever it observes. */
export function createHistogram(bounds: readonly number[] = LATENCY_BOUNDS_MS): Histogram {
  const counts = new Array<number>(bounds.length).fill(0);
  let count = 0;
  let sum = 0;
  return {
    bounds,
    observe(value) {
      count += 1;
      sum += value;
      const index = bounds.findIndex((bound) => value <= bound);
      if (index >= 0) counts[index]! += 1;
    },
    snapshot() {
      let running = 0;
      return { buckets: counts.map((n) => (running += n)), count, sum };
    },
  };
}
