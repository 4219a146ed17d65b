import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KANBAN_DEFINE, SEED_TOON } from '../../adapters/canvas/testing/samples.ts';
import { hasRedisServer, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/** The canvas API against real server processes: SQLite (kill -9, restart) and Redis (two processes). */

const AGENT = 'agent-secret-for-canvas-tests';

async function call(base: string, path: string, body?: unknown, auth = true): Promise<{ status: number } & Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { ...(auth ? { authorization: `Bearer ${AGENT}` } : {}), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

async function session(base: string): Promise<{ sessionId: string; wsToken: string }> {
  return (await call(base, '/api/sessions', {})) as never;
}

/** Reads an SSE response until `count` events arrived. */
async function sseEvents(url: string, count: number, headers: Record<string, string> = {}): Promise<Array<{ id: string; event: string; data: unknown }>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const events: Array<{ id: string; event: string; data: unknown }> = [];
  let text = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
      if (block.startsWith(':')) continue;
      const field = (name: string) => /^(\w+): (.*)$/gm.exec(block) && [...block.matchAll(/^(\w+): (.*)$/gm)].find((m) => m[1] === name)?.[2];
      events.push({ id: field('id') ?? '', event: field('event') ?? '', data: JSON.parse(field('data') ?? 'null') });
    }
  }
  controller.abort();
  return events;
}

describe('canvas API over SQLite (real processes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-canvas-'));
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', 'http://page.example']);
  }, 60_000);
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes ops as JSON, TOON, fenced text and MCP tool results; answers the compacted canvas; survives kill -9', async () => {
    const { sessionId, wsToken } = await session(server.url);
    expect((await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [{ op: 'upsert', id: 'weather-paris', type: 'weather', data: { city: 'Paris', temp: 18 } }] })).seqs).toEqual([2]);
    expect((await call(server.url, `/api/canvas/${sessionId}/ops`, SEED_TOON)).seqs).toEqual([3]);
    expect((await call(server.url, `/api/canvas/${sessionId}/ops`, { text: `Here:\n\`\`\`genui\n${JSON.stringify(KANBAN_DEFINE)}\n\`\`\`\n` })).seqs).toEqual([4]);
    expect((await call(server.url, `/api/canvas/${sessionId}/ops`, { toolResult: { content: [], _canvas_ops: [{ op: 'patch', id: 'weather-paris', data: { temp: 21 } }, { op: 'layout', mode: 'dashboard' }] } })).seqs).toEqual([5, 6]);
    const state = await call(server.url, `/api/canvas/${sessionId}/state`);
    expect(state.seq).toBe(6);
    expect((state.ops as Array<{ op: string }>).map((o) => o.op)).toEqual(['layout', 'define', 'upsert', 'upsert', 'patch']);
    // The browser reads it with its own token; CORS for the configured origin only.
    const browser = await fetch(`${server.url}/api/canvas/${sessionId}/state?token=${encodeURIComponent(wsToken)}`, { headers: { origin: 'http://page.example' } });
    expect(browser.headers.get('access-control-allow-origin')).toBe('http://page.example');
    expect(((await browser.json()) as { seq: number }).seq).toBe(6);
    await server.kill();
    server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', 'http://page.example']);
    expect(await call(server.url, `/api/canvas/${sessionId}/state`)).toEqual(state);
  }, 60_000);

  it('refuses bad input with a precise error and records nothing', async () => {
    const { sessionId } = await session(server.url);
    expect(await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [{ op: 'patch', id: 'ghost', data: {} }] })).toMatchObject({ status: 409, error: expect.stringContaining('op 0: patch ghost: no component') });
    expect(await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [{ op: 'layout', mode: 'grid' }] })).toMatchObject({ status: 400, error: expect.stringMatching(/^layout: \/mode/) });
    expect(await call(server.url, `/api/canvas/${sessionId}/ops`, `{"ops":${'['.repeat(500)}`)).toMatchObject({ status: 400 });
    expect(await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [] }, false)).toMatchObject({ status: 401 });
    expect(await call(server.url, `/api/canvas/${sessionId}/state`, undefined, false)).toMatchObject({ status: 401 });
    expect(await call(server.url, '/api/canvas/nope/ops', { op: 'clear' })).toMatchObject({ status: 404 });
    expect((await call(server.url, `/api/canvas/${sessionId}/state`)).seq).toBe(1);
  }, 30_000);

  it('streams over SSE: a snapshot, then each op with its seq; Last-Event-ID resumes with no gap and no duplicate', async () => {
    const { sessionId, wsToken } = await session(server.url);
    await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [{ op: 'upsert', id: 'a', type: 'card', data: { text: '1' } }] });
    const url = `${server.url}/api/canvas/${sessionId}/sse?token=${encodeURIComponent(wsToken)}`;
    const first = sseEvents(url, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call(server.url, `/api/canvas/${sessionId}/ops`, { ops: [{ op: 'patch', id: 'a', data: { text: '2' } }, { op: 'patch', id: 'a', data: { text: '3' } }] });
    const events = await first;
    expect(events.map((e) => [e.id, e.event])).toEqual([['2', 'snapshot'], ['3', 'op'], ['4', 'op']]);
    await call(server.url, `/api/canvas/${sessionId}/ops`, { op: 'remove', id: 'a' });
    const resumed = await sseEvents(url, 1, { 'last-event-id': '4' });
    expect(resumed).toEqual([{ id: '5', event: 'op', data: { op: 'remove', id: 'a' } }]);
  }, 30_000);
});

describe.skipIf(!hasRedisServer())('canvas API on two processes behind Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs = [mkdtempSync(join(tmpdir(), 'suip-canvas-a-')), mkdtempSync(join(tmpdir(), 'suip-canvas-b-'))];
  beforeAll(async () => {
    redis = await startRedisServer();
    const args = (dir: string) => ['--data-dir', dir, '--agent-token', AGENT, '--redis', redis.url, '--secret', 'shared-secret-for-tests'];
    a = await startServer(args(dirs[0]!));
    b = await startServer(args(dirs[1]!));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop().catch(() => undefined), b?.stop().catch(() => undefined)]);
    await redis?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('ops posted to either process form one gap-free history; after A is killed B answers the same canvas', async () => {
    const { sessionId } = await session(a.url);
    const seqs: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const target = i % 2 === 0 ? a : b;
      const r = await call(target.url, `/api/canvas/${sessionId}/ops`, { ops: [i === 0 ? { op: 'upsert', id: 'n', type: 'stats', data: { items: [] } } : { op: 'patch', id: 'n', data: { title: `v${i}` } }] });
      seqs.push(...(r.seqs as number[]));
    }
    expect(seqs).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const before = await call(a.url, `/api/canvas/${sessionId}/state`);
    expect(await call(b.url, `/api/canvas/${sessionId}/state`)).toEqual(before);
    await a.kill();
    expect((await call(b.url, `/api/canvas/${sessionId}/ops`, { op: 'patch', id: 'n', data: { title: 'after' } })).seqs).toEqual([12]);
    const after = await call(b.url, `/api/canvas/${sessionId}/state`);
    expect(after.seq).toBe(12);
    expect(JSON.stringify(after.ops)).toContain('"title":"after"');
  }, 60_000);
});
