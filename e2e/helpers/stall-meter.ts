import type { Page } from '@playwright/test';

/** What the meter saw between start and read. */
export interface StallReading {
  /** Largest gap in ms between two consecutive 10 ms interval callbacks (≈10 when nothing stalls). */
  maxGap: number;
  /** Interval callbacks seen; a frozen page shows few. */
  ticks: number;
  /** Time covered in ms. */
  span: number;
  /** Long tasks (>50 ms, PerformanceObserver "longtask") in the host: how many, and the longest in ms. */
  longTasks: number;
  longestTask: number;
  /**
   * Every gap over 15 ms as [start, end] in epoch ms (the page's `timeOrigin + now()`), the open
   * one included: a CPU sampler outside the browser (Firefox, firefox-thread-cpu.ts) reads what
   * the host's thread did in each. At most 2,000 are kept.
   */
  gaps: Array<[number, number]>;
  /** Set by the caller from `HostCpuMeter.gapCpu`: the host thread's most CPU within one gap (ms). */
  gapCpuMs?: number;
}

interface MeterState {
  gaps: Array<[number, number]>;
  last: number;
  start: number;
  maxGap: number;
  ticks: number;
  timer: number;
  longTasks: number;
  longestTask: number;
  observer?: PerformanceObserver;
}

/**
 * Start measuring the host's event loop: a 10 ms `setInterval` in the page records the largest
 * `performance.now()` gap between callbacks (design §8: `page.evaluate` round trips would wait
 * while the page is busy and hide the freeze). Restarting resets the meter.
 */
export async function startStallMeter(page: Page): Promise<void> {
  await page.evaluate(() => {
    const host = window as unknown as { __suipStall?: MeterState };
    if (host.__suipStall) {
      clearInterval(host.__suipStall.timer);
      host.__suipStall.observer?.disconnect();
    }
    const now = performance.now();
    const state: MeterState = {
      gaps: [],
      last: now,
      start: now,
      maxGap: 0,
      ticks: 0,
      timer: 0,
      longTasks: 0,
      longestTask: 0,
    };
    // Long tasks tell a single blocking task apart from many short tasks that starve the timer.
    state.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks += 1;
        state.longestTask = Math.max(state.longestTask, Math.round(entry.duration));
      }
    });
    state.observer.observe({ type: 'longtask' });
    state.timer = window.setInterval(() => {
      const t = performance.now();
      state.maxGap = Math.max(state.maxGap, t - state.last);
      if (t - state.last > 15 && state.gaps.length < 2000)
        state.gaps.push([performance.timeOrigin + state.last, performance.timeOrigin + t]);
      state.last = t;
      state.ticks += 1;
    }, 10);
    host.__suipStall = state;
  });
}

/**
 * Read the meter. The gap still open since the last tick counts too, so a page that is frozen
 * right now reports it.
 */
export async function readStallMeter(page: Page): Promise<StallReading> {
  return page.evaluate(() => {
    const state = (window as unknown as { __suipStall?: MeterState }).__suipStall;
    if (!state) throw new Error('stall meter not started');
    const now = performance.now();
    return {
      maxGap: Math.round(Math.max(state.maxGap, now - state.last) * 10) / 10,
      ticks: state.ticks,
      span: Math.round(now - state.start),
      longTasks: state.longTasks,
      longestTask: state.longestTask,
      gaps: [...state.gaps, [performance.timeOrigin + state.last, performance.timeOrigin + now]],
    };
  });
}

/** Busy-loop the host's main thread for `ms` (the meter's positive control). */
export async function blockHost(page: Page, ms: number): Promise<void> {
  await page.evaluate((duration) => {
    const end = performance.now() + duration;
    while (performance.now() < end) {
      // A deliberate freeze: the meter must see it.
    }
  }, ms);
}

/**
 * The stall an attack may cause in the host: STALL_LIMIT_MS, plus whatever an idle control page
 * in the same browser lost at the same time beyond a normal 20 ms (CPU starvation by other
 * processes on a loaded machine, which the attack did not cause). On a quiet machine the control
 * page shows ~10-20 ms and the limit is exactly `limit`.
 */
export function stallAllowance(limit: number, control: StallReading): number {
  return limit + Math.max(0, control.maxGap - 20);
}

/** An idle page in the same browser whose stall meter runs beside the host's, as a control. */
export async function openControlPage(page: Page): Promise<Page> {
  const control = await page.context().newPage();
  await control.goto('about:blank');
  await startStallMeter(control);
  return control;
}

/** Whether a measured host stall is acceptable, and why (for the assertion message and the log). */
export interface StallVerdict {
  ok: boolean;
  why: string;
}

/**
 * Judge a host stall against `limit` on a machine that may be loaded by other work:
 * - the longest gap is under `limit`: fine;
 * - or the host's main thread used less than `limit` ms of CPU in the whole window (`hostCpuMs`,
 *   from `startHostCpu`): the host cannot have blocked itself that long, the gap was the machine;
 * - or the gap is within `stallAllowance` of what an idle control page lost at the same time.
 * On a quiet machine all three say the same as a plain `maxGap < limit`. `hostCpuMs` is undefined
 * outside Chromium; then only the first and the last rule apply.
 */
export function judgeStall(
  host: StallReading,
  control: StallReading,
  hostCpuMs: number | undefined,
  limit: number,
): StallVerdict {
  const cpu = hostCpuMs === undefined ? 'host CPU not measured (no CDP)' : `host main-thread CPU ${hostCpuMs} ms`;
  const perGap = host.gapCpuMs === undefined ? '' : `, at most ${host.gapCpuMs} ms of it within one gap`;
  const figures = `host gap ${host.maxGap} ms, control page gap ${control.maxGap} ms, ${cpu}${perGap} over ${host.span} ms`;
  if (host.maxGap < limit) return { ok: true, why: `gap under ${limit} ms (${figures})` };
  if (hostCpuMs !== undefined && hostCpuMs < limit)
    return {
      ok: true,
      why: `host used under ${limit} ms CPU in the whole window; the gap was the machine (${figures})`,
    };
  // Firefox: the host's CPU placed in time; no gap held `limit` ms of the host's own work.
  if (host.gapCpuMs !== undefined && host.gapCpuMs < limit)
    return { ok: true, why: `host used under ${limit} ms CPU within every gap; the rest was the machine (${figures})` };
  if (host.maxGap < stallAllowance(limit, control))
    return { ok: true, why: `within the control page's loss (${figures})` };
  return { ok: false, why: `host stalled: ${figures}` };
}
