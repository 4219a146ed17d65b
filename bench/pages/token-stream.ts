import { createTokenScript, type TokenScriptConfig } from '../anchors-browser/token-script.ts';
import { afterPaint } from './kit/after-paint.ts';
import { lastTextDeep, textDeep } from './kit/deep-text.ts';
import { startHostProbe, type HostCost } from './kit/host-probe.ts';
import { percentile } from './kit/stats.ts';
import { applyAblations, applyEarlyAblations, describeDom } from './stream/ablations.ts';
import { createPaintTracker } from './stream/paint-tracker.ts';
import { startStream } from './stream/start-stream.ts';
import type { StreamAnchor, StreamRun } from './stream/stream-types.ts';
import { captureSuipView } from './stream/capture-suip-view.ts';
import type { ViewPrint } from './stream/view-blueprint.ts';

/** Parameters of one token-stream run (cases 3, 7 and 8). */
export interface TokenStreamParams {
  anchor: StreamAnchor;
  particles: number;
  rate: number;
  tokens: number;
  seed?: number;
  /** A new item every this many tokens (case 7 streams one long paragraph: a large number). */
  tokensPerItem?: number;
  churn?: number;
  /** Split the run into this many equal time segments and report host CPU, bytes and latency per segment (case 7). */
  segments?: number;
  /** Milliseconds a particle of the starting UI is given to show before the first token is due (default 1). */
  startMsPerParticle?: number;
  /** suip's heartbeat timeout in ms (the renderer's default when absent). */
  watchdogMs?: number;
  /** Bench-only switches (`stream/ablations.ts`, comma-separated) applied before the measured window. */
  ablate?: string;
  /** The styled floor's picture of suip's view (`captureView`, from a run of its own page). */
  view?: ViewPrint;
}

/** Figures of one time segment of a run. */
export interface SegmentResult {
  taskMsPerToken: number;
  bytesPerToken: number;
  p50: number;
  textLength: number;
}

/** What one run reports. */
export interface TokenStreamResult extends HostCost {
  anchor: StreamAnchor;
  p50: number;
  p95: number;
  max: number;
  painted: number;
  bytes: number;
  messages: number;
  bytesPerToken: number;
  correct: boolean;
  problem?: string;
  segments?: SegmentResult[];
  /** What the page held at the end of the stream (elements, shadow roots, adopted sheets). */
  dom?: ReturnType<typeof describeDom>;
}

/**
 * When the first token is due after the starting UI was sent: long enough for every anchor to show
 * its whole starting list (suip's 500-item list takes about 8 frames of build slices on a quiet
 * machine; 1,000 and 2,000 ms were too short at load 20–35), so the measured window holds the
 * stream alone.
 */
const FIRST_TOKEN_DELAY_MS = 3000;

/**
 * The delay for a starting UI of `particles`: 3 s up to 3,000 particles, 1 ms a particle beyond (issue 42's 50,000),
 * or `msPerParticle` on a loaded machine, where every anchor's build of a 50,000-item list outlasts 50 s.
 */
const firstTokenDelay = (particles: number, msPerParticle = 1): number =>
  Math.max(FIRST_TOKEN_DELAY_MS, particles * msPerParticle);

