import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BridgeServerFrame } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { compile } from '../../shared/check.ts';
import { mintToken } from '../auth/tokens.ts';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createSocketBudgets } from '../http/socket-budgets.ts';
import { createMemoryLedger } from '../ledger/memory-ledger.ts';
import { appendEnded } from '../sessions/streams.ts';
import { BRIDGE_SUBJECT, createRuntimeBridge, type RuntimeBridge } from './bridge.ts';

/**
 * A real runtime child: on each stdin line `{"method":"ui.context.update","params":{"extensions":{"lines":N,"pad":P}}}`
 * it writes N `agent.event` notifications of about P bytes each to stdout.
 */
const FLOOD = `
let seq = 0;
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const { params } = JSON.parse(line);
  const { lines, pad } = params.extensions;
  for (let i = 0; i < lines; i += 1) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'agent.event', params: { run_id: 'r', seq: seq++, event: { type: 'text', content: 'x'.repeat(pad) } } }) + '\\n');
});`;
const checkFrame = compile(BridgeServerFrame);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: { window?: number; perSocketBytes?: number; failing?: () => boolean } = {}) {
  const logs: Array<Record<string, unknown>> = [];
  const memory = createMemoryLedger({ window: options.window ?? 10_000 });
  // A ledger that refuses appends while `failing()` says so (a full disk, a lost Redis).
  const ledger = {
    ...memory,
    append: (...args: Parameters<typeof memory.append>) =>
      options.failing?.() ? Promise.reject(new Error('disk full')) : memory.append(...args),
  };
  const guard = createBrowserGuard({ origins: [] });
  // The server's real socket budgets (the endpoint drops a reader past its bytes), one socket's share set by the test.
  const budgets = createSocketBudgets(options.perSocketBytes ? { perSocketBytes: options.perSocketBytes } : {});
  const secret = 's'.repeat(32);
  const bridge: RuntimeBridge = createRuntimeBridge({
    command: process.execPath,
    args: ['-e', FLOOD],
    ledger,
    guard,
    budgets,
    secret,
    agentToken: 'agent',
    log: (e) => logs.push(e),
    maxFramesPerSecond: 10_000,
  });
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => bridge.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  guard.listening(port);
  const base = `127.0.0.1:${port}`;
  const token = mintToken(secret, {
    kind: 'ws',
    sessionId: BRIDGE_SUBJECT,
    appId: 'runtime-ui',
    exp: Date.now() + 60_000,
  });
  cleanups.push(async () => {
    await bridge.close();
    await new Promise((resolve) => server.close(resolve));
    await ledger.close();
  });
  const connect = async (fromSeq = 0) => {
    const ws = new WebSocket(`ws://${base}/runtime?token=${token}&fromSeq=${fromSeq}`);
    const frames: Array<BridgeServerFrame & { seq?: number }> = [];
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown;
      // Every frame the bridge sends fits the shared wire.
      expect(checkFrame.firstError(frame)).toBeUndefined();
      frames.push(frame as BridgeServerFrame);
    });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    const until = async (check: () => boolean, ms = 15_000) => {
      for (let waited = 0; !check() && waited < ms; waited += 10) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    await until(() => frames.some((f) => f.type === 'hello'));
    const flood = (lines: number, pad: number) => {
      const hello = frames.find((f) => f.type === 'hello') as { generation: number };
      ws.send(
        JSON.stringify({
          type: 'line',
          generation: hello.generation,
          line: JSON.stringify({ jsonrpc: '2.0', method: 'ui.context.update', params: { extensions: { lines, pad } } }),
        }),
      );
    };
    const seqs = () => frames.flatMap((f) => ('seq' in f && typeof f.seq === 'number' ? [f.seq] : []));
    return { ws, frames, until, flood, seqs };
  };
  return { bridge, ledger, logs, connect, token, base };
}

const contiguous = (seqs: number[]) => seqs.every((seq, i) => i === 0 || seq === seqs[i - 1]! + 1);

