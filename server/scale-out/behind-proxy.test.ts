import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { startDeployment, type Deployment } from '../testing/deployment.ts';
import { hasHaproxy } from '../testing/haproxy.ts';
import { liveTestClient, type TestFrame } from '../testing/live-test-client.ts';
import { hasRedisServer } from '../testing/redis-server.ts';

/**
 * suip as operators run it past one process (docs/deploy.md): three processes on a real Redis
 * Cluster behind a real HAProxy balancing round robin with no stickiness. Every surface works
 * through the proxy, and a page whose process dies resumes on another one.
 */

const AGENT = 'agent-token-for-proxy-tests';
const ORIGIN = 'http://page.example';

/** An agent call through the proxy: the JSON answer and which process served it. */
async function call(
  base: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; backend: string; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    backend: response.headers.get('x-suip-backend') ?? '',
    json: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text },
  };
}

const dataSeqs = (frames: TestFrame[]) => frames.filter((f) => f.type === 'data').map((f) => f.seq!);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A live-channel viewer through the proxy, with the process that took its socket. */
function viewer(base: string, query = '') {
  const client = liveTestClient(base, query);
  const backend = new Promise<string>((resolve) =>
    client.ws.once('upgrade', (response) => resolve(String(response.headers['x-suip-backend'] ?? ''))),
  );
  return { ...client, backend };
}

/** Reads an SSE response until `count` events (comments skipped): ids, event names, and the process that served it. */
async function sse(
  url: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<{ backend: string; events: Array<{ id: string; event: string }> }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const events: Array<{ id: string; event: string }> = [];
  let text = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      if (block.startsWith(':')) continue;
      events.push({ id: /^id: (.*)$/m.exec(block)?.[1] ?? '', event: /^event: (.*)$/m.exec(block)?.[1] ?? '' });
    }
  }
  controller.abort();
  return { backend: response.headers.get('x-suip-backend') ?? '', events };
}