/** Expected visible text after the whole stream: replay the same script in the host. */
function expectedText(config: TokenScriptConfig, tokens: number): string {
  const script = createTokenScript(config);
  for (let i = 0; i < tokens; i++) script.step(i);
  return script.items
    .map((it) => it.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One run: stream, measure, check the DOM shows exactly what the model wrote. */
async function tokenStream(params: TokenStreamParams): Promise<TokenStreamResult> {
  const container = document.createElement('div');
  container.id = 'stage';
  document.body.append(container);
  const config: TokenScriptConfig = {
    particles: params.particles,
    seed: params.seed ?? 7,
    tokensPerItem: params.tokensPerItem ?? 30,
    churn: params.churn ?? 0.05,
  };
  const startDelay = firstTokenDelay(params.particles, params.startMsPerParticle);
  let startAt = Number.POSITIVE_INFINITY;
  await applyEarlyAblations(params.ablate);
  const interval = 1000 / params.rate;
  const tracker = createPaintTracker(container, (token) => startAt + token * interval);
  const run = await startStream(
    params.anchor,
    {
      container,
      config,
      timing: {
        startAt: startDelay,
        rate: params.rate,
        tokens: params.tokens,
      },
      arrived: () => tracker.arrived(),
      ...(params.watchdogMs !== undefined ? { watchdogMs: params.watchdogMs } : {}),
    },
    params.view,
  );
  startAt = await run.ready;
  applyAblations(container, params.ablate);
  // The window measures the stream: it opens once every anchor shows its whole starting list and
  // has painted it (bench/first-paint.ts measures that), and before the first token is due.
  const listShown = await startingListShown(container, config, startAt);
  const probe = await startHostProbe();
  const segments = params.segments
    ? sampleSegments(params.segments, startAt, params, run, () => tracker.result().latencies, container)
    : undefined;
  const traffic = await run.done;
  await tracker.settle();
  await afterPaint();
  const cost = await probe.stop();
  // Busy % over the scheduled stream (the same window for everyone, whatever each one's tail).
  const streamMs = params.tokens * interval;
  cost.busyPct = (100 * cost.taskMs) / streamMs;
  const { latencies, lastSeen } = tracker.result();
  const shown = shownText(container);
  const expected = expectedText(config, params.tokens);
  let problem: string | undefined;
  if (!listShown)
    problem = `the starting list was not all on screen when the first token was due (${startDelay} ms after the start): the window would have counted its build`;
  else if (shown !== expected) {
    const at = [...shown].findIndex((c, i) => c !== expected[i]);
    problem = `DOM text differs at ${at}: got "${shown.slice(Math.max(0, at - 20), at + 40)}" want "${expected.slice(Math.max(0, at - 20), at + 40)}"`;
  } else if (lastSeen !== params.tokens - 1)
    problem = `last token seen on screen ${lastSeen}, expected ${params.tokens - 1}`;
  const reported = run.errors?.() ?? [];
  if (problem !== undefined && reported.length > 0) problem += `; the host reported: ${reported.join(' | ')}`;
  const dom = describeDom(container);
  await run.dispose();
  container.remove();
  return {
    anchor: params.anchor,
    ...cost,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: percentile(latencies, 100),
    painted: latencies.length,
    bytes: traffic.bytes,
    messages: traffic.messages,
    bytesPerToken: traffic.bytes / params.tokens,
    correct: problem === undefined,
    ...(problem !== undefined ? { problem } : {}),
    ...(segments ? { segments: await segments } : {}),
    dom,
  };
}

/**
 * What the page shows as the program's content: through shadow roots, without the start mark and suip's provenance
 * label.
 */
function shownText(container: Element): string {
  return textDeep(container)
    .replace(/bench-start:[\d.]+/, '')
    .replace(/Generated by [^·]+· \S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Resolves after the frame that painted the stream's whole starting list (every item's text, as
 * `createTokenScript` starts it), or when the first token is due, whichever comes first; says
 * which. suip builds a big list in slices a frame each (build-budget.ts). The check was once the
 * last item's text alone, which the slices show before the middle of the list: the last slice
 * (the first renders of ~100 of 500 items, in the window's first frame) then ran inside the
 * measured window, charged to suip's tokens, against the anchors that build theirs in one task
 * before it.
 */
async function startingListShown(container: Element, config: TokenScriptConfig, startAt: number): Promise<boolean> {
  const whole = expectedText(config, 0);
  const dueIn = (): number => startAt - (performance.timeOrigin + performance.now());
  let checked = performance.now();
  let shown = shownText(container) === whole;
  let cost = performance.now() - checked;
  while (dueIn() > 20 && !shown) {
    await afterPaint();
    // Reading the whole list's text costs O(list) on the host's thread: at 50,000 particles a read
    // took ~250 ms, and read every 100 ms it held 44% of the thread against the build it waits for
    // (a CPU profile of the suip cell). Read at most every 100 ms and at most a tenth of the time.
    if (performance.now() - checked < Math.max(100, 9 * cost) && dueIn() > 120) continue;
    checked = performance.now();
    shown = shownText(container) === whole;
    cost = performance.now() - checked;
  }
  if (dueIn() > 20) await afterPaint();
  return shown;
}

/** Per-segment host CPU, bytes and latency: sampled at each segment's end (plus a 300 ms grace for the last). */
async function sampleSegments(
  count: number,
  startAt: number,
  params: TokenStreamParams,
  run: StreamRun,
  latencies: () => number[],
  container: Element,
): Promise<SegmentResult[]> {
  const perSegment = params.tokens / count;
  const segmentMs = (perSegment * 1000) / params.rate;
  const out: SegmentResult[] = [];
  const metric = async (): Promise<number> => ((await window.benchMetrics?.())?.TaskDuration ?? Number.NaN) * 1000;
  let task = await metric();
  let bytes = run.bytesSoFar();
  let seen = latencies().length;
  for (let k = 1; k <= count; k++) {
    const wait = startAt + k * segmentMs + (k === count ? 300 : 0) - (performance.timeOrigin + performance.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const nextTask = await metric();
    const nextBytes = run.bytesSoFar();
    const all = latencies();
    out.push({
      taskMsPerToken: (nextTask - task) / perSegment,
      bytesPerToken: (nextBytes - bytes) / perSegment,
      p50: percentile(all.slice(seen), 50),
      textLength: lastTextDeep(container).length,
    });
    task = nextTask;
    bytes = nextBytes;
    seen = all.length;
  }
  return out;
}

declare global {
  interface Window {
    bench: Record<string, (params: never) => Promise<unknown>>;
  }
}

window.bench = {
  ...window.bench,
  tokenStream: tokenStream as (params: never) => Promise<unknown>,
  captureSuipView: captureSuipView as (params: never) => Promise<unknown>,
};
