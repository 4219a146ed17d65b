/**
 * A tiny timing harness: warm up, calibrate an iteration count so one run lasts long enough for
 * the clock, then time `runs` runs and report the median time per call. The machines are noisy
 * (2 shared cores), so figures are medians and the tables show ratios against anchors timed in
 * the same session.
 */

/** How long and how often to time. */
export interface MeasureOptions {
  /** Timed runs (the median is reported); at least 5. */
  runs?: number;
  /** Minimum duration of one run in ms. */
  runMs?: number;
  /** Warm-up duration in ms. */
  warmupMs?: number;
}

/** Median and every run, in µs per call. */
export interface Timing {
  median: number;
  runs: number[];
  iterations: number;
}

let sink: unknown;

/** Keeps the JIT from dropping a call whose result is unused. */
export function consume(value: unknown): void {
  sink = value;
}

/** Defaults for full and quick mode. */
export function measureOptions(quick: boolean): Required<MeasureOptions> {
  return quick ? { runs: 5, runMs: 20, warmupMs: 20 } : { runs: 5, runMs: 100, warmupMs: 150 };
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Median of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Times `fn(i)` (i counts calls, so a case can rotate through prepared inputs) and returns µs per
 * call. `fn` should return its result so the call cannot be optimized away.
 */
export function measure(fn: (i: number) => unknown, options: MeasureOptions = {}): Timing {
  const { runs, runMs, warmupMs } = { ...measureOptions(false), ...options };
  let calls = 0;
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) consume(fn(calls++));
  // Calibrate: double until one batch takes a tenth of a run.
  let iterations = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) consume(fn(calls++));
    const elapsed = performance.now() - t0;
    if (elapsed >= runMs / 10 || iterations >= 1 << 24) {
      iterations = Math.max(1, Math.ceil((iterations * runMs) / Math.max(elapsed, 0.001)));
      break;
    }
    iterations *= 2;
  }
  const times: number[] = [];
  for (let r = 0; r < Math.max(5, runs); r++) {
    gc?.();
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) consume(fn(calls++));
    times.push(((performance.now() - t0) * 1000) / iterations);
  }
  void sink;
  return { median: median(times), runs: times, iterations };
}
