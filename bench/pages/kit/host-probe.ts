/**
 * Host main-thread cost while a benchmark window is open. Three views of the same thing:
 * - `taskMs`: Chromium's own `TaskDuration` for this page's main thread (CDP `Performance.getMetrics`,
 *   fetched by the Node driver through the exposed `benchMetrics` binding). Out-of-process sandbox
 *   iframes are separate processes and are not counted, which is exactly "host CPU".
 * - `stallMs` / `maxGapMs`: gaps of a 10 ms `setInterval` (design §8: this is how a freeze shows).
 * - `longTasks` / `longFrames`: PerformanceObserver `longtask` and `long-animation-frame` entries.
 */

declare global {
  interface Window {
    /** Exposed by the Node driver: CDP Performance metrics of this page. */
    benchMetrics?: () => Promise<Record<string, number>>;
  }
}

/** What `stop()` reports. */
export interface HostCost {
  wallMs: number;
  taskMs: number;
  busyPct: number;
  stallMs: number;
  maxGapMs: number;
  longTasks: number;
  longFrames: number;
  /** The longest `longtask` entry, in ms (0 when none went over 50 ms). */
  longestTaskMs: number;
  /** Parts of taskMs (CDP): script, layout, style recalculation. */
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

async function metrics(): Promise<number[]> {
  if (!window.benchMetrics) return METRICS.map(() => Number.NaN);
  const all = await window.benchMetrics();
  return METRICS.map((name) => all[name] ?? Number.NaN);
}

/** Start measuring; `stop()` returns the cost since `start`. */
export async function startHostProbe(): Promise<{ stop(): Promise<HostCost> }> {
  let longTasks = 0;
  let longFrames = 0;
  let longestTaskMs = 0;
  const observers: PerformanceObserver[] = [];
  for (const type of ['longtask', 'long-animation-frame']) {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) continue;
    const observer = new PerformanceObserver((list) => {
      if (type === 'longtask') {
        longTasks += list.getEntries().length;
        for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
      } else longFrames += list.getEntries().length;
    });
    observer.observe({ type, buffered: false });
    observers.push(observer);
  }
  let stallMs = 0;
  let maxGapMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (gap > maxGapMs) maxGapMs = gap;
    if (gap > 12) stallMs += gap - 10;
  }, 10);
  const m0 = await metrics();
  const t0 = performance.now();
  return {
    async stop() {
      const wallMs = performance.now() - t0;
      const m1 = await metrics();
      clearInterval(timer);
      for (const o of observers) o.disconnect();
      const [taskMs, scriptMs, layoutMs, styleMs] = m1.map((v, i) => (v - m0[i]!) * 1000) as [
        number,
        number,
        number,
        number,
      ];
      return {
        wallMs,
        taskMs,
        busyPct: (100 * taskMs) / wallMs,
        stallMs,
        maxGapMs,
        longTasks,
        longFrames,
        longestTaskMs,
        scriptMs,
        layoutMs,
        styleMs,
      };
    },
  };
}
