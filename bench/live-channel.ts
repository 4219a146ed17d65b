import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

/**
 * The live channel's server figures (`node --import tsx bench/live-channel.ts`): for each ledger
 * (memory, SQLite, Redis Streams) one server process on 127.0.0.1 is measured from this process —
 * frames per second fanned out to 100 subscribers, publish → client latency (p50 / p95) at a
 * steady 200 frames/s, and the time to resume after a 10,000-frame gap. Loopback only, bounded
 * (every case has a deadline) and it stops by itself; prints a markdown table.
 */

const SELF = fileURLToPath(import.meta.url);
const AGENT = 'bench-agent-token';
const SUBSCRIBERS = 100;
const BURST_FRAMES = 2000;
const GAP = 10_000;

if (process.argv[2] === '--serve') await serve(process.argv[3]!, process.argv[4]);
else await main();

/** The child: one server process on the chosen ledger. */
async function serve(kind: string, where: string | undefined): Promise<void> {
  const { createLiveChannel } = await import('../server/live/live-server.ts');
  const { routeUpgrades } = await import('../server/http/upgrades.ts');
  const { sessionRoutes } = await import('../server/sessions/session-api.ts');
  const { createRouter } = await import('../server/http/router.ts');
  const { createBrowserGuard } = await import('../server/http/browser-guard.ts');
  const { createSocketBudgets } = await import('../server/http/socket-budgets.ts');
  const { createMemoryLedger } = await import('../server/ledger/memory-ledger.ts');
  const { createSqliteLedger } = await import('../server/ledger/sqlite-ledger.ts');
  const { createRedisLedger } = await import('../server/ledger/redis-ledger.ts');
  const window = 4 * GAP;
  const ledger = kind === 'memory' ? createMemoryLedger({ window }) : kind === 'sqlite' ? createSqliteLedger(where!, { window }) : await createRedisLedger(where!, { window });
  const log = () => undefined;
  const guard = createBrowserGuard({ origins: [], hosts: ['*'] });
  const server = createServer(createRouter(sessionRoutes({ ledger, secret: 'bench', agentToken: AGENT, wsTokenTtlMs: 600_000, maxBodyBytes: 8 << 20 }), { guard, agentToken: AGENT, log }));
  routeUpgrades(server, [createLiveChannel({ ledger, secret: 'bench', agentToken: AGENT, guard, budgets: createSocketBudgets({ perAddress: 100_000, perSession: 100_000 }), maxFrameBytes: 64 * 1024, maxFramesPerSecond: 200, sessionTokenTtlMs: 3600_000, log })], { guard, log });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`listening http://127.0.0.1:${(server.address() as { port: number }).port}\n`));
}

interface Figures {
  ledger: string;
  fps: number;
  deliveries: number;
  p50: number;
  p95: number;
  resumeMs: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'suip-bench-live-'));
  const rows: Figures[] = [];
  try {
    rows.push(await measure('memory'));
    rows.push(await measure('sqlite', join(dir, 'ledger.sqlite')));
    const { hasRedisServer, startRedisServer } = await import('../server/testing/redis-server.ts');
    if (hasRedisServer()) {
      const redis = await startRedisServer();
      try {
        rows.push(await measure('redis', redis.url));
      } finally {
        await redis.stop();
      }
    } else console.warn('redis-server is not installed: the Redis row is skipped');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nlive channel, one server process, ${SUBSCRIBERS} subscribers on 127.0.0.1 (node ${process.version})\n`);
  console.log('| ledger | frames/s to 100 subscribers | deliveries/s | publish→client p50 | p95 (200 frames/s) | resume after a 10,000-frame gap |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.ledger} | ${r.fps.toFixed(0)} | ${r.deliveries.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.resumeMs.toFixed(0)} ms |`);
}

async function measure(kind: string, where?: string): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve', kind, ...(where ? [where] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const deadline = setTimeout(() => child.kill('SIGKILL'), 180_000);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
    });
    const call = async (path: string, body: unknown) => (await (await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${AGENT}` }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const { sessionId, wsToken } = (await call('/api/sessions', {})) as { sessionId: string; wsToken: string };
    const publish = (count: number, at: () => number) => call(`/api/sessions/${sessionId}/data`, Array.from({ length: count }, () => ({ channel: 'ticks', mode: 'append', payload: { at: at(), pad: 'x'.repeat(64) } })));

    // 100 subscribers on the live tail.
    const subscribers = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => subscriber(url, sessionId, wsToken)));
    // Throughput: 2,000 frames published in batches of 100; done when every subscriber has them all.
    const start = performance.now();
    for (let i = 0; i < BURST_FRAMES / 100; i += 1) await publish(100, () => Date.now());
    await Promise.all(subscribers.map((s) => s.waitFor(BURST_FRAMES)));
    const seconds = (performance.now() - start) / 1000;
    // Latency: one frame every 5 ms for 2 s, each stamped when published.
    for (const s of subscribers) s.latencies.length = 0;
    for (let i = 0; i < 400; i += 1) {
      await publish(1, () => Date.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(subscribers.map((s) => s.waitFor(BURST_FRAMES + 400)));
    const latencies = subscribers.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    for (const s of subscribers) s.ws.close();
    // Resume: a client away for 10,000 frames comes back with its fromSeq.
    const seen = subscribers[0]!.lastSeq;
    for (let i = 0; i < GAP / 1000; i += 1) await publish(1000, () => 0);
    const resumeStart = performance.now();
    const back = await subscriber(url, sessionId, wsToken, seen);
    await back.waitFor(GAP);
    const resumeMs = performance.now() - resumeStart;
    back.ws.close();
    return { ledger: kind, fps: BURST_FRAMES / seconds, deliveries: (BURST_FRAMES * SUBSCRIBERS) / seconds, p50: at(0.5), p95: at(0.95), resumeMs };
  } finally {
    clearTimeout(deadline);
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

/** A subscriber that counts data frames and records publish → receive latency. */
async function subscriber(url: string, sessionId: string, wsToken: string, fromSeq?: number) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const state = { ws, count: 0, lastSeq: 0, latencies: [] as number[], waiters: [] as Array<{ n: number; resolve(): void }> };
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; seq?: number; payload: { payload?: { at?: number } } };
    if (frame.type !== 'data') return;
    state.count += 1;
    state.lastSeq = frame.seq!;
    const sent = frame.payload.payload?.at;
    if (sent) state.latencies.push(Date.now() - sent);
    state.waiters = state.waiters.filter((w) => (state.count >= w.n ? (w.resolve(), false) : true));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', payload: { sessionId, wsToken, ...(fromSeq !== undefined ? { fromSeq } : {}) } }));
      ws.once('message', () => resolve());
    });
    ws.once('error', reject);
  });
  return {
    ...state,
    get lastSeq() {
      return state.lastSeq;
    },
    latencies: state.latencies,
    waitFor: (n: number) => new Promise<void>((resolve) => (state.count >= n ? resolve() : state.waiters.push({ n, resolve }))),
  };
}
