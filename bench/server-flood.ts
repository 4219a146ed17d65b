import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentCall, liveTestClient } from '../server/testing/live-test-client.ts';
import { startServer } from '../server/testing/server-process.ts';

/**
 * The server under a flood of in-limit viewers, as ratios of one run (issue 45, item 7; never a
 * verdict in `npm test`):
 * `node --import tsx bench/server-flood.ts [viewers=10] [actionsPerSecond=100] [phaseMs=2000] [rounds=3]`.
 *
 * One server process on a SQLite ledger on disk (`.suip-data/`, not tmpfs). `viewers` page sockets
 * of one session each send `actionsPerSecond` actions (under the 200/s limit: durable writes),
 * beside 10 sockets of the same session that never read. Meanwhile a control client asks
 * `/healthz` every 20 ms and an agent publishes to another session every 25 ms, timing each
 * publish until that session's page receives it. Quiet and flooded phases alternate (`rounds`
 * times), so both meet the same background load; it prints each figure per phase and flood ÷ quiet.
 * The red-team target: another session's publish p95 and `/healthz` p99 within 3x of the quiet
 * phase (quiet floors: 10 ms for `/healthz`, 25 ms for publish, below which timer noise rules).
 */

const AGENT = 'server-flood-bench-agent';
const [viewers = 10, rate = 100, phaseMs = 2000, rounds = 3] = process.argv.slice(2).map(Number);
type Phase = 'quiet' | 'flood' | 'off';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;
};

const root = fileURLToPath(new URL('../', import.meta.url));
mkdirSync(join(root, '.suip-data'), { recursive: true });
const dir = mkdtempSync(join(root, '.suip-data', 'server-flood-'));
const server = await startServer(['--data-dir', dir, '--agent-token', AGENT]);
const samples = {
  quiet: { health: [] as number[], publish: [] as number[] },
  flood: { health: [] as number[], publish: [] as number[] },
};
let phase: Phase = 'off';
// Read through a function: the phase changes while the measuring loops wait.
const current = (): Phase => phase;
let running = true;

/** A page of a new session, subscribed (its wsToken on the URL, as `live-client.ts` sends it). */
async function page(sessionId?: string, wsToken?: string) {
  const session =
    sessionId === undefined ? await agentCall(server.url, AGENT, '/api/sessions', {}) : { sessionId, wsToken };
  const client = liveTestClient(server.url, `?wsToken=${encodeURIComponent(String(session.wsToken))}`);
  await client.opened;
  client.send({ type: 'subscribe', payload: { sessionId: session.sessionId, wsToken: session.wsToken } });
  await client.until((frames) => frames.some((frame) => frame.type === 'ack'), 'an ack');
  return { client, sessionId: String(session.sessionId), wsToken: String(session.wsToken) };
}

try {
  const flooded = await page();
  const more = await Promise.all(Array.from({ length: viewers - 1 }, () => page(flooded.sessionId, flooded.wsToken)));
  const flooders = [flooded.client, ...more.map((p) => p.client)];
  const sleepers = await Promise.all(Array.from({ length: 10 }, () => page(flooded.sessionId, flooded.wsToken)));
  for (const sleeper of sleepers) (sleeper.client.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const control = await page();
  const published = new Map<string, { at: number; phase: Phase }>();
  control.client.ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; payload?: { payload?: unknown } };
    const mark = frame.type === 'data' ? published.get(String(frame.payload?.payload)) : undefined;
    if (mark !== undefined && mark.phase !== 'off') samples[mark.phase].publish.push(performance.now() - mark.at);
  });
  let sent = 0;
  const floods = flooders.map(async (client) => {
    for (let seq = 1; running; seq += 1) {
      if (phase === 'flood') {
        const click = { n: seq, note: 'x'.repeat(200) };
        const payload = { sessionId: flooded.sessionId, type: 'click', payload: click, clientSeq: seq };
        client.send({ type: 'action', payload });
        sent += 1;
      }
      await sleep(1000 / rate);
    }
  });
  const health = (async () => {
    while (running) {
      const now = current();
      const at = performance.now();
      await (await fetch(`${server.url}/healthz`)).text();
      if (now !== 'off' && current() === now) samples[now].health.push(performance.now() - at);
      await sleep(20);
    }
  })();
  const publish = (async () => {
    for (let i = 0; running; i += 1) {
      published.set(`m${i}`, { at: performance.now(), phase });
      const data = { channel: 'c', mode: 'append', payload: `m${i}` };
      await agentCall(server.url, AGENT, `/api/sessions/${control.sessionId}/data`, data);
      await sleep(25);
    }
  })();
  await sleep(1000); // warm-up: the first requests pay for compilation
  for (let round = 0; round < rounds; round += 1) {
    phase = 'quiet';
    await sleep(phaseMs);
    phase = 'flood';
    await sleep(phaseMs);
  }
  phase = 'off';
  await sleep(500);
  running = false;
  await Promise.all([...floods, health, publish]);
  type Client = (typeof flooders)[number];
  const acks = (client: Client) => client.frames.filter((frame) => frame.type === 'action_recorded').length;
  const recorded = flooders.reduce((n, client) => n + acks(client), 0);
  const figure = (values: number[], p: number) => percentile(values, p);
  const rows = [
    ['/healthz p90', figure(samples.quiet.health, 90), figure(samples.flood.health, 90), 10],
    ['/healthz p99', figure(samples.quiet.health, 99), figure(samples.flood.health, 99), 10],
    ['publish → page p95', figure(samples.quiet.publish, 95), figure(samples.flood.publish, 95), 25],
  ] as const;
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const shape = `${rounds} × (${phaseMs} ms quiet + ${phaseMs} ms flood)`;
  console.log(`server flood: ${viewers} viewers × ${rate} actions/s, ${shape}, node ${process.version}, load ${load}`);
  console.log('| figure | quiet (ms) | flood (ms) | flood ÷ quiet (quiet floored) | target |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, quiet, flood, floor] of rows) {
    const ratio = (flood / Math.max(quiet, floor)).toFixed(2);
    const target = name.includes('p90') ? '—' : '≤ 3x';
    console.log(`| ${name} | ${quiet.toFixed(1)} | ${flood.toFixed(1)} | ${ratio}x | ${target} |`);
  }
  const counts = (kind: 'health' | 'publish') =>
    `${samples.quiet[kind].length} quiet, ${samples.flood[kind].length} flood`;
  console.log(`actions sent ${sent}, acknowledged ${recorded}`);
  console.log(`samples: /healthz ${counts('health')}; publish ${counts('publish')}`);
  for (const client of [...flooders, ...sleepers.map((s) => s.client), control.client]) client.ws.terminate();
} finally {
  running = false;
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
