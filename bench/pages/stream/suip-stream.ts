import { createRenderer, type Renderer } from '../../../renderer/index.ts';
import { createTokenScript, playTokenStream } from '../../anchors-browser/token-script.ts';
import { BENCH_LIMITS } from '../kit/suip-mount.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';

const START_MARK = 'bench-start:';

/**
 * The generator program of the stream (runs in suip's Worker). `mode` 'suip' is how a model is
 * meant to write it: rebuild the view with structural sharing (only the touched item gets a new
 * particle) and `render()`, which diffs and sends a token as a text append. Anchor (a), 'full',
 * builds the same tree but re-sends all of it on every flush as one `replace` (full re-send, and
 * the renderer re-validates, re-applies and re-renders the whole list).
 */
export function streamGeneratorCode(mode: 'suip' | 'full', setup: Pick<StreamSetup, 'config' | 'timing'>): string {
  return `
const SETUP = ${JSON.stringify({ config: setup.config, timing: setup.timing, mode })};
const createTokenScript = ${createTokenScript.toString()};
const playTokenStream = ${playTokenStream.toString()};
const { group, text, render, ops } = suip;
const script = createTokenScript(SETUP.config);
const cache = new Map();
const item = (it) => {
  let hit = cache.get(it.id);
  if (hit === undefined || hit.text !== it.text) {
    hit = { text: it.text, particle: group(null, [['t', text(it.text)]]) };
    cache.set(it.id, hit);
  }
  return hit.particle;
};
const list = () => group(null, script.items.map((it) => [it.id, item(it)]));
await render(group(null, [['list', list()]]));
const startAt = performance.timeOrigin + performance.now() + SETUP.timing.startAt;
await render(group(null, [['meta', text('${START_MARK}' + startAt, 'text/plain')], ['list', list()]]));
await playTokenStream(script, { ...SETUP.timing, startAt }, (edits) => {
  for (const edit of edits) if (edit.kind === 'remove') cache.delete(edit.id);
  if (SETUP.mode === 'full') {
    void ops([{ method: 'suip/ops/replace', params: { path: ['list'], particle: list() } }]);
  } else {
    void render(group(null, [['meta', text('${START_MARK}' + startAt, 'text/plain')], ['list', list()]]));
  }
});
`;
}

/**
 * suip (or anchor (a) with mode 'full'): the real renderer, sandbox and Worker. With `shared`, the
 * program is attached as generator `shared.id` of a renderer other streams share (several streams
 * into one page, `four-streams.ts`); disposing it then detaches only this program.
 */
export async function startSuipStream(
  mode: 'suip' | 'full',
  { container, config, timing, arrived, watchdogMs }: StreamSetup,
  shared?: { renderer: Renderer; id: string },
): Promise<StreamRun> {
  const watchdog = watchdogMs !== undefined ? { timeoutMs: watchdogMs, intervalMs: Math.min(200, watchdogMs / 4) } : {};
  const renderer = shared?.renderer ?? createRenderer(container, { limits: BENCH_LIMITS, watchdog });
  const id = shared?.id ?? 'bench';
  let counting = false;
  let bytes = 0;
  let messages = 0;
  let readyResolve!: (startAt: number) => void;
  const ready = new Promise<number>((resolve) => (readyResolve = resolve));
  let started = false;
  const stopTraffic = renderer.onTraffic((record) => {
    if (record.direction !== 'in' || record.generatorId !== id) return;
    if (!started) {
      const at = record.text.indexOf(START_MARK);
      if (at >= 0) {
        started = true;
        counting = true;
        readyResolve(Number.parseFloat(record.text.slice(at + START_MARK.length)));
      }
      return;
    }
    if (counting) {
      bytes += record.bytes;
      messages++;
    }
    arrived();
  });
  const errors: string[] = [];
  const onError = (event: Event) => {
    const { generatorId, error } = (event as CustomEvent<{ generatorId: string; error: { message: string } }>).detail;
    if (generatorId === id) errors.push(error.message);
  };
  container.addEventListener('suip-error', onError);
  const handle = await renderer.attach({ id, code: streamGeneratorCode(mode, { config, timing }) });
  const startAt = await ready;
  const end = startAt + (timing.tokens * 1000) / timing.rate;
  const done = (async () => {
    // The generator cannot signal the end without adding traffic: wait out the schedule, then
    // until nothing has arrived for 500 ms (a slow anchor may still be working through a backlog).
    while (performance.timeOrigin + performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    let seen = -1;
    while (seen !== messages) {
      seen = messages;
      await new Promise((r) => setTimeout(r, 500));
    }
    counting = false;
    return { bytes, messages };
  })();
  return {
    ready,
    done,
    bytesSoFar: () => bytes,
    errors: () => errors,
    async dispose() {
      container.removeEventListener('suip-error', onError);
      await handle.detach();
      stopTraffic();
      if (shared === undefined) await renderer.destroy();
    },
  };
}
