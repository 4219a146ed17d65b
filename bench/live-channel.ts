import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { serveRawBroadcast } from './live-channel-raw.ts';
import { listeningUrl } from './live-channel-child.ts';
import { durableWrites, pacedFsyncs, quantile } from './fsync.ts';

/**
 * The live channel's server figures (`node --import tsx bench/live-channel.ts [--rounds=3]
 * [--servers=raw,memory,sqlite,redis] [--cpu-prof=DIR]`; `sqlite-loop` is the SQLite ledger with
 * `commitOn: 'loop'`): for each ledger (memory, SQLite, Redis Streams) and for the anchor, a raw
 * `ws` broadcast server with the same publish and subscribe shapes and nothing else
 * (`live-channel-raw.ts`, issue 43), one server process on 127.0.0.1 is measured from this
 * process — frames per second fanned out to 100 subscribers, publish → client latency (p50 / p95)
 * at a steady 200 frames/s, the server's memory per subscriber (heap and external memory, and RSS,
 * after a GC: the slope from 100 to 1,000 subscribers) and the time to resume after a 10,000-frame
 * gap. Rounds interleave the servers; ratios to raw are medians of per-round ratios. Right after
 * the SQLite servers of a round, one fsync is timed in the same directory (`fsync.ts`: 100 calls
 * back to back, and 100 at one per 5 ms as the latency phase publishes), so SQLite's target (its
 * p50 ≤ the memory ledger's plus one fsync) is judged per round at the load its latencies were
 * measured at. Loopback only, bounded (every case has a deadline) and it stops by itself; prints a
 * markdown table, and writes it into docs/benchmarks.md when every server ran unprofiled.
 */

const SELF = fileURLToPath(import.meta.url);
/** The server children run the TypeScript as the package ships it (`ts-as-shipped.mjs`: not tsx's `keepNames`). */
const AS_SHIPPED = fileURLToPath(new URL('./ts-as-shipped.mjs', import.meta.url));
const AGENT = 'bench-agent-token';
const SUBSCRIBERS = 100;
/** Subscribers of the memory reading (per subscriber = the slope from SUBSCRIBERS to this). */
const MEMORY_SUBSCRIBERS = 1000;
const BURST_FRAMES = 2000;
const GAP = 10_000;

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROUNDS = Number(option('rounds') ?? 3);
/** The servers measured, raw first (every ratio is to it): `--servers=raw,memory` skips SQLite and Redis. */
const SERVERS = (option('servers') ?? 'raw,memory,sqlite,redis').split(',');
/** `--cpu-prof=DIR`: each server child writes a V8 CPU profile there (open it in Chrome DevTools). */
const CPU_PROF = option('cpu-prof');
/** The SQLite servers: commits on the writer thread (the default), and on the event loop (`commitOn: 'loop'`). */
const SQLITE = ['sqlite', 'sqlite-loop'];

if (process.argv[2] === '--serve') {
  // A child stopped by the bench exits normally, so a --cpu-prof profile is written.
  process.once('SIGTERM', () => process.exit(0));
  if (process.argv[3] === 'raw') serveRawBroadcast(memoryRoute);
  else await serve(process.argv[3]!, process.argv[4]);
} else await main();

/**
 * The children's `GET /bench/memory`: JavaScript heap plus external memory (array buffers
 * included, where `ws` keeps its sockets' buffers), and RSS, after two full GCs (the children run
 * with --expose-gc). Per subscriber is read as the slope from 100 to 1,000 subscribers: RSS from
 * none to 100 read negative (the allocator returns startup garbage to the system between the two
 * readings), and the slope leaves out what the first subscriber of a session costs once.
 */
