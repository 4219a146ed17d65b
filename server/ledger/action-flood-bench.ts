import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

/**
 * The attack that found the synchronous ledger, as a script (not a test): `node --import tsx
 * server/ledger/action-flood-bench.ts [tree] [sockets] [actionsPerSecond]`. It starts
 * `<tree>/server/main.ts` (default: this repository; give an older checkout, e.g. `git archive
 * <commit> | tar -x -C /tmp/old`, to compare) on a SQLite ledger under `.suip-data/` (a real
 * disk), opens `sockets` live-channel sessions that each send `actionsPerSecond` actions (under
 * the 200/s limit) for 10 s, and meanwhile asks `/healthz` every 100 ms: it prints the health
 * latency and how many actions were acknowledged within 3 s after the flood.
 */
const here = fileURLToPath(new URL('../../', import.meta.url));
const [tree = here, socketsArg = '1', rateArg = '190'] = process.argv.slice(2);
const sockets = Number(socketsArg);
const rate = Number(rateArg);
const { startServer } = (await import(
  join(resolve(tree), 'server/testing/server-process.ts')
)) as typeof import('../testing/server-process.ts');
const { LIVE_PROTOCOL_VERSION } = (await import(
  join(resolve(tree), 'shared/neighbours/live/frames.ts')
)) as typeof import('../../shared/neighbours/live/frames.ts');
mkdirSync(join(here, '.suip-data'), { recursive: true });
const dir = mkdtempSync(join(here, '.suip-data', 'flood-'));
const AGENT = 'flood-bench-agent';
const server = await startServer(['--data-dir', dir, '--agent-token', AGENT]);
const agent = async (path: string, body: unknown) =>
  (await (
    await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, unknown>;
const timers: Array<ReturnType<typeof setInterval>> = [];
const sockets_: WebSocket[] = [];
let sent = 0;
let recorded = 0;
try {
  for (let s = 0; s < sockets; s += 1) {
    const created = await agent('/api/sessions', { appId: 'flood' });
    const sessionId = created.sessionId as string;
    await agent(`/api/sessions/${sessionId}/render`, {
      session: { id: sessionId, runtime: 'suip/1.0', componentCode: 'x', actionSpec: { go: {} } },
    });
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/ws?wsToken=${encodeURIComponent(created.wsToken as string)}`,
    );
    sockets_.push(ws);
    await new Promise((done) => ws.once('open', done));
    ws.on('message', (data) => {
      if (String(data).includes('action_recorded')) recorded += 1;
    });
    ws.send(
      JSON.stringify({
        type: 'subscribe',
        payload: { sessionId, wsToken: created.wsToken, supportedVersions: [LIVE_PROTOCOL_VERSION] },
      }),
    );
    await new Promise((done) => setTimeout(done, 200));
    let clientSeq = 0;
    timers.push(
      setInterval(() => {
        for (let i = 0; i < rate / 10; i += 1) {
          clientSeq += 1;
          sent += 1;
          ws.send(
            JSON.stringify({
              type: 'action',
              payload: { sessionId, type: 'go', payload: { n: clientSeq }, clientSeq },
            }),
          );
        }
      }, 100),
    );
  }
  const latencies: number[] = [];
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const started = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    latencies.push(performance.now() - started);
    await new Promise((done) => setTimeout(done, 100));
  }
  for (const timer of timers) clearInterval(timer);
  await new Promise((done) => setTimeout(done, 3000));
  latencies.sort((a, b) => a - b);
  console.log(
    `${tree}: ${sockets} socket(s) × ${rate} actions/s for 10 s: /healthz ` +
      `p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ` +
      `ms (${latencies.length} probes); ${sent} actions sent, ${recorded} acknowledged within 3 s after ` +
      `(node ${process.version})`,
  );
} finally {
  for (const timer of timers) clearInterval(timer);
  for (const ws of sockets_) ws.terminate();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
