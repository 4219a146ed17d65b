import type { Page } from '@playwright/test';

/** Reads the CPU time of a page's main thread (CDP `Performance.getMetrics` "ThreadTime"). */
export interface HostCpuMeter {
  /** Milliseconds of main-thread CPU the page used since the meter started. */
  read(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Start measuring the host page's main-thread CPU time. Unlike wall-clock gaps, it does not grow
 * when other processes on a loaded machine take the CPU away, so it tells the host's own work
 * apart from the machine's: if the host used less than X ms of CPU in a whole window, no stall in
 * that window was longer than X ms of host work. Returns undefined outside Chromium (no CDP).
 */
export async function startHostCpu(page: Page): Promise<HostCpuMeter | undefined> {
  // CDP exists only in Chromium. Elsewhere (the opt-in Firefox project) there is no CPU figure:
  // judgeStall then relies on the in-page gap and the idle control page alone, which is stricter.
  if (page.context().browser()?.browserType().name() !== 'chromium') return undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  const start = await threadTime();
  return {
    read: async () => Math.round((await threadTime()) - start),
    stop: () => cdp.detach(),
  };
}