describe.skipIf(!hasRedisServer() || !hasHaproxy())(
  'three suip processes on a Redis Cluster behind HAProxy (no stickiness)',
  () => {
    let deployment: Deployment;
    let llm: FakeLlmServer;
    let release = () => undefined as void;
    let held = new Promise<void>((resolve) => (release = resolve));
    beforeAll(async () => {
      // The model holds its answer after the first words until the test lets go: a streamed
      // answer is visible through the proxy only if the proxy does not buffer it.
      llm = await startFakeLlmServer(() => ({
        steps: [{ content: 'Thinking' }, { wait: held }, { content: ' done.' }],
      }));
      deployment = await startDeployment({
        processes: 3,
        ledger: 'cluster',
        agentToken: AGENT,
        args: ['--origins', ORIGIN, '--llm-url', llm.baseUrl, '--llm-model', 'fake', '--llm-tools', 'false'],
      });
    }, 240_000);
    afterAll(async () => {
      release();
      await deployment?.stop();
      await llm?.close();
    });

    it('spreads agent calls over all three processes; a viewer gets every frame once, in order', async () => {
      const created = await call(deployment.url, '/api/sessions', {});
      expect(created.status).toBe(201);
      const sessionId = created.json.sessionId as string;
      const page = viewer(deployment.url);
      await page.opened;
      page.send({ type: 'subscribe', payload: { sessionId, wsToken: created.json.wsToken } });
      await page.until((f) => f.some((x) => x.type === 'ack'), 'ack through the proxy');
      const backends = new Set<string>();
      const seqs: number[] = [];
      for (let i = 1; i <= 30; i += 1) {
        const published = await call(deployment.url, `/api/sessions/${sessionId}/data`, {
          channel: 'ticks',
          mode: 'append',
          payload: { i },
        });
        expect(published.status).toBe(200);
        backends.add(published.backend);
        seqs.push(published.json.seq as number);
      }
      expect([...backends].sort()).toEqual(['suip1', 'suip2', 'suip3']);
      await page.until((f) => dataSeqs(f).length >= 30, '30 frames through the proxy');
      expect(dataSeqs(page.frames)).toEqual(seqs);
      expect(seqs).toEqual(range(seqs[0]!, seqs[0]! + 29));
      page.ws.close();
    }, 60_000);

    it('canvas SSE: a stream resumed with Last-Event-ID on another process gets exactly what followed', async () => {
      const created = await call(deployment.url, '/api/sessions', {});
      const sessionId = created.json.sessionId as string;
      for (let i = 0; i < 4; i += 1)
        await call(deployment.url, `/api/canvas/${sessionId}/ops`, {
          ops: [
            i === 0
              ? { op: 'upsert', id: 'n', type: 'stats', data: { items: [] } }
              : { op: 'patch', id: 'n', data: { title: `v${i}` } },
          ],
        });
      const url = `${deployment.url}/api/canvas/${sessionId}/sse`;
      const first = await sse(url, 1, { authorization: `Bearer ${AGENT}` });
      expect(first.events[0]).toMatchObject({ event: 'snapshot', id: '5' });
      for (let i = 4; i < 7; i += 1)
        await call(deployment.url, `/api/canvas/${sessionId}/ops`, { op: 'patch', id: 'n', data: { title: `v${i}` } });
      const resumed = await sse(url, 3, { authorization: `Bearer ${AGENT}`, 'last-event-id': '5' });
      expect(resumed.backend).not.toBe(first.backend);
      expect(resumed.events.map((e) => e.id)).toEqual(['6', '7', '8']);
    }, 60_000);

    it('/genUI and /ag-ui stream through the proxy: first words arrive while the model holds the rest', async () => {
      const genui = await fetch(`${deployment.url}/genUI?stream=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          catalogDefinition: { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '1.0' } },
          conversation: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
        }),
      });
      expect(genui.status).toBe(200);
      const agui = await fetch(`${deployment.url}/ag-ui`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: ORIGIN },
        body: JSON.stringify({
          threadId: 't',
          runId: 'r',
          messages: [{ id: 'u', role: 'user', content: 'hello' }],
          tools: [],
          context: [],
          state: {},
          forwardedProps: {},
        }),
      });
      expect(agui.status).toBe(200);
      const readUntil = async (response: Response, needle: string) => {
        const reader = response.body!.getReader();
        let text = '';
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        return { reader, text };
      };
      const early = await Promise.all([readUntil(genui, 'Thinking'), readUntil(agui, 'Thinking')]);
      expect(early.map((r) => r.text.includes('Thinking'))).toEqual([true, true]);
      expect(early.map((r) => r.text.includes('done.'))).toEqual([false, false]);
      release();
      const rest = await Promise.all(
        early.map(async ({ reader, text }) => {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return text;
            text += new TextDecoder().decode(value);
          }
        }),
      );
      expect(rest[0]).toContain('done.');
      expect(rest[0]!.trim().split('\n').at(-1)).toContain('"message"');
      expect(rest[1]).toContain('RUN_FINISHED');
      held = Promise.resolve();
    }, 60_000);

    it('a viewer whose process is killed -9 mid-stream resumes on another: no gap, no repeat', async () => {
      const created = await call(deployment.url, '/api/sessions', {});
      const sessionId = created.json.sessionId as string;
      const page = viewer(deployment.url);
      await page.opened;
      page.send({ type: 'subscribe', payload: { sessionId, wsToken: created.json.wsToken } });
      await page.until((f) => f.some((x) => x.type === 'ack'), 'ack');
      const sessionToken = page.frames.find((f) => f.type === 'ack')!.payload!.sessionToken as string;
      const victim = deployment.byBackend(await page.backend);
      // The agent publishes all along, through the proxy; a call cut by the kill is sent again.
      let published = 0;
      let last = 0;
      const agentRun = (async () => {
        while (published < 120) {
          const answer = await call(deployment.url, `/api/sessions/${sessionId}/data`, {
            channel: 'ticks',
            mode: 'append',
            payload: { i: published },
          }).catch(() => undefined);
          if (answer?.status !== 200) continue;
          published += 1;
          last = answer.json.seq as number;
        }
      })();
      await page.until((f) => dataSeqs(f).length >= 40, '40 frames before the kill');
      await victim.kill();
      await page.until(() => page.closed() !== undefined, 'the proxy closing the dead process’s socket');
      const seen = dataSeqs(page.frames);
      const again = viewer(deployment.url, `?token=${encodeURIComponent(sessionToken)}`);
      await again.opened;
      expect(deployment.byBackend(await again.backend)).not.toBe(victim);
      again.send({ type: 'subscribe', payload: { sessionId, fromSeq: seen.at(-1) } });
      await agentRun;
      await again.until((f) => dataSeqs(f).at(-1) === last, 'every frame on another process', 30_000);
      const all = [...seen, ...dataSeqs(again.frames)];
      expect(all).toEqual(range(all[0]!, last));
      again.ws.close();
    }, 90_000);
  },
);
