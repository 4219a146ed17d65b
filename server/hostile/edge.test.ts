import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { agentCall, liveTestClient } from '../testing/live-test-client.ts';
import { serverForSuite, subscribedPage } from '../testing/server-suite.ts';

/**
 * The server's HTTP edge as an attacker meets it (issue 27), against a real server process on
 * 127.0.0.1 with a real SQLite ledger and a fake model endpoint: DNS rebinding and foreign
 * origins on the route that spends the model key, the agent token on every agent route, hostile
 * paths and bodies (never a 500), cursors ahead of the ledger (said, nothing dropped), a session
 * ended by its agent (its tokens end with it), and the seed's subscribe-first rule.
 */

const AGENT = 'agent-token-0123456789abcdef';
const ALLOWED = 'http://allowed.example';
const GOOD_ANSWER =
  'Here.\n```genui\n{"addOrUpdateSurface":{"surfaceId":"s","definition":{"root":"t","widgets":[{"id":"t","widget":{"text":{"text":"hi"}}}]}}}\n```';

/** A raw request, so the Host header is what an attacker's browser would send. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the HTTP edge under attack (real process)', () => {
  let llm: FakeLlmServer;
  let port: string;
  beforeAll(async () => {
    llm = await startFakeLlmServer(() => GOOD_ANSWER);
  });
  afterAll(() => llm?.close());
  const server = serverForSuite(
    'suip-hostile-edge-',
    () => ['--agent-token', AGENT, '--origins', ALLOWED, '--llm-url', llm.baseUrl, '--llm-model', 'fake'],
    { env: { SUIP_LLM_KEY: 'sk-hostile-edge-key' } },
  );
  beforeAll(() => {
    port = new URL(server.url).port;
  });

  const genuiBody = JSON.stringify({
    catalogDefinition: { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '1.0' } },
    conversation: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
  });

  it('a DNS-rebinding page cannot spend the model key: a foreign Host or Origin is refused before the model is called', async () => {
    const before = llm.requests.length;
    const rebound = await raw(
      `${server.url}/genUI?stream=true`,
      'POST',
      { host: `evil.example:${port}`, origin: `http://evil.example:${port}`, 'content-type': 'application/json' },
      genuiBody,
    );
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ error: { code: 'invalid_request' } });
    const foreign = await raw(
      `${server.url}/genUI?stream=true`,
      'POST',
      { host: `127.0.0.1:${port}`, origin: 'https://evil.example', 'content-type': 'application/json' },
      genuiBody,
    );
    expect(foreign.status).toBe(403);
    const preflight = await raw(`${server.url}/genUI`, 'OPTIONS', {
      host: `127.0.0.1:${port}`,
      origin: 'https://evil.example',
    });
    expect(preflight.status).toBe(403);
    // Every other route and the live channel's upgrade answer only to the server's own names too.
    expect((await raw(`${server.url}/healthz`, 'GET', { host: `evil.example:${port}` })).status).toBe(421);
    await expect(liveTestClient(server.url, '', { host: `evil.example:${port}` }).opened).rejects.toThrow('HTTP 421');
    expect(llm.requests.length).toBe(before);
    // The allowed origin on the server's own name is served (the model is called once).
    const allowed = await raw(
      `${server.url}/genUI?stream=true`,
      'POST',
      { host: `localhost:${port}`, origin: ALLOWED, 'content-type': 'application/json' },
      genuiBody,
    );
    expect(allowed.status).toBe(200);
    expect(llm.requests.length).toBeGreaterThan(before);
  });

  it('every agent route refuses a token that differs in one character, with a typed 401', async () => {
    const near = `${AGENT.slice(0, -1)}${AGENT.endsWith('f') ? 'e' : 'f'}`;
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/sessions', {}],
      ['POST', `/api/sessions/${id}/render`, { session: { componentCode: 'x' } }],
      ['POST', `/api/sessions/${id}/token`, {}],
      ['GET', `/api/sessions/${id}/events`, undefined],
      ['DELETE', `/api/sessions/${id}`, undefined],
      ['POST', `/api/canvas/${id}/ops`, { ops: [{ op: 'clear' }] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await agentCall(server.url, near, path, body, method);
      expect({ path, method, status: answer.status, code: answer.code }).toEqual({
        path,
        method,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
    expect((await agentCall(server.url, AGENT, `/api/sessions/${id}/events`)).status).toBe(200);
  });

  it('hostile paths and 200k-deep bodies are typed 4xx on every route, never a 500', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    for (const path of [
      '/api/sessions/%ZZ/events',
      '/api/sessions/..%2f..%2fetc/events',
      `/api/sessions/${'x'.repeat(200)}/events`,
      '/api/sessions/a%00b/events',
      '/api/canvas/%2e%2e%2f/ops',
      '/api/sessions/ses_unknown/events',
    ]) {
      const answer = await agentCall(server.url, AGENT, path, path.includes('canvas') ? { ops: [] } : undefined);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(typeof answer.code, path).toBe('string');
    }
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    for (const path of [
      '/api/sessions',
      `/api/sessions/${id}/data`,
      `/api/sessions/${id}/render`,
      `/api/canvas/${id}/ops`,
    ]) {
      const answer = await agentCall(server.url, AGENT, path, deep);
      expect(answer.status, path).toBe(400);
    }
    const genui = await raw(
      `${server.url}/genUI?stream=true`,
      'POST',
      { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      deep,
    );
    expect(genui.status).toBe(400);
    // The server is still whole.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('a sinceSequence ahead of the event ledger is said, and the events that follow still arrive', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    const page = await subscribedPage(server.url, created, { sinceSequence: 1_000_000 });
    await page.until(() => page.errors().includes('REPLAY_HORIZON_PASSED'), 'the ahead error');
    expect(String(page.frames.find((f) => f.payload?.code === 'REPLAY_HORIZON_PASSED')?.payload?.message)).toContain(
      'ahead',
    );
    await agentCall(server.url, AGENT, `/api/sessions/${id}/render`, {
      session: { componentCode: 'suip.render(suip.text("hi"))' },
    });
    await page.until((f) => f.some((x) => x.type === 'render_event'), 'the render event after the error');
    const events = await agentCall(server.url, AGENT, `/api/sessions/${id}/events?since=1000000`);
    expect(events).toMatchObject({ ahead: true, status: 200 });
    expect((events.events as unknown[]).length).toBe(0);
    expect(events.next).toBe(events.last);
    page.ws.close();
  });

  it('subscribe comes first, ping included (seed 004)', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const page = liveTestClient(server.url);
    await page.opened;
    page.send({ type: 'ping' });
    await page.until(() => page.errors().includes('SUBSCRIBE_FIRST'), 'SUBSCRIBE_FIRST');
    expect(page.frames.some((f) => f.type === 'pong')).toBe(false);
    page.send({ type: 'subscribe', payload: { sessionId: created.sessionId, wsToken: created.wsToken } });
    page.send({ type: 'ping' });
    await page.until((f) => f.some((x) => x.type === 'pong'), 'the pong after subscribe');
    page.ws.close();
  });

  it('ending a session ends its tokens: open sockets are closed, old tokens refused, agent routes answer 410', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    const page = await subscribedPage(server.url, created);
    const sessionToken = page.frames[0]!.payload!.sessionToken as string;
    expect((await agentCall(server.url, AGENT, `/api/sessions/${id}`, undefined, 'DELETE')).status).toBe(200);
    await page.until(() => page.closed() !== undefined, 'the socket closed');
    expect(page.errors()).toContain('SESSION_ENDED');
    for (const query of ['', `?token=${sessionToken}`]) {
      const again = liveTestClient(server.url, query);
      await again.opened;
      again.send({
        type: 'subscribe',
        payload: { sessionId: id, ...(query === '' ? { wsToken: created.wsToken } : {}) },
      });
      await again.until(() => again.closed() !== undefined, 'refused');
      expect(again.errors()).toEqual(['SESSION_ENDED']);
    }
    expect(
      await agentCall(server.url, AGENT, `/api/sessions/${id}/render`, { session: { componentCode: 'x' } }),
    ).toMatchObject({ status: 410, code: 'SESSION_ENDED' });
  });
});
