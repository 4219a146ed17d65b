import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { listeningUrl } from './live-channel-child.ts';
import { durableWrites, quantile } from './fsync.ts';

/**
 * The SQLite ledger's commit path under many publishers (`node --import tsx
 * bench/live-channel-publishers.ts [--rounds=3] [--publishers=20] [--every=20]`, issue 43): a
 * commit on the event loop (`commitOn: 'loop'`) holds the loop for one fsync per turn, which every
 * other session's fan-out then waits for; on the writer thread it does not, but each append pays
 * three thread wake-ups. Each round runs the memory ledger (the floor), then the SQLite server
 * with each commit path (`live-channel.ts --serve`, as shipped), each with `publishers` sessions
 * of 5 subscribers, every session publishing one frame every `every` ms for 3 s at the same time;
 * publish → client latency p50 / p95 of every delivery, and one fsync timed after the round.
 * Prints per-round figures and medians; loopback only.
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROUNDS = Number(option('rounds') ?? 3);
const PUBLISHERS = Number(option('publishers') ?? 20);
const EVERY_MS = Number(option('every') ?? 20);
const PER_SESSION = 5;
const SECONDS = 3;
const AGENT = 'bench-agent-token';
const BENCH = fileURLToPath(new URL('./live-channel.ts', import.meta.url));
const AS_SHIPPED = fileURLToPath(new URL('./ts-as-shipped.mjs', import.meta.url));
const KINDS = ['memory', 'sqlite', 'sqlite-loop'];

/** One server child of `kind`: every delivery's latency, sorted (ms). */
async function measure(kind: string, file: string): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', AS_SHIPPED, BENCH, '--serve', kind, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const deadline = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    const url = await listeningUrl(child, `the ${kind} server`);
    const call = async (path: string, body: unknown) =>
      (await (
        await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${AGENT}` },
          body: JSON.stringify(body),
        })
      ).json()) as { sessionId: string; wsToken: string };
    const latencies: number[] = [];
    const sockets: WebSocket[] = [];
    const sessions = await Promise.all(Array.from({ length: PUBLISHERS }, () => call('/api/sessions', {})));
    for (const { sessionId, wsToken } of sessions)
      for (let i = 0; i < PER_SESSION; i += 1) sockets.push(await subscribe(url, sessionId, wsToken, latencies));
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      sessions.map(async ({ sessionId }, index) => {
        // Publishers start spread over one period, as independent sessions would.
        await new Promise((resolve) => setTimeout(resolve, (index * EVERY_MS) / PUBLISHERS));
        while (performance.now() < until) {
          const payload = { at: performance.now(), pad: 'x'.repeat(64) };
          await call(`/api/sessions/${sessionId}/data`, [{ channel: 'ticks', mode: 'append', payload }]);
          await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const ws of sockets) ws.close();
    return latencies.sort((a, b) => a - b);
  } finally {
    clearTimeout(deadline);
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

/** A subscriber of one session that records each data frame's publish → receive time into `latencies`. */
async function subscribe(url: string, sessionId: string, wsToken: string, latencies: number[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; payload: { payload?: { at?: number } } };
    const sent = frame.payload?.payload?.at;
    if (frame.type === 'data' && sent) latencies.push(performance.now() - sent);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', payload: { sessionId, wsToken } }));
      ws.once('message', () => resolve());
    });
    ws.once('error', reject);
  });
  return ws;
}

const dir = mkdtempSync(join(tmpdir(), 'suip-bench-publishers-'));
const figures = new Map<string, Array<{ p50: number; p95: number; count: number }>>(KINDS.map((k) => [k, []]));
const fsyncs: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const line: string[] = [];
    for (const kind of KINDS) {
      const sorted = await measure(kind, join(dir, `${kind}-${round}.sqlite`));
      const row = { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), count: sorted.length };
      figures.get(kind)!.push(row);
      line.push(`${kind} p50 ${row.p50.toFixed(2)} p95 ${row.p95.toFixed(2)} ms (${row.count} deliveries)`);
    }
    fsyncs.push(quantile(durableWrites(dir, 100)[0]![1], 0.5));
    const load = loadavg()[0]!.toFixed(1);
    console.log(`round ${round + 1}: ${line.join('; ')}; fsync ${fsyncs.at(-1)!.toFixed(2)} ms; load ${load}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `\n${PUBLISHERS} sessions × ${PER_SESSION} subscribers, one frame per session every ${EVERY_MS} ms, ${ROUNDS} rounds (medians); load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('| server | p50 | p95 |\n|---|---|---|');
for (const [kind, rows] of figures)
  console.log(
    `| ${kind} | ${median(rows.map((r) => r.p50)).toFixed(2)} ms | ${median(rows.map((r) => r.p95)).toFixed(2)} ms |`,
  );
console.log(`one fsync (p50 of 100 per round): ${fsyncs.map((f) => f.toFixed(2)).join(' / ')} ms`);
