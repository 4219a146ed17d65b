#!/usr/bin/env node
/**
 * Where an A2UI surface's first paint and a data-model update go, stage by stage, for suip's A2UI
 * bridge and for `@a2ui/lit` on the same messages (issue 31: "the profile that proves where the
 * floor is"). Each run is traced (CDP Tracing: devtools.timeline, v8.execute, blink) and
 * CPU-profiled (50 µs sampling) at once; suip and lit runs are interleaved round by round so load
 * drift on the shared machine hits both alike.
 *
 *   SUIP_BENCH_PORT=6297 node bench/browser/a2ui-stages.mjs [--rounds=5] [--updates=20]
 *     [--examples=01_flight-status,25_contact-card,200-row-list] [--urls] [--files] [--poll]
 *
 * (The `--floor` variant, built from suip's own bridge and renderer, is gone: issue 43 asks for
 * anchors suip did not shape; `@a2ui/lit` is this table's anchor.) `--poll` brings back the page's once-a-task DOM
 * poll in the
 * first-paint window (it finds the task the text entered the DOM in, and spins until then: a
 * variant that writes in its frame callback pays for more of it, so it is off by default).
 *
 * Window: first paint = from a `performance.mark` set just before "show this" to the painted frame
 * that holds the first text (`firstPaint.traceA2ui`); update = the whole `firstPaint.updateA2ui`
 * call (each update awaited to its painted frame), divided by the update count, once the mounted
 * surface is wholly built (a large list keeps building in slices after its first paint).
 * Non-script stages are the renderer main thread's trace events, self thread time (an event minus
 * its children).
 * Script time is split by the CPU profile: each sample goes to the innermost frame that has a
 * source URL, and that URL's file (through the source map, for Vite's merged dependency chunks)
 * decides the phase (`--urls` prints the unclassified ones, `--files` the top functions of each
 * variant). `@jridgewell/trace-mapping` comes with Vite's toolchain (not a direct dependency). Profiling inflates
 * small functions, so the JavaScript rows are proportions of the
 * trace's script total, not their own ms.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { boundText, firstText, lastText } from '../fixtures/a2ui-probes.mjs';
import { rowListMessages } from '../fixtures/a2ui-row-list.mjs';
import { StageAttribution } from './a2ui-attribution.mjs';
import { report } from './a2ui-stage-report.mjs';
import { benchArgs } from './bench-args.mjs';
import { openBrowserSession } from './browser-session.mjs';
import { readTraceStream } from './trace-events.mjs';

const args = benchArgs();
const ROUNDS = Number(args.rounds ?? 5);
const UPDATES = Number(args.updates ?? 20);
const POLL = args.poll !== undefined;
const EXAMPLES = (
  args.examples ?? '01_flight-status,05_product-card,25_contact-card,33_financial-data-grid,200-row-list'
).split(',');
const corpus = fileURLToPath(new URL('../../examples/a2ui/examples/', import.meta.url));

/** The 200-row list of bench/first-paint.ts: a bound title over 200 template rows. */
const LIST = rowListMessages(200);

function messagesOf(example) {
  if (example === '200-row-list') return LIST;
  return JSON.parse(readFileSync(`${corpus}${example}.json`, 'utf8')).messages;
}

/**
 * In the page: waits until `text` (if any) is in the DOM, shadow roots included, then for two
 * frames and an idle period, so no build slice or frame callback of the mount is left over.
 */
async function settle(text) {
  const deepText = (node) => {
    let out = node.nodeType === Node.TEXT_NODE ? node.data : '';
    if (node.shadowRoot) out += deepText(node.shadowRoot);
    for (const child of node.childNodes) out += deepText(child);
    return out;
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  for (let i = 0; text && i < 2000 && !deepText(document.getElementById('stage')).includes(text); i++) await frame();
  await frame();
  await frame();
  await new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 }));
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'blink.user_timing',
];

/** Traces and profiles `body` on `page`; returns the trace events, the profile and `body`'s result. */
async function measured(cdp, body) {
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
  const result = await body();
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  const events = (await readTraceStream(cdp, stream)).traceEvents ?? [];
  const { profile } = await cdp.send('Profiler.stop');
  return { events, profile, result };
}

const markTs = (events, name) => events.find((e) => e.name === name && e.cat?.includes('user_timing'))?.ts;

