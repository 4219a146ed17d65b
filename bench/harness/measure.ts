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

/**
 * Median and every run, in µs per call, of CPU time (user + system of this process), plus the
 * wall-clock figures. CPU time is the reported figure: on these shared 2-core machines the load
 * average often exceeds 10 and wall time then measures the scheduler, not the code; a process's
 * CPU time barely moves with load (it still includes GC helper threads, so it errs high).
 */
export interface Timing {
  median: number;
  runs: number[];
  wallMedian: number;
  wallRuns: number[];
  iterations: number;
}

let sink: unknown;
const MIN_WARMUP_CALLS = 3000;

/** Keeps the JIT from dropping a call whose result is unused. */
export function consume(value: unknown): void {
  sink = value;
}

/** Defaults for full and quick mode. */
export function measureOptions(quick: boolean): Required<MeasureOptions> {
  return quick ? { runs: 5, runMs: 20, warmupMs: 50 } : { runs: 5, runMs: 100, warmupMs: 200 };
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
 * call (CPU time; see `Timing`). `fn` should return its result so the call cannot be optimized away.
 */
export function measure(fn: (i: number) => unknown, options: MeasureOptions = {}): Timing {
  const { runs, runMs, warmupMs } = { ...measureOptions(false), ...options };
  let calls = 0;
  // Warm up for warmupMs and at least MIN_WARMUP_CALLS calls (for at most 10 × warmupMs), so the
  // JIT has tiered up before timing: with little CPU to spare, a time-only warm-up can end first.
  const warmStart = performance.now();
  const warmCap = warmupMs * 10;
  while (
    performance.now() - warmStart < warmupMs ||
    (calls < MIN_WARMUP_CALLS && performance.now() - warmStart < warmCap)
  )
    consume(fn(calls++));
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
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < Math.max(5, runs); r++) {
    gc?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) consume(fn(calls++));
    wall.push(((performance.now() - t0) * 1000) / iterations);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / iterations);
  }
  void sink;
  return { median: median(cpu), runs: cpu, wallMedian: median(wall), wallRuns: wall, iterations };
}

/**
 * Times several functions in alternating batches (a, b, c, a, b, c, …) after a warm-up of all of them, and returns
 * each one's `Timing` (µs per call, CPU time). For a sweep whose verdict is how the sizes compare: timed one after
 * another, the first size paid the JIT's warm-up and load drift landed on one size and not the others (issue 42's
 * token sweep spread 30% between runs); alternating batches share both. No forced GC between batches: a full GC
 * leaves the heap's concurrent sweeping to helper threads, which `process.cpuUsage` counts into the next batch, a
 * cost that grows with the heap (1.5x a token's own cost at 50,000 siblings, measured) and is not the code's;
 * each batch is long enough to carry its own share of the collections a steady stream causes.
 */
export function measureInterleaved(fns: readonly ((i: number) => unknown)[], options: MeasureOptions = {}): Timing[] {
  const { runs, runMs, warmupMs } = { ...measureOptions(false), ...options };
  const calls = fns.map(() => 0);
  for (const [k, fn] of fns.entries()) {
    const warmStart = performance.now();
    while (performance.now() - warmStart < warmupMs || calls[k]! < MIN_WARMUP_CALLS) consume(fn(calls[k]!++));
  }
  const iterations = fns.map((fn, k) => {
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) consume(fn(calls[k]!++));
      const elapsed = performance.now() - t0;
      if (elapsed >= runMs / 10 || n >= 1 << 24) return Math.max(1, Math.ceil((n * runMs) / Math.max(elapsed, 0.001)));
      n *= 2;
    }
  });
  const cpu: number[][] = fns.map(() => []);
  const wall: number[][] = fns.map(() => []);
  for (let r = 0; r < Math.max(5, runs); r++) {
    for (const [k, fn] of fns.entries()) {
      const n = iterations[k]!;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) consume(fn(calls[k]!++));
      wall[k]!.push(((performance.now() - t0) * 1000) / n);
      const used = process.cpuUsage(c0);
      cpu[k]!.push((used.user + used.system) / n);
    }
  }
  void sink;
  return fns.map((_, k) => ({
    median: median(cpu[k]!),
    runs: cpu[k]!,
    wallMedian: median(wall[k]!),
    wallRuns: wall[k]!,
    iterations: iterations[k]!,
  }));
}
