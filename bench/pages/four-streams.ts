import { createTokenScript, type TokenScriptConfig } from '../anchors-browser/token-script.ts';
import { afterPaint } from './kit/after-paint.ts';
import { textDeep } from './kit/deep-text.ts';
import { startHostProbe, type HostCost } from './kit/host-probe.ts';
import { percentile } from './kit/stats.ts';
import { createPaintTracker } from './stream/paint-tracker.ts';
import { startStream } from './stream/start-stream.ts';
import type { StreamRun, StreamSetup } from './stream/stream-types.ts';
import type { ViewPrint } from './stream/view-blueprint.ts';

/** Parameters of one four-streams run (issue 31 item 6). */
export interface FourStreamsParams {
  anchor: 'suip' | 'remote-dom' | 'vanilla' | 'limit' | 'styled';
  /** How many generators stream at once. */
  streams: number;
  /** Particles of each stream's list. */
  particles: number;
  /** Tokens per second of each stream. */
  rate: number;
  /** Tokens of each stream. */
  tokens: number;
  /** The styled floor's print of suip's view. */
  view?: ViewPrint;
}

/** What one run reports: host cost for all streams together, token → paint of the last one. */
export interface FourStreamsResult extends HostCost {
  p50: number;
  p95: number;
  /** Token → paint of the last stream's last token: how far behind it ended (its backlog, in ms). */
  final: number;
  messages: number;
  correct: boolean;
  problem?: string;
}

/**
 * Every stream's first token is due this long after the first attach began: long enough for all of
 * them to attach (one after the other) and the page to settle (`settled`), so all of them stream
 * inside the measured window, and at the same time (each is told its delay from its own attach).
 */
const startDelayMs = (streams: number): number => 2000 + 1000 * streams;

/**
 * Resolves once the page has been idle after the attaches: what an attach leaves for later (suip
 * refills its warm sandbox frame 200 ms after a program starts, in an idle callback) is attach
 * cost, not the streams', and ran inside the measured window (~7 ms, 0.006 ms a token). The same
 * wait for every anchor.
 */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
}

/** How long after the last attach the page is left alone before it is measured (see `settled`). */
const SETTLE_MS = 400;

const configOf = (stream: number, particles: number): TokenScriptConfig => ({
  particles,
  seed: 7 + stream,
  tokensPerItem: 30,
  churn: 0.05,
});

function expectedText(config: TokenScriptConfig, tokens: number): string {
  const script = createTokenScript(config);
  for (let i = 0; i < tokens; i++) script.step(i);
  return script.items.map((it) => it.text).join(' ');
}

/**
 * `streams` simulated models stream into one page at the same time, each its own script (its own
 * seed). suip: one renderer, one generator (sandbox and Worker) per stream, as a chat host shows
 * several answers; remote-dom: one sandboxed frame, Worker and receiver per stream; vanilla: each
 * model in the page. Token → paint is read on the last stream (the last text in the page), while
 * the others load the same main thread; host CPU is the page's for all of them.
 */
async function fourStreams(params: FourStreamsParams): Promise<FourStreamsResult> {
  const container = document.createElement('div');
  document.body.append(container);
  // suip's code loads for suip's runs only (the styled floor uses suip's tag names undefined).
  const suip = params.anchor === 'suip' ? await import('./stream/suip-stream.ts') : undefined;
  const renderer = suip
    ? (await import('../../renderer/index.ts')).createRenderer(container, {
        limits: (await import('./kit/suip-mount.ts')).BENCH_LIMITS,
      })
    : undefined;
  let startAt = Number.POSITIVE_INFINITY;
  const interval = 1000 / params.rate;
  const tracker = createPaintTracker(container, (token) => startAt + token * interval);
  const runs: StreamRun[] = [];
  const epoch = (): number => performance.timeOrigin + performance.now();
  const firstDue = epoch() + startDelayMs(params.streams);
  for (let stream = 0; stream < params.streams; stream++) {
    const last = stream === params.streams - 1;
    const box = document.createElement('div');
    container.append(box);
    const setup: StreamSetup = {
      container: box,
      config: configOf(stream, params.particles),
      timing: { startAt: Math.max(0, firstDue - epoch()), rate: params.rate, tokens: params.tokens },
      arrived: last ? () => tracker.arrived() : () => undefined,
    };
    if (suip) runs.push(await suip.startSuipStream('suip', setup, { renderer: renderer!, id: `answer-${stream}` }));
    else runs.push(await startStream(params.anchor, setup, params.view));
  }
  const starts = await Promise.all(runs.map((run) => run.ready));
  startAt = starts[starts.length - 1]!;
  await settled();
  const probe = await startHostProbe();
  // The window must open before the first stream's first token, or its cost is not all counted.
  const late = performance.timeOrigin + performance.now() - Math.min(...starts);
  if (late > 0)
    throw new Error(
      `the streams took too long to attach: the measured window opened ${late.toFixed(0)} ms after the first token was due`,
    );
  const traffic = await Promise.all(runs.map((run) => run.done));
  await tracker.settle();
  await afterPaint();
  const cost = await probe.stop();
  cost.busyPct = (100 * cost.taskMs) / (params.tokens * interval);
  const { latencies, lastSeen } = tracker.result();
  const shown = textDeep(container)
    .replace(/bench-start:[\d.]+/g, ' ')
    .replace(/Generated by [^·]+· \S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const expected = Array.from({ length: params.streams }, (_, stream) =>
    expectedText(configOf(stream, params.particles), params.tokens),
  )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  let problem: string | undefined;
  if (shown !== expected) {
    const at = [...shown].findIndex((c, i) => c !== expected[i]);
    problem = `DOM text differs at ${at}: got "${shown.slice(Math.max(0, at - 20), at + 40)}" want "${expected.slice(Math.max(0, at - 20), at + 40)}"`;
  } else if (lastSeen !== params.tokens - 1)
    problem = `last token of the last stream seen on screen ${lastSeen}, expected ${params.tokens - 1}`;
  for (const run of runs) await run.dispose();
  await renderer?.destroy();
  container.remove();
  return {
    ...cost,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    final: latencies[latencies.length - 1] ?? Number.NaN,
    messages: traffic.reduce((sum, t) => sum + t.messages, 0),
    correct: problem === undefined,
    ...(problem !== undefined ? { problem } : {}),
  };
}

window.bench = { ...window.bench, fourStreams: fourStreams as (params: never) => Promise<unknown> };
