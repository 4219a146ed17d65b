import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_PROTOCOL_VERSION } from '../../shared/neighbours/live/frames.ts';
import { mintToken } from '../auth/tokens.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/**
 * Every frame of seed 004 against a real server process on a real SQLite file (window 50, so the
 * replay horizon is reachable): render_event replay, drain_ack, server channels, host context,
 * system credentials and shutdown, the consistent snapshot behind the window, expired tokens, and
 * versionPolicy advisory.
 */

const AGENT = 'agent-secret-for-frames';
const SECRET = 'shared-secret-for-frames';
type Frame = { type: string; payload?: Record<string, unknown>; seq?: number };

async function agent(base: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${AGENT}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

function client(base: string, query = '') {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`);
  const frames: Frame[] = [];
  let closed: number | undefined;
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  ws.on('close', (code) => (closed = code));
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed: () => closed,
    async subscribe(payload: Record<string, unknown>) {
      await opened;
      ws.send(JSON.stringify({ type: 'subscribe', payload }));
      await this.until((f) => f.some((x) => x.type === 'ack' || x.type === 'error'), 'ack');
    },
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    of: (type: string) => frames.filter((f) => f.type === type),
    async until(check: (frames: Frame[]) => boolean, what: string, ms = 15_000) {
      const end = Date.now() + ms;
      while (!check(frames)) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames.slice(-3))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('seed 004 frames (real process, SQLite, window 50)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-frames-'));
  let server: ServerProcess;
  let session: (app?: string) => Promise<{ sessionId: string; wsToken: string }>;
  beforeAll(async () => {
    server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--secret', SECRET, '--window', '50']);
    session = async (appId = 'demo') =>
      (await agent(server.url, '/api/sessions', { appId })) as unknown as { sessionId: string; wsToken: string };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an agent subscriber with sinceSequence gets every render_event (the same as GET …/events), before the outbound frames, then live', async () => {
    const { sessionId, wsToken } = await session();
    await agent(server.url, `/api/sessions/${sessionId}/render`, {
      session: { id: sessionId, runtime: 'suip/1.0', componentCode: 'x', actionSpec: { book: {} } },
    });
    await agent(server.url, `/api/sessions/${sessionId}/props`, { props: { city: 'Oslo' } });
    const user = client(server.url);
    await user.subscribe({ sessionId, wsToken, clientId: 'tab-a' });
    user.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: 1 }, clientSeq: 1 } });
    user.send({ type: 'host_context_observed', payload: { theme: 'dark', locale: 'nb-NO' } });
    await user.until((f) => f.some((x) => x.type === 'action_recorded'), 'recorded');
    const ledger = (await agent(server.url, `/api/sessions/${sessionId}/events?since=0`)).events as Array<{
      sequence: number;
      kind: string;
    }>;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = (await agent(server.url, `/api/sessions/${sessionId}/events?since=0`)).events as Array<{
      sequence: number;
      kind: string;
      payload: unknown;
    }>;
    expect(events.map((e) => e.kind)).toEqual(['render', 'props', 'action', 'host_context']);
    expect(ledger.length).toBeGreaterThanOrEqual(3);
    const watcher = client(server.url, `?token=${AGENT}`);
    await watcher.subscribe({ sessionId, role: 'agent', sinceSequence: 0, fromSeq: 0 });
    await watcher.until(
      (f) => f.filter((x) => x.type === 'render_event').length === 4 && f.some((x) => x.type === 'props_update'),
      'events then frames',
    );
    expect(watcher.of('render_event').map((f) => f.payload)).toEqual(events);
    const kinds = watcher.frames.map((f) => f.type);
    expect(kinds.lastIndexOf('render_event')).toBeLessThan(kinds.indexOf('render'));
    expect(watcher.frames[0]!.payload).toMatchObject({ sequence: 4, streamSeq: 3 });
    user.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: 2 }, clientSeq: 2 } });
    await watcher.until((f) => f.filter((x) => x.type === 'render_event').length === 5, 'the live action');
    expect(watcher.of('render_event').at(-1)!.payload).toMatchObject({
      sequence: 5,
      kind: 'action',
      payload: { type: 'book', clientSeq: 2, clientId: 'tab-a', payload: { seat: 2 } },
    });
    // Draining the consumed actions reaches the page as drain_ack (its clientId and clientSeqs).
    expect(await agent(server.url, `/api/sessions/${sessionId}/drain`, { through: 5 })).toMatchObject({
      status: 200,
      drained: 2,
      sequence: 5,
    });
    await user.until((f) => f.some((x) => x.type === 'drain_ack'), 'drain_ack');
    expect(user.of('drain_ack')[0]!.payload).toEqual({
      sessionId,
      sequence: 5,
      actions: [
        { clientId: 'tab-a', clientSeq: 1 },
        { clientId: 'tab-a', clientSeq: 2 },
      ],
    });
    expect(await agent(server.url, `/api/sessions/${sessionId}/drain`, { through: 5 })).toMatchObject({ drained: 0 });
    await watcher.until(
      (f) => f.some((x) => x.type === 'render_event' && x.payload!.kind === 'drain'),
      'the drain event',
    );
    // Two tabs each counting from 1 are two actions, not a resend.
    const other = client(server.url);
    await other.subscribe({ sessionId, wsToken, clientId: 'tab-b' });
    other.send({ type: 'action', payload: { sessionId, type: 'book', payload: { seat: 3 }, clientSeq: 1 } });
    await other.until((f) => f.some((x) => x.type === 'action_recorded'), 'recorded');
    expect(other.of('action_recorded')[0]!.payload).toEqual({ clientSeq: 1, duplicate: false });
    // An agent subscribe without the agent token is refused.
    const impostor = client(server.url);
    await impostor.subscribe({ sessionId, role: 'agent', sinceSequence: 0 });
    expect(impostor.frames[0]!.payload).toMatchObject({ code: 'SUBSCRIBE_UNAUTHORIZED' });
    for (const c of [user, watcher, other]) c.ws.close();
  });

  it('server channels: presence counts connections and follows changes; unknown channels get CHANNEL_UNKNOWN; unsubscribe is idempotent', async () => {
    const { sessionId, wsToken } = await session();
    const a = client(server.url);
    await a.subscribe({ sessionId, wsToken });
    a.send({ type: 'channel_subscribe', payload: 'presence' });
    await a.until((f) => f.some((x) => x.type === 'channel_payload'), 'presence');
    expect(a.of('channel_payload')[0]!.payload).toEqual({ channel: 'presence', payload: { connections: 1 } });
    const b = client(server.url);
    await b.subscribe({ sessionId, wsToken });
    await a.until((f) => f.filter((x) => x.type === 'channel_payload').length === 2, 'the second connection');
    expect(a.of('channel_payload')[1]!.payload).toEqual({ channel: 'presence', payload: { connections: 2 } });
    b.ws.close();
    await a.until((f) => f.filter((x) => x.type === 'channel_payload').length === 3, 'the second leaves');
    expect(a.of('channel_payload')[2]!.payload).toEqual({ channel: 'presence', payload: { connections: 1 } });
    a.send({ type: 'channel_subscribe', payload: { channel: 'weather.tool' } });
    await a.until((f) => f.some((x) => x.type === 'channel_error'), 'channel_error');
    expect(a.of('channel_error')[0]!.payload).toMatchObject({ channel: 'weather.tool', code: 'CHANNEL_UNKNOWN' });
    a.send({ type: 'channel_unsubscribe', payload: 'presence' });
    a.send({ type: 'channel_unsubscribe', payload: 'presence' });
    a.send({ type: 'ping' });
    await a.until((f) => f.some((x) => x.type === 'pong'), 'pong');
    expect(a.of('error')).toEqual([]);
    a.ws.close();
  });

  it('a fromSeq behind the window (or ahead of the ledger) gets replayTruncated and a consistent snapshot, then the live tail; sinceSequence behind it gets REPLAY_HORIZON_PASSED', async () => {
    const { sessionId, wsToken } = await session();
    await agent(server.url, `/api/sessions/${sessionId}/render`, {
      session: { id: sessionId, runtime: 'suip/1.0', componentCode: 'prog' },
    });
    await agent(server.url, `/api/sessions/${sessionId}/props`, { props: { v: 1 } });
    for (let i = 1; i <= 200; i += 1)
      await agent(server.url, `/api/sessions/${sessionId}/data`, [
        { channel: 'ticks', mode: 'append', payload: i },
        { channel: 'status', mode: 'replace', payload: `at ${i}` },
      ]);
    await agent(server.url, `/api/sessions/${sessionId}/props`, { props: { v: 2 } });
    const behind = client(server.url);
    await behind.subscribe({ sessionId, wsToken, fromSeq: 3 });
    const ack = behind.frames[0]!.payload!;
    expect(ack).toMatchObject({
      replayTruncated: true,
      streamSeq: 404,
      session: { id: sessionId, runtime: 'suip/1.0', componentCode: 'prog', props: { v: 2 } },
      channels: { status: { payload: 'at 200', seq: 403 } },
    });
    await agent(server.url, `/api/sessions/${sessionId}/data`, { channel: 'ticks', mode: 'append', payload: 'live' });
    await behind.until((f) => f.some((x) => x.type === 'data'), 'the live tail');
    expect(behind.frames.slice(1).map((f) => [f.type, f.seq])).toEqual([['data', 405]]);
    // A cursor from the future (a ledger that lost data) is treated the same way.
    const ahead = client(server.url);
    await ahead.subscribe({ sessionId, wsToken, fromSeq: 9999 });
    expect(ahead.frames[0]!.payload).toMatchObject({ replayTruncated: true, streamSeq: 405 });
    // A cursor inside the window replays exactly what follows it.
    const inside = client(server.url);
    await inside.subscribe({ sessionId, wsToken, fromSeq: 400 });
    await inside.until((f) => f.filter((x) => x.type !== 'ack').length === 5, 'the replay');
    expect(inside.frames[0]!.payload!.replayTruncated).toBeUndefined();
    expect(inside.frames.slice(1).map((f) => f.seq)).toEqual([401, 402, 403, 404, 405]);
    // The event ledger (window 50 too) passed its horizon for sinceSequence 0.
    for (let i = 0; i < 60; i += 1)
      await agent(server.url, `/api/sessions/${sessionId}/props`, { props: { v: 3 + i } });
    const late = client(server.url, `?token=${AGENT}`);
    await late.subscribe({ sessionId, role: 'agent', sinceSequence: 0 });
    await late.until((f) => f.some((x) => x.type === 'render_event'), 'kept events');
    expect(late.of('error')[0]!.payload).toMatchObject({ code: 'REPLAY_HORIZON_PASSED' });
    const sequences = late.of('render_event').map((f) => f.payload!.sequence as number);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => sequences[0]! + i));
    for (const c of [behind, ahead, inside, late]) c.ws.close();
  });

  it('expired and forged tokens are refused; a bearer reconnect past half the token life gets fresh credentials (system) that work, a fresh one none', async () => {
    const { sessionId, wsToken } = await session('app-1');
    const expired = client(server.url);
    await expired.subscribe({
      sessionId,
      wsToken: mintToken(SECRET, { kind: 'ws', sessionId, appId: 'app-1', exp: Date.now() - 1 }),
    });
    expect(expired.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'the token has expired',
    });
    await expired.until(() => expired.closed() === 1008, 'close');
    const expiredSession = client(
      server.url,
      `?token=${mintToken(SECRET, { kind: 'session', sessionId, appId: 'app-1', exp: Date.now() - 1 })}`,
    );
    await expiredSession.subscribe({ sessionId });
    expect(expiredSession.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'the token has expired',
    });
    const wrongKind = client(server.url, `?token=${wsToken}`);
    await wrongKind.subscribe({ sessionId });
    expect(wrongKind.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'this is not a session token',
    });
    const forged = client(server.url);
    await forged.subscribe({
      sessionId,
      wsToken: mintToken('another-secret', { kind: 'ws', sessionId, appId: 'app-1', exp: Date.now() + 60_000 }),
    });
    expect(forged.frames[0]!.payload).toMatchObject({
      code: 'SUBSCRIBE_UNAUTHORIZED',
      message: 'the token was not issued by this server',
    });
    const otherApp = client(server.url);
    await otherApp.subscribe({ sessionId, wsToken, appId: 'app-2' });
    expect(otherApp.frames[0]!.payload).toMatchObject({ code: 'SUBSCRIBE_UNAUTHORIZED' });
    const first = client(server.url);
    await first.subscribe({ sessionId, wsToken, appId: 'app-1' });
    const sessionToken = first.frames[0]!.payload!.sessionToken as string;
    // A reconnect with a fresh session token is not re-minted (a reconnect loop mints nothing).
    const again = client(server.url, `?token=${sessionToken}`);
    await again.subscribe({ sessionId });
    expect(again.frames[0]!.type).toBe('ack');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.of('system')).toEqual([]);
    again.ws.close();
    // Past half its life (the server's is 24 h), the next reconnect gets a fresh one.
    const aging = mintToken(SECRET, { kind: 'session', sessionId, appId: 'app-1', exp: Date.now() + 3600_000 });
    const second = client(server.url, `?token=${aging}`);
    await second.subscribe({ sessionId });
    await second.until((f) => f.some((x) => x.type === 'system'), 'credentials');
    const refreshed = second.of('system')[0]!.payload!;
    expect(refreshed).toMatchObject({ kind: 'credentials', sessionToken: expect.any(String) });
    const third = client(server.url, `?token=${refreshed.sessionToken as string}`);
    await third.subscribe({ sessionId });
    expect(third.frames[0]!.type).toBe('ack');
    for (const c of [first, second, third]) c.ws.close();
  });
});

describe('versionPolicy and shutdown (real process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-frames-advisory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('advisory: UPGRADE_REQUIRED is sent but the socket stays subscribed; SIGTERM sends system shutdown and closes with 1012', async () => {
    const server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--version-policy', 'advisory']);
    try {
      const { sessionId, wsToken } = (await agent(server.url, '/api/sessions', {})) as unknown as {
        sessionId: string;
        wsToken: string;
      };
      const old = client(server.url);
      await old.subscribe({ sessionId, wsToken, supportedVersions: ['ggui/0'] });
      await old.until((f) => f.some((x) => x.type === 'ack'), 'the ack after the advisory error');
      expect(old.frames.map((f) => f.type)).toEqual(['error', 'ack']);
      expect(old.frames[0]!.payload).toMatchObject({ code: 'UPGRADE_REQUIRED' });
      expect(old.frames[1]!.payload).toMatchObject({ serverVersion: LIVE_PROTOCOL_VERSION });
      await server.stop();
      await old.until(() => old.closed() !== undefined, 'close');
      expect(old.closed()).toBe(1012);
      expect(old.of('system')[0]!.payload).toMatchObject({ kind: 'shutdown' });
    } finally {
      await server.kill().catch(() => undefined);
    }
  }, 60_000);
});