describe('the runtime bridge stream (ledger + fan-out)', () => {
  it('a page that reconnects from its cursor gets every later frame once, with no gap', async () => {
    const t = await start();
    const a = await t.connect();
    a.flood(300, 10);
    await a.until(() => a.frames.filter((f) => f.type === 'line').length === 300);
    expect(contiguous(a.seqs())).toBe(true);
    const cursor = a.seqs()[120]!;
    const last = a.seqs().at(-1)!;
    const b = await t.connect(cursor);
    await b.until(() => b.seqs().at(-1) === last);
    expect(b.seqs()).toEqual(a.seqs().filter((seq) => seq > cursor));
    expect(b.frames.some((f) => f.type === 'truncated')).toBe(false);
  });

  it('a resume the ledger window no longer covers is told `truncated`, then goes on from the oldest frame kept', async () => {
    const t = await start({ window: 50 });
    const a = await t.connect();
    a.flood(200, 10);
    await a.until(() => a.frames.filter((f) => f.type === 'line').length === 200);
    const last = a.seqs().at(-1)!;
    const late = await t.connect(3);
    await late.until(() => late.seqs().at(-1) === last);
    const truncated = late.frames.find((f) => f.type === 'truncated') as { firstSeq: number };
    expect(truncated.firstSeq).toBeGreaterThan(4);
    expect(late.frames.findIndex((f) => f.type === 'truncated')).toBeLessThan(
      late.frames.findIndex((f) => f.type === 'line'),
    );
    expect(late.seqs()[0]).toBe(truncated.firstSeq);
    expect(contiguous(late.seqs())).toBe(true);
  });

  it('a runtime line the ledger cannot store is not lost silently: every open window is told LOST', async () => {
    let failing = false;
    const t = await start({ failing: () => failing });
    const a = await t.connect();
    failing = true;
    a.flood(2, 10);
    await a.until(() => a.frames.filter((f) => f.type === 'error' && f.code === 'LOST').length === 2);
    expect(a.frames.filter((f) => f.type === 'line')).toEqual([]);
    expect(t.logs.filter((e) => e.event === 'runtime-ledger-failed')).toHaveLength(2);
    failing = false;
    a.flood(1, 10);
    await a.until(() => a.frames.filter((f) => f.type === 'line').length === 1);
  });

  it('a socket that never reads is dropped past its byte budget, the others get everything, and it resumes from its cursor with no gap', async () => {
    const t = await start({ perSocketBytes: 256 * 1024 });
    const fast = await t.connect();
    const slow = await t.connect();
    const closed = new Promise<void>((resolve) => slow.ws.once('close', () => resolve()));
    // The slow page stops reading: its TCP window fills and the server's send buffer for it grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = slow.seqs().at(-1) ?? 0;
    fast.flood(400, 20_000);
    await fast.until(() => fast.frames.filter((f) => f.type === 'line').length === 400, 30_000);
    expect(contiguous(fast.seqs())).toBe(true);
    await fast.until(() => t.logs.some((e) => e.event === 'slow-consumer' && e.path === '/runtime'));
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await closed;
    const cursor = slow.seqs().at(-1) ?? before;
    const again = await t.connect(cursor);
    const last = fast.seqs().at(-1)!;
    await again.until(() => again.seqs().at(-1) === last, 30_000);
    expect([...slow.seqs(), ...again.seqs()]).toEqual(
      fast.seqs().filter((seq) => seq > before || slow.seqs().includes(seq)),
    );
    expect(contiguous([...slow.seqs(), ...again.seqs()].filter((seq) => seq > before))).toBe(true);
  });

  it("ending the bridge's session (the DELETE of every session) closes its windows, and its tokens bind no socket nor mint new ones", async () => {
    const t = await start();
    const a = await t.connect();
    a.flood(5, 10);
    await a.until(() => a.frames.filter((f) => f.type === 'line').length === 5);
    const closed = new Promise<number>((resolve) => a.ws.once('close', (code) => resolve(code)));
    await appendEnded(t.ledger, 'runtime-bridge');
    await a.until(() => a.frames.some((f) => f.type === 'error' && f.code === 'SESSION_ENDED'));
    expect(await closed).toBeGreaterThan(1000);
    // The same token opens a socket (its MAC is good) that is told at once and closed, with no hello.
    const again = new WebSocket(`ws://${t.base}/runtime?token=${t.token}`);
    const frames: Array<{ type: string; code?: string }> = [];
    again.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string; code?: string }));
    await new Promise((resolve) => again.once('close', resolve));
    expect(frames.map((f) => f.code ?? f.type)).toEqual(['SESSION_ENDED']);
    // And no fresh bridge token is minted for it.
    const route = t.bridge.routes.find((r) => r.path === '/api/runtime/token')!;
    await expect(
      route.handle({} as never, {} as never, new URL('http://x/api/runtime/token'), {
        segments: [],
        body: '',
        isAgent: true,
      }),
    ).rejects.toMatchObject({ status: 410, code: 'SESSION_ENDED' });
  });
});