function memoryRoute(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): boolean {
  if (req.url !== '/bench/memory') return false;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  res.end(JSON.stringify({ bytes: heapUsed + external, rss }));
  return true;
}

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
  const ledger =
    kind === 'memory'
      ? createMemoryLedger({ window })
      : kind.startsWith('sqlite')
        ? createSqliteLedger(where!, { window, commitOn: kind === 'sqlite-loop' ? 'loop' : 'thread' })
        : await createRedisLedger(where!, { window });
  const log = () => undefined;
  const guard = createBrowserGuard({ origins: [], hosts: ['*'] });
  const router = createRouter(
    sessionRoutes({ ledger, secret: 'bench', agentToken: AGENT, wsTokenTtlMs: 600_000, maxBodyBytes: 8 << 20 }),
    { guard, agentToken: AGENT, log },
  );
  const server = createServer((req, res) => void (memoryRoute(req, res) || router(req, res)));
  routeUpgrades(
    server,
    [
      createLiveChannel({
        ledger,
        secret: 'bench',
        agentToken: AGENT,
        guard,
        budgets: createSocketBudgets({ perAddress: 100_000, perSession: 100_000 }),
        maxFrameBytes: 64 * 1024,
        maxFramesPerSecond: 200,
        sessionTokenTtlMs: 3600_000,
        log,
      }),
    ],
    { guard, log },
  );
  server.listen(0, '127.0.0.1', () =>
    process.stdout.write(`listening http://127.0.0.1:${(server.address() as { port: number }).port}\n`),
  );
}

interface Figures {
  ledger: string;
  fps: number;
  deliveries: number;
  p50: number;
  p95: number;
  /** Server heap + external memory per subscriber, bytes (slope from 100 to 1,000 subscribers). */
  memory: number;
  /** Server RSS per subscriber, bytes (the same slope). */
  rss: number;
  resumeMs: number;
}

