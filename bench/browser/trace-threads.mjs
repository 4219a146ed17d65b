#!/usr/bin/env node
/**
 * Thread time per token on every thread of the browser while the many-streams page runs (case 8,
 * issue 43): the host page's main thread, the sandbox process's main thread (suip's relays, the
 * anchors' frames), the Workers summed, the compositors and the rest. Case 8 reports the host
 * page's CPU only; with 16 streams on a small machine the threads it does not count compete for
 * the same cores, and this shows which of them a stream's tokens keep busy, anchor beside anchor.
 *
 *   node bench/browser/trace-threads.mjs [--anchors=suip,styled,limit,remote-dom] [--streams=16] [--tokens=300]
 *     [--particles=100] [--rate=150] [--rounds=1]
 *
 * Only the measured window is traced, with the `toplevel` category alone (one event per task, so
 * the trace adds little to what it measures); a thread's time is the thread time of its top-level
 * events. The sandbox process is the renderer process holding the Workers.
 */
import { openBrowserSession } from './browser-session.mjs';
import { benchArgs } from './bench-args.mjs';
import { tracedWindow } from './trace-events.mjs';
import { suipView } from './cases/token-stream.mjs';

const args = benchArgs();
const anchors = (args.anchors ?? 'suip,styled,limit,remote-dom').split(',');
const streams = Number(args.streams ?? 16);
const tokens = Number(args.tokens ?? 300);
const particles = Number(args.particles ?? 100);
const rate = Number(args.rate ?? 150);
const rounds = Number(args.rounds ?? 1);

/** Thread time (ms) of each thread's top-level complete events, keyed `pid/tid`, with the thread's name. */
function threadTimes(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}/${e.tid}`, e.args.name);
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const key = `${e.pid}/${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const out = [];
  for (const [key, on] of byThread) {
    on.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let end = Number.NEGATIVE_INFINITY;
    let ms = 0;
    for (const e of on) {
      if (e.ts < end) continue;
      ms += e.tdur / 1000;
      end = e.ts + e.dur;
    }
    out.push({ pid: key.split('/')[0], name: names.get(key) ?? '?', ms });
  }
  return out;
}

/** The rows of one run: thread time summed by role. */
function byRole(threads) {
  const sandbox = new Set(threads.filter((t) => t.name === 'DedicatedWorker thread').map((t) => t.pid));
  const mains = threads.filter((t) => t.name === 'CrRendererMain' && !sandbox.has(t.pid));
  // The host page's process: the renderer process (not the sandbox's) whose main thread is busiest.
  const host = mains.sort((a, b) => b.ms - a.ms)[0]?.pid;
  const roles = new Map();
  const add = (role, ms) => roles.set(role, (roles.get(role) ?? 0) + ms);
  for (const t of threads) {
    if (t.pid === host) add(t.name === 'CrRendererMain' ? 'host main' : 'host other threads', t.ms);
    else if (sandbox.has(t.pid))
      add(
        t.name === 'DedicatedWorker thread'
          ? 'Workers (summed)'
          : t.name === 'CrRendererMain'
            ? 'sandbox main'
            : 'sandbox other threads',
        t.ms,
      );
    else add('browser, GPU, others', t.ms);
  }
  return roles;
}

const session = await openBrowserSession();
try {
  const results = new Map(anchors.map((a) => [a, []]));
  for (let round = 0; round < rounds; round++) {
    for (const anchor of anchors) {
      const trace = tracedWindow(['toplevel']);
      const view = anchor === 'styled' ? await suipView(session) : undefined;
      const r = await session.run(
        '/bench/pages/four-streams.html',
        'fourStreams',
        { anchor, streams, particles, rate, tokens, view },
        { measured: trace.measured },
      );
      if (!r.correct) throw new Error(`${anchor}: ${r.problem}`);
      const roles = byRole(threadTimes(trace.events()));
      roles.p50 = r.p50;
      roles.perMessage = r.messages > 0 ? (streams * tokens) / r.messages : Number.NaN;
      results.get(anchor).push(roles);
      console.error(`  ${anchor} round ${round + 1}: p50 ${r.p50.toFixed(1)} ms`);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const all = streams * tokens;
  const roleNames = [...new Set([...results.values()].flatMap((runs) => runs.flatMap((roles) => [...roles.keys()])))];
  console.log(
    `thread ms per token, ${streams} streams × ${tokens} tokens at ${rate} tok/s, ${particles} particles each`,
  );
  console.log(`${''.padEnd(28)}${anchors.map((a) => a.padStart(12)).join('')}`);
  const row = (label, value, digits = 3) =>
    console.log(
      `${label.padEnd(28)}${anchors.map((a) => median(results.get(a).map(value)).toFixed(digits).padStart(12)).join('')}`,
    );
  for (const role of roleNames) row(role, (roles) => (roles.get(role) ?? 0) / all);
  row('all threads', (roles) => [...roles.values()].reduce((sum, ms) => sum + ms, 0) / all);
  row('token→paint p50 (ms)', (roles) => roles.p50, 1);
  row('tokens per message', (roles) => roles.perMessage, 1);
} finally {
  await session.close();
}
