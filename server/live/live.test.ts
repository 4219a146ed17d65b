import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_PROTOCOL_VERSION } from '../../shared/neighbours/live/frames.ts';
import { hasRedisServer, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/**
 * The live channel against real server processes on 127.0.0.1, with real SQLite files and a real
 * redis-server: subscribe/ack/frames, resume after kill -9 with no gap and no duplicate, failover
 * between two processes behind Redis, the version handshake, tokens, Origin, hostile frames.
 */

const AGENT = 'agent-secret-for-tests';
type Frame = { type: string; payload?: Record<string, unknown>; seq?: number };

async function agent(base: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

/** A live-channel client that records every frame. */
function client(base: string, query = '', headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`, { headers });
  const frames: Frame[] = [];
  let closed: number | undefined;
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  ws.on('close', (code) => (closed = code));
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
  return {
    ws,
    frames,
    opened,
    closed: () => closed,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async until(check: (frames: Frame[]) => boolean, what: string, ms = 15_000) {
      const end = Date.now() + ms;
      while (!check(frames)) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames.slice(-3))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const dataSeqs = (frames: Frame[]) => frames.filter((f) => f.type === 'data').map((f) => f.seq!);

describe('live channel over SQLite (real processes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-live-'));
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', 'http://allowed.example']);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('subscribe → ack with the cursors, then the session frames in order; actions recorded once each', async () => {
    const created = await agent(server.url, '/api/sessions', { appId: 'demo' });
    expect(created.status).toBe(201);
    const sessionId = created.sessionId as string;
    expect(
      (
        await agent(server.url, `/api/sessions/${sessionId}/render`, {
          session: {
            id: sessionId,
            runtime: 'suip/1.0',
            componentCode: 'suip.render(suip.text("hi"))',
            actionSpec: { book: {} },
          },
        })
      ).seq,
    ).toBe(2);
    await agent(server.url, `/api/sessions/${sessionId}/props`, { props: { city: 'Oslo' } });
    await agent(server.url, `/api/sessions/${sessionId}/data`, {
      channel: 'messages',
      mode: 'append',
      payload: { text: 'hello' },
    });
    const c = client(server.url, `?wsToken=${encodeURIComponent(created.wsToken as string)}`);
    await c.opened;
    c.send({
      type: 'subscribe',
      payload: { sessionId, wsToken: created.wsToken, supportedVersions: [LIVE_PROTOCOL_VERSION], fromSeq: 0 },
    });
    await c.until((f) => f.some((x) => x.type === 'data'), 'the data frame');
    expect(c.frames.map((f) => f.type)).toEqual(['ack', 'render', 'props_update', 'data']);
    expect(c.frames[0]!.payload).toMatchObject({
      streamSeq: 4,
      serverVersion: LIVE_PROTOCOL_VERSION,
      sessionToken: expect.any(String),
    });
    expect(c.frames[3]).toMatchObject({
      seq: 4,
      payload: { channel: 'messages', mode: 'append', payload: { text: 'hello' } },
    });
    c.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: '12A' }, clientSeq: 1 } });
    c.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: '12A' }, clientSeq: 1 } });
    c.send({ type: 'action', payload: { sessionId, type: 'hack', payload: {}, clientSeq: 2 } });
    await c.until(
      (f) => f.filter((x) => x.type === 'action_recorded').length === 2 && f.some((x) => x.type === 'error'),
      'action answers',
    );
    expect(c.frames.filter((f) => f.type === 'action_recorded').map((f) => f.payload)).toEqual([
      { clientSeq: 1, duplicate: false },
      { clientSeq: 1, duplicate: true },
    ]);
    expect(c.frames.find((f) => f.type === 'error')!.payload).toMatchObject({
      code: 'CONTRACT_VIOLATION',
      numericCode: -32020,
    });
    const actions = await agent(server.url, `/api/sessions/${sessionId}/actions?since=0`);
    expect((actions.actions as unknown[]).length).toBe(1);
    c.ws.close();
  });

  it("an action whose payload the render's actionSpec rejects is a CONTRACT_VIOLATION naming where, and is never recorded; a spec the subset cannot enforce is refused at publish", async () => {
    const created = await agent(server.url, '/api/sessions', {});
    const sessionId = created.sessionId as string;
    const bad = await agent(server.url, `/api/sessions/${sessionId}/render`, {
      session: {
        id: sessionId,
        runtime: 'suip/1.0',
        componentCode: '',
        actionSpec: { book: { payload: { type: 'string', pattern: '(a+)+$' } } },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/the keyword "pattern" is not supported/);
    const seat = {
      type: 'object',
      required: ['seat'],
      additionalProperties: false,
      properties: { seat: { type: 'string', maxLength: 4 } },
    };
    await agent(server.url, `/api/sessions/${sessionId}/render`, {
      session: { id: sessionId, runtime: 'suip/1.0', componentCode: '', actionSpec: { book: { payload: seat } } },
    });
    const c = client(server.url);
    await c.opened;
    c.send({ type: 'subscribe', payload: { sessionId, wsToken: created.wsToken, fromSeq: 0 } });
    await c.until((f) => f.some((x) => x.type === 'render'), 'the render');
    c.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: 12 }, clientSeq: 1 } });
    c.send({
      type: 'action',
      payload: { sessionId, type: 'book', payload: { seat: '12A', admin: true }, clientSeq: 2 },
    });
    c.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: '12A' }, clientSeq: 3 } });
    await c.until((f) => f.some((x) => x.type === 'action_recorded'), 'the good action recorded');
    expect(c.frames.filter((f) => f.type === 'error').map((f) => f.payload)).toEqual([
      { code: 'CONTRACT_VIOLATION', numericCode: -32020, message: 'payload $.seat must be string, not number' },
      {
        code: 'CONTRACT_VIOLATION',
        numericCode: -32020,
        message: 'payload $ has the property "admin", which the contract does not allow',
      },
    ]);
    const actions = await agent(server.url, `/api/sessions/${sessionId}/actions?since=0`);
    expect((actions.actions as Array<{ payload: { payload: unknown } }>).map((a) => a.payload.payload)).toEqual([
      { seat: '12A' },
    ]);
    c.ws.close();
  });

  it('kill -9 mid-stream and restart on the same SQLite file: the client resumes with no gap and no duplicate', async () => {
    const created = await agent(server.url, '/api/sessions', {});
    const sessionId = created.sessionId as string;
    const c = client(server.url);
    await c.opened;
    c.send({ type: 'subscribe', payload: { sessionId, wsToken: created.wsToken } });
    await c.until((f) => f.some((x) => x.type === 'ack'), 'ack');
    const sessionToken = c.frames[0]!.payload!.sessionToken as string;
    for (let i = 1; i <= 100; i += 1)
      await agent(server.url, `/api/sessions/${sessionId}/data`, { channel: 'ticks', mode: 'append', payload: { i } });
    await c.until((f) => dataSeqs(f).length >= 100, '100 frames');
    await server.kill();
    const seen = dataSeqs(c.frames);
    server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', 'http://allowed.example']);
    for (let i = 101; i <= 200; i += 1)
      await agent(server.url, `/api/sessions/${sessionId}/data`, { channel: 'ticks', mode: 'append', payload: { i } });
    // The reconnect authenticates with the session token minted on the first subscribe.
    const again = client(server.url, `?token=${encodeURIComponent(sessionToken)}`);
    await again.opened;
    again.send({ type: 'subscribe', payload: { sessionId, fromSeq: Math.max(...seen) } });
    await again.until((f) => dataSeqs(f).length >= 200 - seen.length, 'the rest of the frames');
    const all = [...seen, ...dataSeqs(again.frames)];
    expect(all).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
    again.ws.close();
  }, 90_000);

  it('refuses a version mismatch (UPGRADE_REQUIRED, then close), forged and expired tokens, and a foreign Origin', async () => {
    const created = await agent(server.url, '/api/sessions', {});
    const sessionId = created.sessionId as string;
    const old = client(server.url);
    await old.opened;
    old.send({ type: 'subscribe', payload: { sessionId, wsToken: created.wsToken, supportedVersions: ['ggui/0'] } });
    await old.until(() => old.closed() !== undefined, 'close');
    expect(old.frames[0]!.payload).toMatchObject({ code: 'UPGRADE_REQUIRED' });
    const forged = client(server.url);
    await forged.opened;
    forged.send({
      type: 'subscribe',
      payload: { sessionId, wsToken: `${(created.wsToken as string).split('.')[0]}.AAAA` },
    });
    await forged.until(() => forged.closed() !== undefined, 'close');
    // A MAC of the wrong length is refused by the strict parse before any crypto.
    expect(forged.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'the token is malformed',
    });
    const other = await agent(server.url, '/api/sessions', {});
    const wrong = client(server.url);
    await wrong.opened;
    wrong.send({ type: 'subscribe', payload: { sessionId, wsToken: other.wsToken } });
    await wrong.until(() => wrong.closed() !== undefined, 'close');
    expect(wrong.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'the token is for another session',
    });
    // A foreign Origin is told why in a frame the page can read (a browser hides an HTTP refusal), then closed; nothing it sends is read.
    const evil = client(server.url, '', { origin: 'https://evil.example' });
    await evil.opened;
    evil.send({ type: 'subscribe', payload: { sessionId, wsToken: created.wsToken } });
    await evil.until(() => evil.closed() !== undefined, 'close');
    expect(evil.closed()).toBe(1008);
    expect(evil.frames).toEqual([
      {
        type: 'error',
        payload: { code: 'ORIGIN_NOT_ALLOWED', message: expect.stringContaining('--origins https://evil.example') },
      },
    ]);
    await expect(client(server.url, '', { origin: 'http://allowed.example' }).opened).resolves.toBeUndefined();
    // An unknown session is said (404, SESSION_NOT_FOUND), not answered with an empty list.
    expect((await agent(server.url.replace(AGENT, ''), '/api/sessions/x/events')).status).toBe(404);
    const noAuth = await fetch(`${server.url}/api/sessions`, { method: 'POST', body: '{}' });
    expect(noAuth.status).toBe(401);
  });

  it('hostile frames get typed errors and never disturb another session', async () => {
    const a = await agent(server.url, '/api/sessions', {});
    const b = await agent(server.url, '/api/sessions', {});
    const victim = client(server.url);
    await victim.opened;
    victim.send({ type: 'subscribe', payload: { sessionId: b.sessionId, wsToken: b.wsToken } });
    await victim.until((f) => f.some((x) => x.type === 'ack'), 'ack');
    const attacker = client(server.url);
    await attacker.opened;
    attacker.send('{"type": "subscribe", "payload": {');
    attacker.send({ type: 'action', payload: { sessionId: a.sessionId, type: 'x', payload: 1, clientSeq: 1 } });
    attacker.send({
      type: 'subscribe',
      payload: { sessionId: a.sessionId, wsToken: a.wsToken, __proto__: { admin: true } },
    });
    await attacker.until((f) => f.some((x) => x.type === 'ack'), 'the attacker ack');
    attacker.send({ type: 'action', payload: { sessionId: b.sessionId, type: 'x', payload: 1, clientSeq: 1 } });
    // Frames are answered in order, but an oversized one is cut by the transport at once: it goes
    // only after the answer to the action, so what is asserted does not depend on the machine's load.
    await attacker.until((f) => f.filter((x) => x.type === 'error').length === 3, 'the answer to the foreign action');
    attacker.send('x'.repeat(200_000));
    await attacker.until(() => attacker.closed() !== undefined, 'the oversized frame closes the socket');
    const codes = attacker.frames.filter((f) => f.type === 'error').map((f) => f.payload!.code);
    expect(codes).toEqual(['BAD_FRAME', 'SUBSCRIBE_FIRST', 'SESSION_MISMATCH']);
    expect(attacker.closed()).toBe(1009);
    // A flood of 10,000 frames in about a second: one RATE_LIMITED error (no amplification), then the socket is cut.
    const flooder = client(server.url);
    await flooder.opened;
    flooder.send({ type: 'subscribe', payload: { sessionId: a.sessionId, wsToken: a.wsToken } });
    await flooder.until((f) => f.some((x) => x.type === 'ack'), 'the flooder ack');
    for (let i = 0; i < 10_000 && flooder.ws.readyState === flooder.ws.OPEN; i += 1) {
      flooder.send({ type: 'ping' });
      if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await flooder.until(() => flooder.closed() !== undefined, 'the flood closes the socket');
    expect(flooder.closed()).toBe(1008);
    expect(flooder.frames.filter((f) => f.type === 'error').map((f) => f.payload!.code)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect(flooder.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(600);
    // The other session still works.
    await agent(server.url, `/api/sessions/${b.sessionId}/data`, {
      channel: 'c',
      mode: 'replace',
      payload: 'still here',
    });
    await victim.until((f) => f.some((x) => x.type === 'data'), 'the victim keeps getting frames');
    expect(victim.frames.filter((f) => f.type === 'error')).toEqual([]);
  });
});

describe.skipIf(!hasRedisServer())('live channel over Redis: two server processes, one killed', () => {
  let redis: RedisServer;
  const dirs: string[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('client on A, agent on B, A killed: the client resumes on B with no gap and no duplicate', async () => {
    const start = () => {
      const dir = mkdtempSync(join(tmpdir(), 'suip-live-redis-'));
      dirs.push(dir);
      return startServer([
        '--data-dir',
        dir,
        '--agent-token',
        AGENT,
        '--redis',
        redis.url,
        '--secret',
        'shared-secret',
      ]);
    };
    const a = await start();
    const b = await start();
    try {
      const created = await agent(b.url, '/api/sessions', {});
      const sessionId = created.sessionId as string;
      const c = client(a.url);
      await c.opened;
      c.send({ type: 'subscribe', payload: { sessionId, wsToken: created.wsToken } });
      await c.until((f) => f.some((x) => x.type === 'ack'), 'ack on A');
      const sessionToken = c.frames[0]!.payload!.sessionToken as string;
      for (let i = 1; i <= 60; i += 1)
        await agent(b.url, `/api/sessions/${sessionId}/data`, { channel: 'ticks', mode: 'append', payload: { i } });
      await c.until((f) => dataSeqs(f).length >= 60, 'frames on A');
      await a.kill();
      const seen = dataSeqs(c.frames);
      for (let i = 61; i <= 120; i += 1)
        await agent(b.url, `/api/sessions/${sessionId}/data`, { channel: 'ticks', mode: 'append', payload: { i } });
      const onB = client(b.url, `?token=${encodeURIComponent(sessionToken)}`);
      await onB.opened;
      onB.send({ type: 'subscribe', payload: { sessionId, fromSeq: Math.max(...seen) } });
      await onB.until((f) => dataSeqs(f).length >= 120 - seen.length, 'the rest on B');
      expect([...seen, ...dataSeqs(onB.frames)]).toEqual(Array.from({ length: 120 }, (_, i) => i + 2));
      onB.ws.close();
    } finally {
      await b.stop();
      await a.kill().catch(() => undefined);
    }
  }, 90_000);
});