type Figure = keyof Omit<Figures, 'ledger'>;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'suip-bench-live-'));
  const perRound: Figures[][] = [];
  /**
   * Per round, timed right after the SQLite servers ran (p50s, ms): write + fsync back to back, once
   * every 5 ms (as the latency phase publishes), and one SQLite commit.
   */
  const fsyncs: Array<{ fsync: number; paced: number; commit: number }> = [];
  const { hasRedisServer, startRedisServer } = await import('../server/testing/redis-server.ts');
  const redis = SERVERS.includes('redis') && hasRedisServer() ? await startRedisServer() : undefined;
  if (SERVERS.includes('redis') && !redis) console.warn('redis-server is not installed: the Redis row is skipped');
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const rows: Figures[] = [];
      rows.push(await measure('raw'));
      if (SERVERS.includes('memory')) rows.push(await measure('memory'));
      for (const kind of SQLITE.filter((k) => SERVERS.includes(k)))
        rows.push(await measure(kind, join(dir, `ledger-${kind}-${round}.sqlite`)));
      if (SQLITE.some((k) => SERVERS.includes(k))) {
        const [fsync, , commit] = durableWrites(dir, 100);
        const paced = quantile(await pacedFsyncs(dir, 100), 0.5);
        fsyncs.push({ fsync: quantile(fsync![1], 0.5), paced, commit: quantile(commit![1], 0.5) });
      }
      if (redis) rows.push(await measure('redis', redis.url));
      perRound.push(rows);
      console.log(`round ${round + 1} of ${ROUNDS}: ${rows.map(describe).join('; ')}`);
    }
  } finally {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const of = (ledger: string, key: Figure) => perRound.map((rows) => rows.find((r) => r.ledger === ledger)![key]);
  const ratios = (ledger: string, key: Figure) => of(ledger, key).map((v, i) => v / of('raw', key)[i]!);
  const ratio = (ledger: string, key: Figure) => median(ratios(ledger, key));
  const load = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [
    `One server process, ${SUBSCRIBERS} subscribers on 127.0.0.1 in the bench process (Node ${process.version}), ` +
      `${ROUNDS} interleaved rounds, medians; ratios are medians of per-round ratios to the raw \`ws\` server; ` +
      `load average at the end ${load}.`,
    '',
    '| server | frames/s to 100 subscribers | deliveries/s | publish→client p50 | p95 (200 frames/s) | p50 ÷ raw | ' +
      'p95 ÷ raw | memory per subscriber | ÷ raw | RSS per subscriber | ÷ raw | resume after a 10,000-frame gap |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const ledger of perRound[0]!.map((r) => r.ledger)) {
    const m = (key: Figure) => median(of(ledger, key));
    const x = (key: Figure) => `${ratio(ledger, key).toFixed(2)}x`;
    const name = ledger === 'raw' ? 'raw `ws` broadcast (anchor)' : `suip, ${ledger} ledger`;
    lines.push(
      `| ${name} | ${m('fps').toFixed(0)} | ${m('deliveries').toFixed(0)} | ${m('p50').toFixed(2)} ms | ` +
        `${m('p95').toFixed(2)} ms | ${x('p50')} | ${x('p95')} | ${kb(m('memory'))} | ${x('memory')} | ` +
        `${kb(m('rss'))} | ${x('rss')} | ${m('resumeMs').toFixed(0)} ms |`,
    );
  }
  lines.push('', 'Per round, p50 ÷ raw:');
  for (const ledger of perRound[0]!.map((r) => r.ledger).filter((l) => l !== 'raw'))
    lines.push(
      `- ${ledger}: ${ratios(ledger, 'p50')
        .map((r) => `${r.toFixed(2)}x`)
        .join(' ')}`,
    );
  if (fsyncs.length > 0 && SERVERS.includes('memory')) {
    for (const kind of SQLITE.filter((k) => SERVERS.includes(k))) {
      const excess = of(kind, 'p50').map((p50, i) => p50 - of('memory', 'p50')[i]!);
      lines.push(
        '',
        `${kind}'s p50 minus the memory ledger's, per round, against one fsync timed right after ` +
          '(write + fsync p50 of 100 back to back, then of 100 at one per 5 ms; one SQLite commit of one row):',
        ...excess.map((ms, i) => {
          const { fsync, paced, commit } = fsyncs[i]!;
          const verdict = (unit: number) => (ms <= unit ? 'within' : 'over');
          return (
            `- round ${i + 1}: ${ms.toFixed(2)} ms against ${fsync.toFixed(2)} ms (${verdict(fsync)}) and ` +
            `${paced.toFixed(2)} ms one per 5 ms (${verdict(paced)}); one commit ${commit.toFixed(2)} ms`
          );
        }),
      );
    }
  }
  console.log(`\n${lines.join('\n')}`);
  // A partial run is not the page's table.
  if (SERVERS.join(',') !== 'raw,memory,sqlite,redis' || CPU_PROF !== undefined) return;
  const doc = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
  const START = '<!-- live-channel:start -->';
  const END = '<!-- live-channel:end -->';
  const text = readFileSync(doc, 'utf8');
  const command = `node --import tsx bench/live-channel.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
  const section =
    `${START}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` ` +
    '(part of `npm run bench`): 2,000 frames published in batches of 100; latency at one frame per 5 ms, timed ' +
    'with `performance.now()` in the bench process (publisher and subscribers); memory per subscriber = the ' +
    "server's heap and external memory (and RSS) after two GCs with 1,000 subscribers minus with 100, ÷ 900; " +
    'resume = subscribe with an old `fromSeq` until 10,000 frames arrived. The subscribers share the two cores ' +
    `with the server.\n\n${lines.join('\n')}\n\n${END}`;
  if (text.includes(START)) writeFileSync(doc, text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section));
}

/** One server's figures of a round, for the progress line. */
function describe(f: Figures): string {
  return `${f.ledger} p50 ${f.p50.toFixed(2)} ms, ${(f.memory / 1024).toFixed(1)} KB/subscriber`;
}

