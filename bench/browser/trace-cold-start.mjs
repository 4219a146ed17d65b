#!/usr/bin/env node
/**
 * Issue 31 item 1/5: a Chromium trace of one cold sandboxed attach (`bench/pages/first-paint-stages.ts`),
 * read per process and thread, so the cold start's floor is shown stage by stage from the
 * browser's own events rather than inferred from the host's clock.
 *
 *   SUIP_BENCH_PORT=6294 node bench/browser/trace-cold-start.mjs [--rounds=3] [--min=0.3]
 *
 * Each round attaches the flight card in a fresh renderer (after one unmeasured attach: the relay's
 * chunk). Prints, per round, every top-level task of at least `--min` ms wall time on the threads
 * of the sandbox's renderer process and on the host's main thread, in ms after `attach()`
 * (a `performance.mark` the page sets), with its own sub-events, and the thread-time sum per thread.
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { benchArgs } from './bench-args.mjs';
import { openPlainSession } from './browser-session.mjs';

const args = benchArgs();
const ROUNDS = Number(args.rounds ?? 3);
const MIN_MS = Number(args.min ?? 0.3);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'navigation',
  'v8',
  'toplevel',
  'blink',
  'blink.worker',
  'disabled-by-default-v8.compile',
];

const session = await openPlainSession();
const { browser } = session;
try {
  const page = await browser.newPage();
  await page.goto(`${session.base}/bench/pages/first-paint-stages.html`);
  await page.waitForFunction(() => 'firstPaintStages' in window, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.firstPaintStages.run());
  for (let round = 0; round < ROUNDS; round += 1) {
    const path = `/tmp/suip-trace-cold-${process.pid}-${round}.json`;
    await browser.startTracing(page, { path, categories: CATEGORIES });
    const stages = await page.evaluate(() => window.firstPaintStages.run({}, 0, false, true));
    await browser.stopTracing();
    const { traceEvents: events } = JSON.parse(readFileSync(path, 'utf8'));
    const mark = events.find(
      (e) => e.name === 'suip-attach' && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b' || e.ph === 'X'),
    );
    if (mark === undefined) throw new Error('no suip-attach mark in the trace');
    const t0 = mark.ts;
    const threads = new Map();
    for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    const hostPid = mark.pid;
    // The sandbox process: the renderer process (not the host's) with a DedicatedWorker thread.
    const workerThread = [...threads].find(
      ([key, name]) => name.startsWith('DedicatedWorker') && Number(key.split(':')[0]) !== hostPid,
    );
    const sandboxPid = workerThread === undefined ? undefined : Number(workerThread[0].split(':')[0]);
    console.log(
      `\nround ${round + 1} (load ${loadavg()[0].toFixed(1)}): host-clock stages ${Object.entries(stages)
        .sort((a, b) => a[1] - b[1])
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(' · ')}`,
    );
    const wanted = (e) =>
      e.ph === 'X' &&
      e.dur !== undefined &&
      (e.pid === sandboxPid || (e.pid === hostPid && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')) &&
      e.ts >= t0 - 1000 &&
      e.ts <= t0 + stages.painted * 1000 + 5000;
    const byThread = new Map();
    for (const e of events.filter(wanted)) {
      const key = `${e.pid === hostPid ? 'host' : 'sandbox'} ${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key).push(e);
    }
    for (const [key, list] of byThread) {
      list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
      // Top level: not inside an earlier event of the same thread.
      let end = -Infinity;
      let busy = 0;
      const lines = [];
      for (const e of list) {
        if (e.ts < end) continue;
        end = e.ts + e.dur;
        busy += (e.tdur ?? e.dur) / 1000;
        if (e.dur / 1000 < MIN_MS) continue;
        const inner = list
          .filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur <= end && c.dur / 1000 >= MIN_MS)
          .slice(0, 6)
          .map(
            (c) =>
              `${c.name}${c.args?.data?.url ? `(${String(c.args.data.url).slice(0, 30)})` : ''} ${(c.dur / 1000).toFixed(1)}`,
          );
        lines.push(
          `  ${((e.ts - t0) / 1000).toFixed(1).padStart(6)} +${(e.dur / 1000).toFixed(1).padStart(5)} ${e.name}${inner.length ? ` [${inner.join(', ')}]` : ''}`,
        );
      }
      if (key.startsWith('host') && lines.length > 40) lines.splice(20, lines.length - 40, '  …');
      console.log(`${key}: ${busy.toFixed(1)} ms thread time in top-level tasks`);
      for (const line of lines) console.log(line);
    }
  }
} finally {
  await session.close();
}