const session = await openBrowserSession();
const attribution = new StageAttribution(args.files !== undefined);
const { urls, otherEvents, files } = attribution;
try {
  const tables = [];
  await session.withPage('/bench/pages/first-paint.html', async (page, cdp) => {
    await page.waitForFunction(() => 'firstPaint' in window, undefined, { timeout: 60_000 });
    await cdp.send('Profiler.enable');
    for (const example of EXAMPLES) {
      const messages = messagesOf(example);
      const expect = firstText(messages);
      const bound = boundText(messages);
      // rows[kind][part] = array of Map per round
      const rows = { suip: { paint: [], update: [] }, lit: { paint: [], update: [] } };
      const totals = { suip: { paint: [], update: [] }, lit: { paint: [], update: [] } };
      // One unmeasured pair first: JIT and element definitions warm, as in a host's second surface.
      for (const kind of ['suip', 'lit'])
        await page.evaluate(([k, m, e]) => window.firstPaint.traceA2ui(k, m, e), [kind, messages, expect]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of ['suip', 'lit']) {
          // The previous variant's surface leaves the page before the window opens, so its
          // teardown (lit's signal unsubscribes, suip's destroy) is not charged to this one.
          await page.evaluate(
            () =>
              new Promise((resolve) => {
                document.getElementById('stage').replaceChildren();
                requestAnimationFrame(() => setTimeout(resolve, 0));
              }),
          );
          attribution.label = `${example} ${kind} paint`;
          const paint = await measured(cdp, () =>
            page.evaluate(
              ([k, m, e, poll]) => {
                performance.mark('a2ui-stages:show');
                return window.firstPaint.traceA2ui(k, m, e, { poll });
              },
              [kind, messages, expect, POLL],
            ),
          );
          const from = markTs(paint.events, 'a2ui-stages:show');
          if (from === undefined)
            throw new Error('the performance mark is missing from the trace (is blink.user_timing traced?)');
          const to = from + paint.result.painted * 1000;
          rows[kind].paint.push(attribution.rows(paint, from, to, 1));
          totals[kind].paint.push(paint.result.painted);
          if (!bound) continue;
          await page.evaluate(([k, m, e]) => window.firstPaint.mountA2ui(k, m, e), [kind, messages, expect]);
          // mountA2ui returns at the first paint, but suip's view builds a large surface in
          // slices after it: the update window must not hold the rest of that build.
          await page.evaluate(settle, lastText(messages));
          await page.evaluate((p) => window.firstPaint.prepareA2ui(p), bound.path);
          attribution.label = `${example} ${kind} update`;
          const update = await measured(cdp, () =>
            page.evaluate(
              ([s, p, n]) => {
                performance.mark('a2ui-stages:update');
                const started = performance.now();
                return window.firstPaint
                  .updateA2ui(s, p, n)
                  .then((medianMs) => ({ medianMs, span: performance.now() - started }));
              },
              [bound.surfaceId, bound.path, UPDATES],
            ),
          );
          const ufrom = markTs(update.events, 'a2ui-stages:update');
          const uto = ufrom + update.result.span * 1000;
          rows[kind].update.push(attribution.rows(update, ufrom, uto, UPDATES));
          totals[kind].update.push(update.result.medianMs);
        }
      }
      tables.push(report(example, 'first paint', rows.suip.paint, rows.lit.paint, totals.suip.paint, totals.lit.paint));
      if (bound)
        tables.push(
          report(
            `${example} \`${bound.path}\``,
            `data-model update (per update, ${UPDATES} per round)`,
            rows.suip.update,
            rows.lit.update,
            totals.suip.update,
            totals.lit.update,
          ),
        );
    }
  });
  console.log(
    `Chromium ${session.browserVersion}, ${ROUNDS} rounds interleaved suip/lit, medians; load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  for (const t of tables) console.log(`\n${t}`);
  if (args.urls)
    for (const [u, ms] of [...urls].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`${ms.toFixed(2).padStart(9)} ms ${u}`);
  if (args.files) {
    const labels = new Set([...files.keys()].map((k) => k.split(' ').slice(0, 3).join(' ')));
    for (const l of labels) {
      console.log(`\n${l}: top functions by self samples (ms over all rounds, profiled)`);
      for (const [k, ms] of [...files]
        .filter(([k]) => k.startsWith(`${l} `))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14))
        console.log(`${ms.toFixed(2).padStart(9)} ${k.slice(l.length + 1)}`);
    }
  }
  if (args.urls)
    for (const [u, ms] of [...otherEvents].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`${ms.toFixed(2).padStart(9)} ms event ${u}`);
} finally {
  await session.close();
}
