import type { CDPSession, Page } from '@playwright/test';

/** The host page's main-thread tasks in a traced window. */
export interface TaskCpuReading {
  /** The longest task's CPU time on the page's main thread (trace `tdur`), ms. */
  longestCpuMs: number;
  /** That task's wall time (trace `dur`), ms: on a loaded machine much longer than its CPU time. */
  longestWallMs: number;
  /** Tasks seen on the page's main thread. */
  tasks: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frames?: Array<{ url?: string; processId?: number }> } };
}

async function readStream(cdp: CDPSession, handle: string): Promise<TraceEvent[]> {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return (JSON.parse(text) as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
}

/**
 * Traces the main thread of the page whose URL contains `urlPart` (Chromium only; undefined
 * elsewhere) and reads its longest task as CPU time. Unlike a wall-clock gap, a task's CPU time does
 * not grow when other processes take the machine's cores, so a bound on it is one a busy machine
 * cannot flip: it measures the host's own work.
 */
export async function startTaskCpu(
  page: Page,
  urlPart: string,
): Promise<{ read(): Promise<TaskCpuReading> } | undefined> {
  if (page.context().browser()?.browserType().name() !== 'chromium') return undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['toplevel', 'disabled-by-default-devtools.timeline'] },
  });
  return {
    async read() {
      const done = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      const { stream } = await done;
      const events = stream === undefined ? [] : await readStream(cdp, stream);
      await cdp.detach();
      const started = events.find((e) => e.name === 'TracingStartedInBrowser');
      const pid = started?.args?.data?.frames?.find((f) => f.url?.includes(urlPart))?.processId;
      const main = events.find(
        (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
      );
      if (main === undefined) throw new Error(`no main thread traced for a page at ${urlPart}`);
      const tasks = events.filter(
        (e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.name === 'ThreadControllerImpl::RunTask',
      );
      const longest = tasks.reduce<TraceEvent | undefined>(
        (a, e) => ((e.tdur ?? 0) > (a?.tdur ?? 0) ? e : a),
        undefined,
      );
      return {
        longestCpuMs: Math.round((longest?.tdur ?? 0) / 100) / 10,
        longestWallMs: Math.round((longest?.dur ?? 0) / 100) / 10,
        tasks: tasks.length,
      };
    },
  };
}
