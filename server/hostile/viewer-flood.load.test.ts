import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentCall, liveTestClient } from '../testing/live-test-client.ts';
import { serverForSuite, subscribedPage } from '../testing/server-suite.ts';

/**
 * A load test as a verdict (issue 27): K page viewers, each inside every limit, flood actions
 * (durable writes) and hold sockets that never read, while a control client's `/healthz` p99 and
 * another session's publish → page p95 are measured; the same two figures are measured in the
 * same run without the flood, and the verdict is the ratio. The data directory is on disk (not
 * tmpfs), where a synchronous fsync per action on the event loop once made `/healthz` take
 * seconds.
 *
 * Opt-in (`npm run test:load`, on a quiet machine): a ratio of latencies is a verdict a busy machine
 * flips (ratios 21, 23 and 2.5 on three tries at load ~20), so `npm test` does not run it.
 */

const AGENT = 'agent-token-for-the-load-test';
const VIEWERS = 10;
const ACTIONS_PER_SECOND = 100;
const MEASURE_MS = 6000;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Infinity;

describe('the server under a flood of in-limit clients (real process, SQLite on disk)', () => {
  // The repository's own folder: on disk, as a real deployment's data directory is.
  const server = serverForSuite('.suip-load-', ['--agent-token', AGENT], {
    parent: join(process.cwd(), 'node_modules'),
  });

  /** `/healthz` and publish → page latencies of a quiet control session while `phase()` says which run they belong to. */
  async function control(ms: number, phase: () => 'quiet' | 'flood' | 'off') {
    const session = await agentCall(server.url, AGENT, '/api/sessions', {});
    const page = await subscribedPage(server.url, session);
    const sent = new Map<string, { at: number; phase: string }>();
    const figures = {
      quiet: { health: [] as number[], publish: [] as number[] },
      flood: { health: [] as number[], publish: [] as number[] },
    };
    page.ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; payload?: { payload?: unknown } };
      const mark = frame.type === 'data' ? sent.get(String(frame.payload?.payload)) : undefined;
      if (mark !== undefined && mark.phase !== 'off')
        figures[mark.phase as 'quiet' | 'flood'].publish.push(performance.now() - mark.at);
    });
    const end = performance.now() + ms;
    const health = (async () => {
      while (performance.now() < end) {
        const at = performance.now();
        const now = phase();
        await fetch(`${server.url}/healthz`);
        if (now !== 'off' && phase() === now) figures[now].health.push(performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const publish = (async () => {
      for (let i = 0; performance.now() < end; i += 1) {
        const mark = `m${i}`;
        sent.set(mark, { at: performance.now(), phase: phase() });
        await agentCall(server.url, AGENT, `/api/sessions/${session.sessionId}/data`, {
          channel: 'c',
          mode: 'append',
          payload: mark,
        });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await Promise.all([health, publish]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    page.ws.close();
    return figures;
  }

  // A timing verdict: run alone on a quiet machine (the logic it guards, writes off the loop, fails by 20x+).
  it(
    `${VIEWERS} viewers at ${ACTIONS_PER_SECOND} actions/s each, with never-read sockets, keep /healthz p99 and another session's publish p95 within 2x of the quiet run`,
    { timeout: 120_000 },
    async () => {
      const flood = await agentCall(server.url, AGENT, '/api/sessions', {});
      const viewers = Array.from({ length: VIEWERS }, () => liveTestClient(server.url));
      for (const v of viewers) {
        await v.opened;
        v.send({ type: 'subscribe', payload: { sessionId: flood.sessionId, wsToken: flood.wsToken } });
      }
      for (const v of viewers) await v.until((f) => f.some((x) => x.type === 'ack'), 'a viewer ack');
      const sleepers = Array.from({ length: 10 }, () => liveTestClient(server.url));
      for (const s of sleepers) {
        await s.opened;
        s.send({ type: 'subscribe', payload: { sessionId: flood.sessionId, wsToken: flood.wsToken } });
        (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      }
      // Quiet and flooded phases alternate, so both meet the same background load of the machine.
      let phase: 'quiet' | 'flood' | 'off' = 'off';
      let sent = 0;
      let done = false;
      const floods = viewers.map(async (v) => {
        for (let seq = 1; !done; seq += 1) {
          if (phase === 'flood') {
            v.send({
              type: 'action',
              payload: {
                sessionId: flood.sessionId,
                type: 'click',
                payload: { n: seq, note: 'x'.repeat(200) },
                clientSeq: seq,
              },
            });
            sent += 1;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000 / ACTIONS_PER_SECOND));
        }
      });
      const schedule = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 800)); // warm-up: the first requests pay for compilation
        for (let round = 0; round < 3; round += 1) {
          phase = 'quiet';
          await new Promise((resolve) => setTimeout(resolve, MEASURE_MS / 3));
          phase = 'flood';
          await new Promise((resolve) => setTimeout(resolve, MEASURE_MS / 3));
        }
        phase = 'off';
      })();
      const figures = await control(800 + 2 * MEASURE_MS + 200, () => phase);
      await schedule;
      done = true;
      await Promise.all(floods);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Everything the viewers sent was recorded and acknowledged.
      const recorded = viewers.reduce((n, v) => n + v.frames.filter((f) => f.type === 'action_recorded').length, 0);
      for (const v of [...viewers, ...sleepers]) v.ws.terminate();
      const quiet = {
        healthP99: percentile(figures.quiet.health, 99),
        publishP95: percentile(figures.quiet.publish, 95),
      };
      const loaded = {
        healthP99: percentile(figures.flood.health, 99),
        publishP95: percentile(figures.flood.publish, 95),
      };
      const report = JSON.stringify({ quiet, loaded, sent, recorded, samples: figures.flood.health.length });
      console.log(`load: ${report}`);
      expect(recorded, report).toBe(sent);
      // The quiet p99 is floored at 10 ms (and the publish p95 at 25 ms): an idle 2 ms doubled is below the timer noise of a shared machine.
      expect(loaded.healthP99 / Math.max(quiet.healthP99, 10), report).toBeLessThanOrEqual(2);
      expect(loaded.publishP95 / Math.max(quiet.publishP95, 25), report).toBeLessThanOrEqual(2);
    },
  );
});
