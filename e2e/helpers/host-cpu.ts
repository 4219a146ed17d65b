import type { Page } from '@playwright/test';
import { startFirefoxThreadCpu } from './firefox-thread-cpu.ts';
import type { StallReading } from './stall-meter.ts';

/** Reads the CPU time of a page's main thread (Chromium: CDP "ThreadTime"; Firefox: /proc). */
export interface HostCpuMeter {
  /** Milliseconds of main-thread CPU the page used since the meter started. */
  read(): Promise<number>;
  /**
   * The most main-thread CPU the host used within one of `reading`'s gaps (ms, an upper bound),
   * where the meter can place CPU in time (Firefox's sampler); undefined where it cannot.
   */
  gapCpu?(reading: StallReading): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Start measuring the host page's main-thread CPU time. Unlike wall-clock gaps, it does not grow
 * when other processes on a loaded machine take the CPU away, so it tells the host's own work
 * apart from the machine's: if the host used less than X ms of CPU in a whole window, no stall in
 * that window was longer than X ms of host work. Chromium reads it over CDP; Firefox (no CDP) from
 * its site process's main thread in /proc (firefox-thread-cpu.ts), which also places it in time, so
 * each gap of the stall meter gets its own CPU figure. Undefined elsewhere.
 */
export async function startHostCpu(page: Page): Promise<HostCpuMeter | undefined> {
  const browser = page.context().browser()?.browserType().name();
  if (browser === 'firefox') return await firefoxHostCpu();
  if (browser !== 'chromium') return undefined;
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

/**
 * Start what `startHostCpu` will read, ahead of the window it measures (Firefox's sampler thread
 * takes a while to start on a loaded machine; Chromium needs nothing).
 */
export async function prepareHostCpu(page: Page): Promise<void> {
  if (page.context().browser()?.browserType().name() === 'firefox') await startFirefoxThreadCpu();
}

async function firefoxHostCpu(): Promise<HostCpuMeter> {
  const sampler = await startFirefoxThreadCpu();
  return {
    read: () => Promise.resolve(Math.round(sampler.total())),
    async gapCpu(reading) {
      // The open gap ends at the read: wait for a sample after it (the sampler runs every ~2 ms).
      const last = Math.max(0, ...reading.gaps.map(([, end]) => end));
      for (let waited = 0; sampler.between(last, last) === Number.POSITIVE_INFINITY && waited < 2000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const figures = reading.gaps.map(([start, end]) => sampler.between(start, end));
      return Math.round(Math.max(0, ...figures) * 10) / 10;
    },
    stop: () => Promise.resolve(),
  };
}
