import { expect, test } from 'vitest';
import { createTokenScript, playTokenStream } from './token-script.ts';

/**
 * A player that is late (each flush outlasts a token's interval, as a suip program's render of a 50,000-item list
 * did) still ends its task after every flush, so the thread's other tasks run between flushes: the runtime's
 * send at the end of a task, and the answer to the relay's heartbeat.
 */
test('a late player ends its task after every flush', async () => {
  const script = createTokenScript({ particles: 20, seed: 7, tokensPerItem: 3, churn: 0.2 });
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const probe = { ran: true };
  const yielded: boolean[] = [];
  await playTokenStream(script, { startAt: performance.timeOrigin + performance.now(), rate: 1000, tokens: 20 }, () => {
    yielded.push(probe.ran);
    probe.ran = false;
    setTimeout(() => (probe.ran = true), 0);
    busy(5);
  });
  expect(yielded.length).toBeGreaterThan(1);
  expect(yielded).not.toContain(false);
});
