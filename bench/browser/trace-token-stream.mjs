#!/usr/bin/env node
/**
 * Chromium trace of the host page's main thread while anchors of the token stream run (case 3):
 * thread time per token by trace event (style, layout, paint, script, messages), so what suip
 * adds over remote-dom and vanilla is read from the same run rather than guessed.
 *
 *   node bench/browser/trace-token-stream.mjs [--anchors=suip,remote-dom,vanilla] [--rate=150]
 *     [--particles=1000] [--tokens=225] [--top=25]
 *
 * Only the measured window is traced (the page's two `benchMetrics` calls). Events are the main thread's `devtools.timeline` events of the host page's renderer process;
 * each is counted by its own thread time minus its children's ("self"), so nested events do not
 * count twice.
 */
import { openBrowserSession } from './browser-session.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const anchors = (args.anchors ?? 'suip,remote-dom,vanilla').split(',');
const rate = Number(args.rate ?? 150);
const particles = Number(args.particles ?? 1000);
const tokens = Number(args.tokens ?? Math.round(rate * 1.5));
const top = Number(args.top ?? 25);

async function readStream(cdp, handle) {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return JSON.parse(text);
}

/** Self thread time per event name on the busiest renderer main thread, in ms. */
function selfTimes(events) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const complete = events.filter((e) => e.ph === 'X' && e.tdur !== undefined);
  let best;
  for (const main of mains) {
    const on = complete.filter((e) => e.pid === main.pid && e.tid === main.tid);
    const total = on.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + e.tdur, 0);
    if (!best || total > best.total) best = { on, total };
  }
  const out = new Map();
  if (!best) return out;
  // Nesting by time: an event's self time is its thread time minus its direct children's.
  const sorted = best.on.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = new Map();
  for (const e of sorted) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    self.set(e, e.tdur);
    if (parent) self.set(parent, self.get(parent) - e.tdur);
    stack.push(e);
  }
  for (const [e, ms] of self) out.set(e.name, (out.get(e.name) ?? 0) + ms / 1000);
  out.set('= RunTask total', best.total / 1000);
  return out;
}

const session = await openBrowserSession();
try {
  const results = {};
  for (const anchor of anchors) {
    let events;
    const r = await session.run('/bench/pages/token-stream.html', 'tokenStream', { anchor, particles, rate, tokens }, {
      measured: {
        start: (cdp) => cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] } }),
        stop: async (cdp) => {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        const { stream } = await done;
        events = (await readStream(cdp, stream)).traceEvents ?? [];
        },
      },
    });
    if (!r.correct) throw new Error(r.problem);
    results[anchor] = { times: selfTimes(events), cpu: r.taskMs / tokens, perMessage: tokens / r.messages };
  }
  const names = new Map();
  for (const { times } of Object.values(results)) for (const [name, ms] of times) names.set(name, Math.max(names.get(name) ?? 0, ms));
  console.log(`thread ms per token (self), ${tokens} tokens at ${rate} tok/s into ${particles} particles; the measured window traced`);
  console.log(`${''.padEnd(40)}${anchors.map((a) => a.padStart(12)).join('')}`);
  console.log(`${'host CPU per token (TaskDuration)'.padEnd(40)}${anchors.map((a) => results[a].cpu.toFixed(3).padStart(12)).join('')}`);
  console.log(`${'tokens per message'.padEnd(40)}${anchors.map((a) => results[a].perMessage.toFixed(2).padStart(12)).join('')}`);
  for (const [name] of [...names].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${name.slice(0, 39).padEnd(40)}${anchors.map((a) => ((results[a].times.get(name) ?? 0) / tokens).toFixed(3).padStart(12)).join('')}`);
  }
} finally {
  await session.close();
}
