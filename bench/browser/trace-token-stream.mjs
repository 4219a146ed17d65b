#!/usr/bin/env node
/**
 * Chromium trace of the host page's main thread while anchors of the token stream run (case 3):
 * thread time per token by trace event (style, layout, paint, script, messages), so what suip
 * adds over remote-dom and vanilla is read from the same run rather than guessed.
 *
 *   node bench/browser/trace-token-stream.mjs [--anchors=suip,remote-dom,vanilla,suip:<switch>+<switch>] [--rate=150]
 *     [--particles=1000] [--tokens=225] [--top=25] [--light] [--ablate=<switches of bench/pages/stream/ablations.ts,
 *       suip only>]
 *     [--per-item=30] [--churn=0.05] (the script: a new item every so many tokens, the share of tokens that move or
 *       remove one)
 *     [--streams=4] (the four-streams page instead: that many streams of `--tokens` each into `--particles` each;
 *       the default script)
 *     [--longest=3] (also print that many of the window's longest tasks, each with its stages' self time)
 *     [--start-ms=1] (ms per particle the starting list gets to show before the first token, as
 *       SUIP_BENCH_START_MS in cases/token-stream.mjs)
 *
 * Only the measured window is traced (the page's two `benchMetrics` calls). Events are the main thread's
 * `devtools.timeline` events of the host page's renderer process;
 * each is counted by its own thread time minus its children's ("self"), so nested events do not
 * count twice. `--light` traces without the disabled-by-default timeline events: those are emitted
 * per object (each paint invalidation) and per call (a counters snapshot after every top-level
 * function call), and their own cost lands inside the traced page's stages — mostly in
 * `WebFrameWidgetImpl::UpdateLifecycle`'s self time — the more so the more elements and calls a
 * page has (docs/benchmarks.md, "Item 1: the frame's native cost").
 */
import { openBrowserSession } from './browser-session.mjs';
import { LIGHT_TRACE_CATEGORIES, TRACE_CATEGORIES, longestTasks, selfTimes, tracedWindow } from './trace-events.mjs';
import { benchArgs, scriptShape } from './bench-args.mjs';

const args = benchArgs();
const anchors = (args.anchors ?? 'suip,remote-dom,vanilla').split(',');
const rate = Number(args.rate ?? 150);
const particles = Number(args.particles ?? 1000);
const tokens = Number(args.tokens ?? Math.round(rate * 1.5));
const top = Number(args.top ?? 25);
const categories = args.light === undefined ? TRACE_CATEGORIES : LIGHT_TRACE_CATEGORIES;
const streams = args.streams === undefined ? undefined : Number(args.streams);
const longest = Number(args.longest ?? 0);
const startMs = args['start-ms'] === undefined ? undefined : Number(args['start-ms']);
/** Tokens of the whole run: per stream times streams on the four-streams page. */
const allTokens = tokens * (streams ?? 1);

const session = await openBrowserSession();
try {
  const results = {};
  for (const anchor of anchors) {
    const trace = tracedWindow(categories);
    const script = scriptShape(args);
    // `suip:a+b` is suip with the switches a and b (as in ablate-token-stream.mjs); `--ablate` applies to plain `suip`.
    const [name, switches] = anchor.startsWith('suip:')
      ? ['suip', anchor.slice(5).replaceAll('+', ',')]
      : [anchor, anchor === 'suip' ? args.ablate : undefined];
    if (streams !== undefined && switches)
      throw new Error('--streams runs the four-streams page, which takes no ablations');
    const r =
      streams === undefined
        ? await session.run(
            '/bench/pages/token-stream.html',
            'tokenStream',
            {
              anchor: name,
              particles,
              rate,
              tokens,
              startMsPerParticle: startMs,
              ...script,
              ...(switches ? { ablate: switches } : {}),
            },
            { measured: trace.measured },
          )
        : await session.run(
            '/bench/pages/four-streams.html',
            'fourStreams',
            { anchor: name, streams, particles, rate, tokens },
            { measured: trace.measured },
          );
    if (!r.correct) throw new Error(r.problem);
    const times = selfTimes(trace.events());
    if (longest > 0)
      for (const task of longestTasks(trace.events(), longest))
        console.log(
          `${anchor}: a ${task.ms.toFixed(1)} ms ${task.name} (thread ${task.threadMs.toFixed(1)} ms): ` +
            task.stages
              .slice(0, 8)
              .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
              .join(', '),
        );
    results[anchor] = { times, cpu: r.taskMs / allTokens, perMessage: allTokens / r.messages, paint: times.paint };
  }
  const names = new Map();
  for (const { times } of Object.values(results))
    for (const [name, ms] of times) names.set(name, Math.max(names.get(name) ?? 0, ms));
  const shape =
    streams === undefined
      ? `${tokens} tokens at ${rate} tok/s into ${particles} particles`
      : `${streams} streams of ${tokens} tokens at ${rate} tok/s into ${particles} particles each`;
  console.log(
    `thread ms per token (self), ${shape}; the measured window traced${args.light === undefined ? '' : ' (light categories)'}`,
  );
  console.log(`${''.padEnd(40)}${anchors.map((a) => a.padStart(12)).join('')}`);
  console.log(
    `${'host CPU per token (TaskDuration)'.padEnd(40)}${anchors.map((a) => results[a].cpu.toFixed(3).padStart(12)).join('')}`,
  );
  console.log(
    `${'tokens per message'.padEnd(40)}${anchors.map((a) => results[a].perMessage.toFixed(2).padStart(12)).join('')}`,
  );
  console.log(
    `${'Paint events per token'.padEnd(40)}${anchors.map((a) => (results[a].paint.count / allTokens).toFixed(2).padStart(12)).join('')}`,
  );
  console.log(
    `${'Paint area per token (kpx², clip rects)'.padEnd(40)}${anchors.map((a) => (results[a].paint.area / allTokens / 1000).toFixed(1).padStart(12)).join('')}`,
  );
  for (const [name] of [...names].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${name.slice(0, 39).padEnd(40)}${anchors.map((a) => ((results[a].times.get(name) ?? 0) / allTokens).toFixed(3).padStart(12)).join('')}`,
    );
  }
} finally {
  await session.close();
}
