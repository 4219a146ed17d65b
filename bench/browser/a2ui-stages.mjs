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
 * anchors suip did not shape; `@a2ui/lit` is this table's anchor.) `--poll` brings back the page's once-a-task DOM poll in the
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
 * variant). `@jridgewell/trace-mapping` comes with Vite's toolchain (not a direct dependency). Profiling inflates small functions, so the JavaScript rows are proportions of the
 * trace's script total, not their own ms.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { openBrowserSession } from './browser-session.mjs';
import { selfThreadTimes } from './trace-events.mjs';
import { rowListMessages } from '../fixtures/a2ui-row-list.mjs';
import { benchArgs } from './bench-args.mjs';

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

/** JavaScript phases by source file; the first pattern that matches wins. */
const PHASES = [
  // Before @a2ui/web_core: its zod is a nested copy under node_modules/@a2ui/web_core/.
  ["lit: zod (the processor's message and catalog checks)", /\/zod\//],
  ['lit: processor (@a2ui/web_core: messages, data model, binders)', /@a2ui\/web_core\//],
  ['lit: signals / effects (@preact/signals-core)', /signals-core/],
  ['lit: @a2ui/lit components', /@a2ui\/lit\//],
  ['suip: bridge (adapters/a2ui)', /\/adapters\/a2ui\//],
  [
    'suip: wire (channel, message parse, size and rate budgets, JSON-RPC)',
    /\/shared\/(message|json-shape|channel|rate-budget)|json-rpc-2\.0|rpc-client/,
  ],
  [
    'suip: validation (particle/schema checks, typebox, reserved names, policy)',
    /typebox|schema|validat|\/shared\/(reserved|particle-kinds|version)|\/renderer\/policy\/|\/renderer\/vocabulary\/check-/,
  ],
  ['suip: ops helpers (shared/ops, lis)', /\/shared\/(ops|lis)\.ts/],
  ['suip: generator (render, type check, toWire, diff)', /\/generator\//],
  [
    'suip: renderer session + tree: setup (createRenderer, attach, connection)',
    /\/renderer\/(renderer|suip-renderer|connection|remote-connection|remote|generator-lifecycle|host-components|held-channel)\.ts|\/renderer\/dialogs\//,
  ],
  ['suip: renderer session + tree: session (handshake, dispatch, answer, frame batch)', /\/renderer\/session\//],
  ['suip: renderer session + tree: tree (transaction, apply)', /\/renderer\/tree\//],
  ['suip: view + vocabulary elements', /\/renderer\/(view|vocabulary|theme|frame)\//],
  ['markdown-it (prose)', /markdown-it|linkify-it|mdurl|uc\.micro|entities/],
  ['Lit core (lit-html, reactive-element)', /lit|reactive-element/],
  ['bench page (timing, text check, fresh box)', /\/bench\//],
];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const maps = new Map();

/**
 * The source file of a function: Vite's pre-bundled dependency chunks merge packages (e.g. one
 * chunk holds @a2ui/web_core, zod and @preact/signals-core), so their source maps decide.
 */
function sourceOf(url, line, column) {
  const path = url.replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');
  if (!path.startsWith('node_modules/.cache/')) return url;
  if (!maps.has(path))
    maps.set(path, existsSync(`${ROOT}${path}.map`) ? new TraceMap(readFileSync(`${ROOT}${path}.map`, 'utf8')) : null);
  const map = maps.get(path);
  const source = map && originalPositionFor(map, { line: line + 1, column }).source;
  return source ?? url;
}

/** Table rows in pipeline order: JavaScript by phase, then the browser's stages. */
const ROW_ORDER = [
  'JS: lit: processor',
  'JS: lit: zod',
  'JS: suip: bridge',
  'JS: suip: wire',
  'JS: suip: generator',
  'JS: suip: renderer session',
  'JS: suip: validation',
  'JS: suip: ops',
  'JS: lit: signals',
  'JS: suip: view',
  'JS: lit: @a2ui/lit',
  'JS: markdown',
  'JS: Lit core',
  'JS: GC',
  'JS: bench',
  'JS: other',
  'script',
  'custom elements',
  'messaging',
  'style',
  'layout',
  'paint',
  'compositing',
  'frame lifecycle',
  'HTML parsing',
  'task time',
  'other',
  '=',
];

function phaseOf(url) {
  for (const [name, pattern] of PHASES) if (pattern.test(url)) return name;
  return `other: ${url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')}`;
}

async function readStream(cdp, handle) {
  const chunks = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    chunks.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return JSON.parse(chunks.join(''));
}

/** Non-script stage of a trace event name (undefined: script or bookkeeping, counted elsewhere). */
function stageOf(name) {
  if (
    /recalcStyle|updateActiveStyle|updateStyle|RecalculateStyles|UpdateLayoutTree|rebuildLayoutTree|StyleEngine|ParseAuthorStyleSheet|Blink\.Style/.test(
      name,
    )
  )
    return 'style recalc';
  if (
    /performLayout|performPostLayoutTasks|^Layout$|InlineNode|Blink\.Layout|LayoutObject|UpdateStyleAndLayout|RunStyleAndLayoutLifecyclePhases/.test(
      name,
    )
  )
    return 'layout';
  if (/Paint|CullRect|RasterTask|Decode|DisplayItem/.test(name)) return 'paint (pre-paint, paint)';
  if (/Layerize|UpdateLayer|CompositeLayers|Commit|Composit|cc::/.test(name)) return 'compositing';
  if (/CustomElement|HTMLConstructor/.test(name)) return 'custom elements: constructors, reactions (native part)';
  if (/HTMLDocumentParser|ParseHTML|HTMLParser/.test(name)) return 'HTML parsing (template/innerHTML)';
  if (/FrameRequestCallback/.test(name)) return 'frame lifecycle bookkeeping';
  if (/MessagePort|SerializedScriptValue|PostMessage|AsyncTask/.test(name))
    return 'messaging: postMessage, clone, task hops';
  if (
    /^(FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|v8::|HandlePostMessage|ParseHTML|MajorGC|MinorGC|GCEvent|BlinkGC)/.test(
      name,
    )
  )
    return 'script (JavaScript, GC, callbacks)';
  if (/UpdateLifecycle|BeginMainFrame|serviceScriptedAnimations|Animate|ScheduledAction|Lifecycle/.test(name))
    return 'frame lifecycle bookkeeping';
  return 'other main-thread work';
}

/**
 * Self thread ms per stage on the busiest renderer main thread, within [from, to] (trace µs).
 * `script (…)` here is the denominator the profile's phases are scaled to.
 */
function stageTimes(events, from, to) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best;
  for (const main of mains) {
    const on = events.filter(
      (e) =>
        e.ph === 'X' && e.tdur !== undefined && e.pid === main.pid && e.tid === main.tid && e.ts >= from && e.ts <= to,
    );
    const total = on.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + e.tdur, 0);
    if (!best || total > best.total) best = { on, total };
  }
  const out = new Map();
  if (!best) return out;
  let busy = 0;
  for (const [e, us] of selfThreadTimes(best.on)) {
    busy += us / 1000;
    // A task's own time (scheduling, not inside any traced event) is main-thread work too.
    const stage = /RunTask/.test(e.name) ? 'task time outside any traced event' : stageOf(e.name);
    if (stage === 'other main-thread work') otherEvents.set(e.name, (otherEvents.get(e.name) ?? 0) + us / 1000);
    out.set(stage, (out.get(stage) ?? 0) + us / 1000);
  }
  out.set('= main thread busy (every traced event, self)', busy);
  return out;
}

/** Profile ms per JavaScript phase within [from, to] (µs, the trace's clock). */
function phaseTimes(profile, from, to) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phaseOfNode = new Map();
  const fileOfNode = new Map();
  const resolve = (id) => {
    if (phaseOfNode.has(id)) return phaseOfNode.get(id);
    const n = nodes.get(id);
    const name = n.callFrame.functionName;
    let phase;
    if (name === '(idle)') phase = null;
    else if (name === '(program)' || name === '(garbage collector)' || name === '(root)') {
      phase = name === '(garbage collector)' ? 'GC' : null;
      fileOfNode.set(id, name);
    } else if (n.callFrame.url) {
      const source = sourceOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
      fileOfNode.set(
        id,
        `${source
          .replace(/^https?:\/\/[^/]+/, '')
          .replace(/.*node_modules\//, '')
          .replace(/\?.*$/, '')} ${n.callFrame.functionName}`,
      );
      phase = phaseOf(source);
    } else {
      phase = parent.has(id) ? resolve(parent.get(id)) : null;
      if (parent.has(id)) fileOfNode.set(id, fileOfNode.get(parent.get(id)));
    }
    phaseOfNode.set(id, phase);
    return phase;
  };
  const out = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t > to) continue;
    const phase = resolve(profile.samples[i]);
    if (phase) out.set(phase, (out.get(phase) ?? 0) + dt);
    if (phase && args.files) {
      const key = `${label} ${fileOfNode.get(profile.samples[i]) ?? '?'}`;
      files.set(key, (files.get(key) ?? 0) + dt);
    }
  }
  return out;
}

function messagesOf(example) {
  if (example === '200-row-list') return LIST;
  return JSON.parse(readFileSync(`${corpus}${example}.json`, 'utf8')).messages;
}

/** The first literal text (what the first paint must show), as bench/first-paint.ts picks it. */
function firstText(messages) {
  for (const message of messages) {
    for (const c of message.updateComponents?.components ?? []) {
      if (c.component === 'Text' && typeof c.text === 'string' && c.text.length > 3 && !c.text.includes('${'))
        return c.text.replace(/^#+\s*/, '').slice(0, 20);
    }
  }
  throw new Error('no literal text in the example');
}

/** The surface and first absolute data path a Text is bound to, as bench/first-paint.ts picks it. */
function boundText(messages) {
  for (const message of messages) {
    const update = message.updateComponents;
    for (const c of update?.components ?? [])
      if (c.component === 'Text' && typeof c.text?.path === 'string' && c.text.path.startsWith('/'))
        return { surfaceId: update.surfaceId, path: c.text.path };
  }
  return undefined;
}

/** A text the surface shows only once it is wholly built (the list's last row), if any. */
function lastText(messages) {
  const rows = messages.find((m) => m.updateDataModel?.value?.rows)?.updateDataModel.value.rows;
  return rows ? rows.at(-1).name : null;
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
  const events = (await readStream(cdp, stream)).traceEvents ?? [];
  const { profile } = await cdp.send('Profiler.stop');
  return { events, profile, result };
}

const markTs = (events, name) => events.find((e) => e.name === name && e.cat?.includes('user_timing'))?.ts;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const session = await openBrowserSession();
const urls = new Map();
const otherEvents = new Map();
/** With `--files`: sampled ms per "variant/part source-file function" (where a gap's JS lives). */
const files = new Map();
let label = '';
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
          label = `${example} ${kind} paint`;
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
          rows[kind].paint.push(merge(stageTimes(paint.events, from, to), phaseTimes(paint.profile, from, to), 1));
          totals[kind].paint.push(paint.result.painted);
          if (!bound) continue;
          await page.evaluate(([k, m, e]) => window.firstPaint.mountA2ui(k, m, e), [kind, messages, expect]);
          // mountA2ui returns at the first paint, but suip's view builds a large surface in
          // slices after it: the update window must not hold the rest of that build.
          await page.evaluate(settle, lastText(messages));
          await page.evaluate((p) => window.firstPaint.prepareA2ui(p), bound.path);
          label = `${example} ${kind} update`;
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
          rows[kind].update.push(
            merge(stageTimes(update.events, ufrom, uto), phaseTimes(update.profile, ufrom, uto), UPDATES),
          );
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

/**
 * One round's rows: the trace's stages, and the profile's phases scaled so they sum to the
 * trace's script self time (the profile gives proportions, the trace the thread time).
 */
function merge(stages, phases, per) {
  const out = new Map();
  const script = stages.get('script (JavaScript, GC, callbacks)') ?? 0;
  const sampled = [...phases.values()].reduce((a, b) => a + b, 0);
  for (const [phase, ms] of phases) {
    if (phase.startsWith('other: ')) urls.set(phase, (urls.get(phase) ?? 0) + ms);
    const key = phase.startsWith('other: ') ? 'JS: other' : `JS: ${phase}`;
    out.set(key, (out.get(key) ?? 0) + (sampled > 0 ? (ms / sampled) * script : 0) / per);
  }
  for (const [stage, ms] of stages) out.set(stage, ms / per);
  return out;
}

function report(example, what, suip, lit, suipTotal, litTotal) {
  const keys = new Set([...suip, ...lit].flatMap((m) => [...m.keys()]));
  const rank = (k) => {
    const i = ROW_ORDER.findIndex((p) => k.startsWith(p));
    return i < 0 ? ROW_ORDER.length : i;
  };
  const order = [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const lines = [
    `${example}, ${what}: ms (medians; a stage's median per variant, so columns need not add up)`,
    '| stage | suip | @a2ui/lit | suip − lit |',
    '|---|---:|---:|---:|',
  ];
  for (const key of order) {
    const s = median(suip.map((m) => m.get(key) ?? 0));
    const l = median(lit.map((m) => m.get(key) ?? 0));
    if (s < 0.005 && l < 0.005) continue;
    lines.push(`| ${key} | ${s.toFixed(2)} | ${l.toFixed(2)} | ${(s - l).toFixed(2)} |`);
  }
  const busy = (rows) => rows.map((m) => m.get('= main thread busy (every traced event, self)') ?? 0);
  const ratios = (a, b) => a.map((x, i) => (b[i] > 0 ? x / b[i] : 0));
  lines.push(
    `| "show this"/message → painted (median) | ${median(suipTotal).toFixed(2)} | ${median(litTotal).toFixed(2)} | ${(median(suipTotal) - median(litTotal)).toFixed(2)} |`,
  );
  lines.push(
    '',
    `busy per round, suip ÷ lit ${ratios(busy(suip), busy(lit))
      .map((r) => r.toFixed(2))
      .join(' ')}`,
  );
  return lines.join('\n');
}
