import { IFRAME_ECHO, WORKER_ECHO } from '../../anchors-browser/echo-frames.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';

/** Strings of the sizes suip sends for one click (a `suip/event`) and its answer (one op). */
export const PING = JSON.stringify({
  jsonrpc: '2.0',
  method: 'suip/event',
  params: { handler: 'h1', path: ['b'], event: 'click', payload: {} },
});
export const PONG = JSON.stringify([
  { jsonrpc: '2.0', method: 'suip/ops/append', params: { path: ['b', 't'], text: '1' }, id: 't1' },
]);

/** Round trips per sample: performance.now() is coarsened to 0.1 ms here, one trip is about that. */
export const TRIPS_PER_SAMPLE = 10;

/** Round trips (ms, each sample the mean of TRIPS_PER_SAMPLE sequential pings) through a raw echo sandbox. */
export async function rawRoundTrips(
  shape: 'iframe' | 'worker',
  count: number,
): Promise<{ samples: number[]; postMs: number; clockOffsetMs: number }> {
  const frame = await createSandboxFrame(shape === 'iframe' ? IFRAME_ECHO : WORKER_ECHO);
  const samples: number[] = [];
  let postMs = 0;
  let resolveNext: ((data: unknown) => void) | undefined;
  frame.port.onmessage = (event: MessageEvent) => resolveNext?.(event.data);
  const ask = (text: string): Promise<unknown> => {
    const reply = new Promise((resolve) => (resolveNext = resolve));
    const before = performance.now();
    frame.port.postMessage(text);
    postMs += performance.now() - before;
    return reply;
  };
  for (let i = 0; i < 20; i++) await ask(PING); // warm-up (JIT, the Worker's first messages)
  postMs = 0;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    for (let k = 0; k < TRIPS_PER_SAMPLE; k++) await ask(PING.length > PONG.length ? PING : PONG);
    samples.push((performance.now() - start) / TRIPS_PER_SAMPLE);
  }
  // Clock offset between this page and the Worker (Cristian's algorithm on the fastest of 30).
  let clockOffsetMs = Number.NaN;
  if (shape === 'worker') {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 30; i++) {
      const t0 = performance.timeOrigin + performance.now();
      const remote = Number(await ask('clock'));
      const t1 = performance.timeOrigin + performance.now();
      if (t1 - t0 < best) {
        best = t1 - t0;
        clockOffsetMs = remote - (t0 + t1) / 2;
      }
    }
  }
  frame.remove();
  return { samples, postMs: postMs / count, clockOffsetMs };
}
