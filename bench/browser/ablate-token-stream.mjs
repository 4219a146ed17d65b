#!/usr/bin/env node
/**
 * Attribution by ablation (issue 31 item 1, "the frame's native cost"): the token stream (case 3)
 * run through suip with one part of the page switched off or changed (`bench/pages/stream/
 * ablations.ts`), interleaved round by round with the unchanged page and the anchors, each run
 * traced. Prints, per variant, the median over rounds of host CPU per token and the native stages
 * (self thread ms per token by trace event), plus the difference from unchanged suip.
 *
 *   node bench/browser/ablate-token-stream.mjs [--variants=frames-none,no-mark,…] [--anchors=remote-dom,vanilla]
 *     [--rounds=5] [--tokens=450] [--rate=150] [--particles=1000] [--trace=light|full|none]
 *     [--per-item=30] [--churn=0.05]
 *
 * A variant may join switches with '+' (`frames-none+no-mark`), and take its own trace set with
 * '@full' / '@none' (`--variants=@full,@none --anchors=vanilla,vanilla@full` measures what tracing
 * itself adds to each). The order of variants rotates by
 * one each round so no variant always runs first (a loaded machine drifts). A run whose DOM does
 * not show exactly the streamed text fails the variant (e.g. a frame whose Worker stopped).
 * `--trace=light` (the default) records the timeline without its per-object events, which cost
 * the traced page more the more elements and calls it has; `full` is trace-token-stream's set.
 */
import os from 'node:os';
import { openBrowserSession } from './browser-session.mjs';
import { LIGHT_TRACE_CATEGORIES, TRACE_CATEGORIES, selfTimes, tracedWindow } from './trace-events.mjs';
import { benchArgs, scriptShape } from './bench-args.mjs';

const args = benchArgs();
const rate = Number(args.rate ?? 150);
const particles = Number(args.particles ?? 1000);
const tokens = Number(args.tokens ?? 450);
const rounds = Number(args.rounds ?? 5);
const traceMode = args.trace ?? 'light';
/**
 * The script's shape: a new item every `--per-item` tokens, `--churn` of the tokens move or remove one (the page's
 * defaults: 30, 0.05).
 */
const script = scriptShape(args);
const trace = traceMode !== 'none';
const ablations = (
  args.variants ?? 'frames-none,frames-zero,frames-contain,frames-offscreen,no-mark,no-contain,items-contain'
)
  .split(',')
  .filter(Boolean);
const anchors = (args.anchors ?? 'remote-dom,vanilla').split(',').filter(Boolean);
const variants = ['suip', ...ablations.map((a) => (a.startsWith('@') ? `suip${a}` : `suip:${a}`)), ...anchors];

/** The stages the tables show, in this order (self thread ms per token). */
const STAGES = [
  'FunctionCall',
  'v8.callFunction',
  'LocalFrameView::performLayout',
  'Layout',
  'Paint',
  'Blink.CompositingInputs.UpdateTime',
  'Blink.PrePaint.UpdateTime',
  'WebFrameWidgetImpl::UpdateLifecycle',
  'Document::recalcStyle',
  'Document::rebuildLayoutTree',
  'Blink.IntersectionObservation.UpdateTime',
  'PaintArtifactCompositor::Update',
  'Layerize',
  'Commit',
  'MessagePort::Accept',
];

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const session = await openBrowserSession();
const samples = Object.fromEntries(variants.map((v) => [v, []]));
const failures = Object.fromEntries(variants.map((v) => [v, []]));
const loads = [];
try {
  for (let round = 0; round < rounds; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]);
    loads.push(os.loadavg()[0]);
    for (const variant of order) {
      // `name@full` / `name@none` runs that variant with another trace set than the rest.
      const [name, mode = traceMode] = variant.split('@');
      const [anchor, ablate] = name.startsWith('suip:')
        ? ['suip', name.slice(5).replaceAll('+', ',')]
        : [name, undefined];
      const traced =
        mode === 'none' ? undefined : tracedWindow(mode === 'full' ? TRACE_CATEGORIES : LIGHT_TRACE_CATEGORIES);
      const r = await session.run(
        '/bench/pages/token-stream.html',
        'tokenStream',
        { anchor, particles, rate, tokens, ...script, ...(ablate ? { ablate } : {}) },
        traced ? { measured: traced.measured } : {},
      );
      if (!r.correct) {
        failures[variant].push(r.problem ?? 'wrong');
        process.stderr.write(`round ${round + 1} ${variant}: WRONG ${r.problem}\n`);
        continue;
      }
      const times = traced ? selfTimes(traced.events()) : new Map();
      samples[variant].push({
        round,
        cpu: r.taskMs / tokens,
        style: r.styleMs / tokens,
        layout: r.layoutMs / tokens,
        script: r.scriptMs / tokens,
        p95: r.p95,
        perMessage: r.messages > 0 ? tokens / r.messages : Number.NaN,
        times,
        dom: r.dom,
      });
      process.stderr.write(
        `round ${round + 1} ${variant}: ${(r.taskMs / tokens).toFixed(3)} ms/token, p95 ${r.p95.toFixed(1)} ms\n`,
      );
    }
  }
} finally {
  await session.close();
}

