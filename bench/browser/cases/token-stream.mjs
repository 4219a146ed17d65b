/** Case 3: the token stream (page `bench/pages/token-stream.html`); cases 7 and 8 share its page and helpers. */
import { tokenStreamRows } from './token-stream-rows.mjs';

/** The token-stream page. */
export const PAGE = '/bench/pages/token-stream.html';
// SUIP_BENCH_ANCHORS=suip,vanilla runs some (issue 42's 50,000-particle cells take minutes each).
// SUIP_BENCH_START_MS=N gives each particle of the starting list N ms to show before the first token (default 1): on
// a loaded machine no anchor shows 50,000 in 50 s, and a run that counted the build would measure nothing.
const START_MS = process.env.SUIP_BENCH_START_MS === undefined ? undefined : Number(process.env.SUIP_BENCH_START_MS);
// SUIP_BENCH_WATCHDOG_MS=N sets suip's heartbeat timeout (default 1,000 ms): a short one shows on a quiet machine what
// a loaded one does to a Worker that holds its thread (docs/benchmarks.md, the 50,000-particle stream).
const WATCHDOG_MS =
  process.env.SUIP_BENCH_WATCHDOG_MS === undefined ? undefined : Number(process.env.SUIP_BENCH_WATCHDOG_MS);
const ANCHORS = process.env.SUIP_BENCH_ANCHORS?.split(',') ?? [
  'suip',
  'full',
  'remote-dom',
  'vanilla',
  'limit',
  'styled',
];

/** An error that marks the run's result as wrong (not slow): the runner reports it as such. */
export const wrong = (message) => Object.assign(new Error(message), { wrong: true });

/** The print of suip's view the styled floor rebuilds, read once per browser session from suip's own page. */
const views = new WeakMap();
export async function suipView(session) {
  if (!views.has(session)) views.set(session, await session.run(PAGE, 'captureSuipView', {}));
  return views.get(session);
}

/** Case 3, the headline: suip vs full re-send, remote-dom and vanilla DOM, same script, same run. */
export function tokenStream({ quick, grid: only }) {
  // `--grid=150/1000,1000/1000` (run-browser.mjs) picks cells of the grid (rate/particles).
  const grid = only
    ? only.split(',').map((cell) => cell.split('/').map(Number))
    : quick
      ? [[150, 1000]]
      : [50, 150, 1000].flatMap((rate) => [100, 1000].map((particles) => [rate, particles]));
  return {
    name: 'browser-token-stream',
    description:
      'issues 6 and 43: a simulated model streaming tokens into a UI (text grows per token, a new item every 30 ' +
      'tokens, 5% of tokens move or remove an item), the model in a Worker for every contestant; suip vs full ' +
      're-send through the same renderer, @remote-dom/core (polyfill + RemoteRootElement + ' +
      'BatchingRemoteConnection in a Worker in a sandboxed iframe, DOMRemoteReceiver), vanilla (a Worker of the ' +
      'page, one DOM call per edit), limit (the same from a Worker in a sandboxed iframe: the physical limit) and ' +
      "styled (suip's wire from a sandboxed Worker, JSON.parse and direct DOM calls building exactly the elements, " +
      "shadow roots and sheets suip's view ends with, no validation); host CPU is CDP TaskDuration of the page's " +
      'main thread',
    variants: grid.flatMap(([rate, particles]) => ANCHORS.map((anchor) => `${rate}/${particles}/${anchor}`)),
    async run(session, variant) {
      const [rate, particles, anchor] = variant.split('/');
      const tokens = Math.max(150, Math.round(Number(rate) * (quick ? 1.5 : 2)));
      const view = anchor === 'styled' ? await suipView(session) : undefined;
      // A run whose starting list was not on screen when its first token was due measured nothing
      // wrong, only a loaded machine (it would have counted the build): run it again, twice at most.
      let r;
      for (let attempt = 0; attempt < 3; attempt++) {
        r = await session.run(PAGE, 'tokenStream', {
          anchor,
          particles: Number(particles),
          rate: Number(rate),
          tokens,
          view,
          startMsPerParticle: START_MS,
          watchdogMs: WATCHDOG_MS,
        });
        if (!r.problem?.startsWith('the starting list was not all on screen')) break;
      }
      if (!r.correct) throw wrong(`${variant}: ${r.problem}`);
      return tokenStreamRows(r, { rate, particles, anchor, tokens });
    },
  };
}
