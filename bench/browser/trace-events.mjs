/**
 * Reading a Chromium trace of the host page's main thread: shared by the trace, ablation, stage and A2UI tools,
 * so all count events the same way.
 */

/** The trace categories both tools record: the timeline (style, layout, paint, compositing) and V8. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'];

/**
 * A lighter set: the timeline's stages without the disabled-by-default per-object events (one per
 * paint invalidation, a counters snapshot after every top-level function call), whose own cost
 * lands in the traced page's stages and grows with the number of objects and calls, so it
 * inflates suip (more elements, more calls) more than the anchors.
 */
export const LIGHT_TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink'];

/** The JSON of a CDP IO stream (a trace recorded with `transferMode: 'ReturnAsStream'`), read to its end. */
export async function readTraceStream(cdp, handle) {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return JSON.parse(text);
}

/**
 * The `measured` hooks of `browser-session.run` that trace the measured window; `events()` gives
 * the trace events once the run is over.
 */
export function tracedWindow(categories = TRACE_CATEGORIES) {
  let events = [];
  return {
    measured: {
      start: (cdp) =>
        cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: categories } }),
      stop: async (cdp) => {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        const { stream } = await done;
        events = (await readTraceStream(cdp, stream)).traceEvents ?? [];
      },
    },
    events: () => events,
  };
}

/** Thread time of the events no other event encloses (µs). */
function topLevelTime(events) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let end = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const e of sorted) {
    if (e.ts >= end) {
      sum += e.tdur;
      end = e.ts + e.dur;
    }
  }
  return sum;
}

/**
 * Each complete event's self thread time (µs) among `events` of one thread: its thread time minus
 * its direct children's, the nesting read from the timestamps, so nested events never count twice.
 */
export function selfThreadTimes(events) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = new Map();
  for (const e of sorted) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    self.set(e, e.tdur);
    if (parent) self.set(parent, self.get(parent) - e.tdur);
    stack.push(e);
  }
  return self;
}

/** The complete events of the busiest renderer main thread, with its `RunTask` total (µs). */
function busiestMain(events) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const complete = events.filter((e) => e.ph === 'X' && e.tdur !== undefined);
  let best;
  for (const main of mains) {
    const on = complete.filter((e) => e.pid === main.pid && e.tid === main.tid);
    const total = on.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + e.tdur, 0);
    // The busiest by its top-level events' thread time (not by `RunTask`, which the light set does
    // not record: with none, the sandbox's relay thread could be taken for the host's).
    const busy = topLevelTime(on);
    if (!best || busy > best.busy) best = { on, total, busy };
  }
  return best;
}

/** Self thread time per event name on the busiest renderer main thread, in ms. */
export function selfTimes(events) {
  const best = busiestMain(events);
  const out = new Map();
  if (!best) return out;
  for (const [e, ms] of selfThreadTimes(best.on)) out.set(e.name, (out.get(e.name) ?? 0) + ms / 1000);
  out.set('= RunTask total', best.total / 1000);
  out.paint = paintCounts(best.on);
  return out;
}

/**
 * What the host's Paint events covered: how many there were, and the summed area (CSS px²) of the
 * rectangles they record (`args.data.clip`, a quad per event). More events or more area per token
 * means more of the page was repainted per frame, whatever each event's own cost.
 */
function paintCounts(events) {
  let count = 0;
  let area = 0;
  for (const e of events) {
    if (e.name !== 'Paint') continue;
    count++;
    const q = e.args?.data?.clip;
    if (Array.isArray(q) && q.length === 8) area += Math.abs((q[2] - q[0]) * (q[5] - q[3]));
  }
  return { count, area };
}

/**
 * The `count` longest top-level events (wall time, as a `longtask` entry counts) of the busiest renderer main thread,
 * each with its thread time and the self thread time (ms) of the events inside it by name, largest first: which stage
 * a long task spent itself in (on a loaded machine wall time far exceeds thread time: the thread waited for a core).
 */
export function longestTasks(events, count = 3) {
  const best = busiestMain(events);
  if (!best) return [];
  const sorted = [...best.on].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tops = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const e of sorted) {
    if (e.ts < end) continue;
    tops.push(e);
    end = e.ts + e.dur;
  }
  return tops
    .sort((a, b) => b.dur - a.dur)
    .slice(0, count)
    .map((task) => {
      const inside = best.on.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const stages = new Map();
      for (const [e, us] of selfThreadTimes(inside)) stages.set(e.name, (stages.get(e.name) ?? 0) + us / 1000);
      return {
        name: task.name,
        ms: task.dur / 1000,
        threadMs: task.tdur / 1000,
        stages: [...stages].sort((a, b) => b[1] - a[1]),
      };
    });
}
