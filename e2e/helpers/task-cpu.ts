import type { CDPSession, Page } from '@playwright/test';

/** The host page's main-thread tasks in a traced window. */
export interface TaskCpuReading {
  /** The longest task's CPU time on the page's main thread (trace `tdur`), ms. */
  longestCpuMs: number;
  /** That task's wall time (trace `dur`), ms: on a loaded machine much longer than its CPU time. */
  longestWallMs: number;
  /** Tasks seen on the page's main thread. */
  tasks: number;
  /**
   * What the longest task ran: the trace events inside it (a `FunctionCall` names its function, a
   * `MajorGC`/`MinorGC` is the collector), longest first, as `name (function url:line) wall ms`.
   * Why a task was long, for the MEASURE line; no verdict reads it.
   */
  longestParts: string[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  ts?: number;
  args?: {
    name?: string;
    src_file?: string;
    src_func?: string;
    data?: {
      frames?: Array<{ url?: string; processId?: number }>;
      functionName?: string;
      url?: string;
      lineNumber?: number;
    };
  };
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

/** The events inside `task` on its thread, longest first (at most 8), named for a reader. */
function partsOf(task: TraceEvent, events: TraceEvent[]): string[] {
  const start = task.ts ?? 0;
  const end = start + (task.dur ?? 0);
  const posted = `posted from ${JSON.stringify(task.args ?? {}).slice(0, 300)}`;
  const parts = events
    .filter(
      (e) =>
        e !== task &&
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        (e.ts ?? 0) >= start &&
        (e.ts ?? 0) + (e.dur ?? 0) <= end,
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 8)
    .map((e) => {
      const data = e.args?.data;
      const where = data?.url === undefined ? '' : ` (${data.functionName ?? ''} ${data.url}:${data.lineNumber ?? 0})`;
      return `${e.name}${where} ${Math.round((e.dur ?? 0) / 100) / 10} ms`;
    });
  return [posted, ...parts];
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
    traceConfig: {
      includedCategories: ['toplevel', 'v8.execute', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
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
        longestParts: longest === undefined ? [] : partsOf(longest, events),
      };
    },
  };
}
