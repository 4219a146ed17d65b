/**
 * Attribution of an A2UI run's main-thread time (`a2ui-stages.mjs`): trace events go to a
 * browser stage by name, CPU-profile samples to a JavaScript phase by source file (through the
 * source maps of Vite's merged dependency chunks), and a round's rows scale the phases to the
 * trace's script time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { selfThreadTimes } from './trace-events.mjs';

/** JavaScript phases by source file; the first pattern that matches wins. */
export const PHASES = [
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

/**
 * The source file of a function: Vite's pre-bundled dependency chunks merge packages (e.g. one
 * chunk holds @a2ui/web_core, zod and @preact/signals-core), so their source maps decide. Each
 * chunk's map is read once.
 */
export class SourceFiles {
  /** The project root the dev server serves (chunk URLs are paths under it). */
  root = fileURLToPath(new URL('../..', import.meta.url));
  /** Chunk path → its parsed source map, or null when it has none. */
  maps = new Map();

  sourceOf(url, line, column) {
    const path = url.replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');
    if (!path.startsWith('node_modules/.cache/')) return url;
    if (!this.maps.has(path)) {
      const file = `${this.root}${path}.map`;
      this.maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    const map = this.maps.get(path);
    const source = map && originalPositionFor(map, { line: line + 1, column }).source;
    return source ?? url;
  }
}

/** The JavaScript phase of a source URL (the first of `PHASES` that matches), or `other: <path>`. */
export function phaseOf(url) {
  for (const [name, pattern] of PHASES) if (pattern.test(url)) return name;
  return `other: ${url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')}`;
}

/** Non-script stage of a trace event name (undefined: script or bookkeeping, counted elsewhere). */
export function stageOf(name) {
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
 * One A2UI stage profile's attribution: the tables' numbers, and what `--urls` and `--files`
 * print at the end (unclassified script, unclassified events, the top functions per variant).
 */
export class StageAttribution {
  sources = new SourceFiles();
  /** `other: <url>` phase → sampled ms (script no phase pattern names). */
  urls = new Map();
  /** Trace event name → self ms, for the events `stageOf` leaves as other main-thread work. */
  otherEvents = new Map();
  /** With `withFiles`: sampled ms per "variant/part source-file function" (where a gap's JS lives). */
  files = new Map();
  /** The run being measured ("example kind part"), the first words of `files`' keys. */
  label = '';

  /** @param {boolean} withFiles whether to keep `files` (`--files`) */
  constructor(withFiles) {
    this.withFiles = withFiles;
  }

  /**
   * Self thread ms per stage on the busiest renderer main thread, within [from, to] (trace µs).
   * `script (…)` here is the denominator the profile's phases are scaled to.
   */
  stageTimes(events, from, to) {
    const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    let best;
    for (const main of mains) {
      const on = events.filter(
        (e) =>
          e.ph === 'X' &&
          e.tdur !== undefined &&
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ts >= from &&
          e.ts <= to,
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
      if (stage === 'other main-thread work')
        this.otherEvents.set(e.name, (this.otherEvents.get(e.name) ?? 0) + us / 1000);
      out.set(stage, (out.get(stage) ?? 0) + us / 1000);
    }
    out.set('= main thread busy (every traced event, self)', busy);
    return out;
  }

  /** Profile ms per JavaScript phase within [from, to] (µs, the trace's clock). */
  phaseTimes(profile, from, to) {
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
        const source = this.sources.sourceOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
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
      if (phase && this.withFiles) {
        const key = `${this.label} ${fileOfNode.get(profile.samples[i]) ?? '?'}`;
        this.files.set(key, (this.files.get(key) ?? 0) + dt);
      }
    }
    return out;
  }

  /**
   * One round's rows: the trace's stages, and the profile's phases scaled so they sum to the
   * trace's script self time (the profile gives proportions, the trace the thread time).
   */
  merge(stages, phases, per) {
    const out = new Map();
    const script = stages.get('script (JavaScript, GC, callbacks)') ?? 0;
    const sampled = [...phases.values()].reduce((a, b) => a + b, 0);
    for (const [phase, ms] of phases) {
      if (phase.startsWith('other: ')) this.urls.set(phase, (this.urls.get(phase) ?? 0) + ms);
      const key = phase.startsWith('other: ') ? 'JS: other' : `JS: ${phase}`;
      out.set(key, (out.get(key) ?? 0) + (sampled > 0 ? (ms / sampled) * script : 0) / per);
    }
    for (const [stage, ms] of stages) out.set(stage, ms / per);
    return out;
  }

  /** One round's rows from a traced and profiled run (`{ events, profile }`) within [from, to], per `per` units. */
  rows(run, from, to, per) {
    return this.merge(this.stageTimes(run.events, from, to), this.phaseTimes(run.profile, from, to), per);
  }
}