async function measure(kind: string, where?: string): Promise<Figures> {
  // Each thread (the main one, tsx's loader, the SQLite writer) writes its own file, named by process and thread.
  const profile = CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, kind)}`];
  const child = spawn(
    process.execPath,
    [...profile, '--expose-gc', '--import', AS_SHIPPED, SELF, '--serve', kind, ...(where ? [where] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const deadline = setTimeout(() => child.kill('SIGKILL'), 600_000);
  try {
    const url = await listeningUrl(child, `the ${kind} server`);
    const call = async (path: string, body: unknown) =>
      (await (
        await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${AGENT}` },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, unknown>;
    const { sessionId, wsToken } = (await call('/api/sessions', {})) as { sessionId: string; wsToken: string };
    const publish = (count: number, at: () => number) =>
      call(
        `/api/sessions/${sessionId}/data`,
        Array.from({ length: count }, () => ({
          channel: 'ticks',
          mode: 'append',
          payload: { at: at(), pad: 'x'.repeat(64) },
        })),
      );
    // Subscribers join 25 at a time: a server holds at most 32 unauthenticated sockets per address.
    const join = async (n: number) => {
      const out: Subscriber[] = [];
      for (let i = 0; i < n; i += 25)
        out.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(25, n - i) }, () => subscriber(url, sessionId, wsToken)),
          )),
        );
      return out;
    };

    const memoryOf = async () => (await (await fetch(`${url}/bench/memory`)).json()) as { bytes: number; rss: number };
    // Memory: the slope from SUBSCRIBERS to MEMORY_SUBSCRIBERS subscribers (the extra ones then leave).
    const subscribers = await join(SUBSCRIBERS);
    const few = await memoryOf();
    const extra = await join(MEMORY_SUBSCRIBERS - SUBSCRIBERS);
    const many = await memoryOf();
    const memory = (many.bytes - few.bytes) / (MEMORY_SUBSCRIBERS - SUBSCRIBERS);
    const rss = (many.rss - few.rss) / (MEMORY_SUBSCRIBERS - SUBSCRIBERS);
    await Promise.all(extra.map((s) => new Promise((resolve) => (s.ws.once('close', resolve), s.ws.close()))));
    // Throughput: 2,000 frames published in batches of 100; done when every subscriber has them all.
    const start = performance.now();
    for (let i = 0; i < BURST_FRAMES / 100; i += 1) await publish(100, () => performance.now());
    await Promise.all(subscribers.map((s) => s.waitFor(BURST_FRAMES)));
    const seconds = (performance.now() - start) / 1000;
    // Latency: one frame every 5 ms for 2 s, each stamped when published.
    for (const s of subscribers) s.latencies.length = 0;
    for (let i = 0; i < 400; i += 1) {
      await publish(1, () => performance.now());
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
    return {
      ledger: kind,
      fps: BURST_FRAMES / seconds,
      deliveries: (BURST_FRAMES * SUBSCRIBERS) / seconds,
      p50: at(0.5),
      p95: at(0.95),
      memory,
      rss,
      resumeMs,
    };
  } finally {
    clearTimeout(deadline);
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

type Subscriber = Awaited<ReturnType<typeof subscriber>>;

/** A subscriber that counts data frames and records publish → receive latency (`performance.now()` of this process). */
async function subscriber(url: string, sessionId: string, wsToken: string, fromSeq?: number) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const state = {
    ws,
    count: 0,
    lastSeq: 0,
    latencies: [] as number[],
    waiters: [] as Array<{ n: number; resolve(): void }>,
  };
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; seq?: number; payload: { payload?: { at?: number } } };
    if (frame.type !== 'data') return;
    state.count += 1;
    state.lastSeq = frame.seq!;
    const sent = frame.payload.payload?.at;
    if (sent) state.latencies.push(performance.now() - sent);
    state.waiters = state.waiters.filter((w) => (state.count >= w.n ? (w.resolve(), false) : true));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(
        JSON.stringify({
          type: 'subscribe',
          payload: { sessionId, wsToken, ...(fromSeq !== undefined ? { fromSeq } : {}) },
        }),
      );
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
    waitFor: (n: number) =>
      new Promise<void>((resolve) => (state.count >= n ? resolve() : state.waiters.push({ n, resolve }))),
  };
}