const row = (label, pick, digits = 3) => {
  const cells = variants.map((v) => median(samples[v].map(pick)));
  return `${label.slice(0, 39).padEnd(40)}${cells.map((c) => c.toFixed(digits).padStart(13)).join('')}`;
};
console.log(
  `token stream, ${tokens} tokens at ${rate} tok/s into ${particles} particles; median of ${rounds} interleaved rounds; trace ${traceMode}; 1-min load ${loads.map((l) => l.toFixed(1)).join(' / ')}`,
);
console.log(`${''.padEnd(40)}${variants.map((v) => v.replace('suip:', '').slice(0, 12).padStart(13)).join('')}`);
console.log(row('host CPU per token (TaskDuration)', (s) => s.cpu));
// Paired: each run minus unchanged suip's run of the same round, then the median (drift cancels).
const paired = (pick) => (s) => {
  const base = samples.suip.find((x) => x.round === s.round);
  return base === undefined ? Number.NaN : pick(s) - pick(base);
};
console.log(
  row(
    '  − unchanged suip, paired by round',
    paired((s) => s.cpu),
  ),
);
console.log(row('RecalcStyleDuration per token', (s) => s.style));
console.log(row('LayoutDuration per token', (s) => s.layout));
console.log(row('ScriptDuration per token', (s) => s.script));
console.log(row('native: TaskDuration − ScriptDuration', (s) => s.cpu - s.script));
console.log(
  row(
    '  − unchanged suip, paired by round',
    paired((s) => s.cpu - s.script),
  ),
);
console.log(row('token→paint p95 (ms)', (s) => s.p95, 1));
// More tokens per message means fewer host tasks and frames per token: a slower sandbox can look cheaper.
console.log(row('tokens per message', (s) => s.perMessage, 2));
if (trace) {
  console.log(row('= RunTask total (trace)', (s) => (s.times.get('= RunTask total') ?? 0) / tokens));
  for (const stage of STAGES) console.log(row(stage, (s) => (s.times.get(stage) ?? 0) / tokens));
  const stages = (s) =>
    STAGES.filter((name) => name !== 'FunctionCall' && name !== 'v8.callFunction').reduce(
      (sum, name) => sum + (s.times.get(name) ?? 0),
      0,
    ) / tokens;
  console.log(row('sum of the native stages above', stages));
  console.log(row('  − unchanged suip, paired by round', paired(stages)));
}
const dom = (v) => samples[v].at(-1)?.dom;
console.log(row('elements at the end', (s) => s.dom?.elements ?? Number.NaN, 0));
console.log(row('shadow roots at the end', (s) => s.dom?.shadowRoots ?? Number.NaN, 0));
console.log(row('adopted sheets at the end', (s) => s.dom?.adoptedSheets ?? Number.NaN, 0));
for (const v of variants)
  if (failures[v].length > 0) console.log(`${v}: ${failures[v].length} of ${rounds} runs wrong: ${failures[v][0]}`);
if (dom('suip'))
  console.log(
    `suip's elements by tag: ${Object.entries(dom('suip').tags)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
