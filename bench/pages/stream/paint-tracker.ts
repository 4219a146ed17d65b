import { afterPaint } from '../kit/after-paint.ts';
import { lastTextDeep } from '../kit/deep-text.ts';

/** Token-to-paint measurements of one run. */
export interface PaintResult {
  /** Epoch ms from each token's due time to the end of the frame that first showed it. */
  latencies: number[];
  /** Highest token index seen on screen (-1: none). */
  lastSeen: number;
}

const TOKEN_AT_END = /w(\d+)\s*$/;

/**
 * Measures token-to-paint latency the same way for suip and every anchor: on each message arrival
 * it asks for a frame; in that frame's rAF (after the DOM update, before paint) it reads which
 * token the streamed text ends with, and after the paint it credits every newly visible token with
 * `paint - due`. Due times come from the stream timing shared with the sandbox (epoch clock).
 */
export function createPaintTracker(
  container: Element,
  dueAt: (token: number) => number,
): { arrived(): void; result(): PaintResult; settle(): Promise<void> } {
  const latencies: number[] = [];
  let lastSeen = -1;
  let pending = false;
  // A message that arrives while a frame is already being measured may miss that frame's probe:
  // measure one more frame after it.
  let again = false;
  let retries = 0;
  const frame = (): void => {
    pending = true;
    let seen = -1;
    void afterPaint(() => {
      const match = TOKEN_AT_END.exec(lastTextDeep(container));
      seen = match ? Number(match[1]) : -1;
    }).then((paintedAt) => {
      pending = false;
      const more = again;
      again = false;
      const epoch = performance.timeOrigin + paintedAt;
      if (seen > lastSeen) {
        for (let token = lastSeen + 1; token <= seen; token++) latencies.push(epoch - dueAt(token));
        lastSeen = seen;
        retries = 0;
      } else if (retries++ < 3) {
        // The message arrived but its DOM update is deferred (e.g. to the renderer's own frame).
        frame();
        return;
      }
      if (more && !pending) frame();
    });
  };
  return {
    arrived() {
      if (pending) {
        again = true;
        return;
      }
      pending = true;
      // After the current task: a renderer that defers its DOM update to its own
      // requestAnimationFrame registers that callback while handling the message, and ours must
      // run after it in the same frame.
      queueMicrotask(frame);
    },
    result: () => ({ latencies, lastSeen }),
    async settle() {
      while (pending) await afterPaint();
      // A renderer far behind (many streams on a loaded machine) may show a message's tokens more
      // than the 3 retried frames after it arrived, and no later arrival asks again: read on until
      // the last token on screen holds still for 10 frames, crediting what shows up then with the
      // frame that showed it (so a backlog counts in full, never less).
      for (let still = 0; still < 10;) {
        let seen = -1;
        const paintedAt = await afterPaint(() => {
          const match = TOKEN_AT_END.exec(lastTextDeep(container));
          seen = match ? Number(match[1]) : -1;
        });
        if (seen <= lastSeen) {
          still++;
          continue;
        }
        still = 0;
        const epoch = performance.timeOrigin + paintedAt;
        for (let token = lastSeen + 1; token <= seen; token++) latencies.push(epoch - dueAt(token));
        lastSeen = seen;
      }
    },
  };
}
