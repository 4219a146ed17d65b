import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { clock, startFaultViewer, type FaultViewer } from '../server/scale-out/fault-viewer.ts';
import { startDeployment, type Deployment, type DeploymentLedger } from '../server/testing/deployment.ts';
import type { ServerProcess } from '../server/testing/server-process.ts';

/**
 * The scale-out benchmark (`node --import tsx bench/scale-out.ts [viewers sessions fps seconds rounds]`;
 * default 100 viewers over 10 sessions, 10 frames/s per session for 6 s, 3 rounds): the same
 * load on 1 process on SQLite, 1 process on Redis, 3 processes behind HAProxy on Redis, and 3
 * behind HAProxy on a Redis Cluster, in interleaved rounds (every deployment stays up; each round
 * measures each in turn on fresh sessions). Figures: publish → client latency p50/p95 (the agent
 * stamps each frame, the viewer reads the stamp; one clock), server RSS added per viewer (all suip
 * processes, viewers connected vs before), and server CPU per published frame (suip processes;
 * then with redis-server and haproxy). Prints a markdown table with ratios to the first row.
 */

const AGENT = 'scale-out-bench-agent-token';
const [VIEWERS = 100, SESSIONS = 10, FPS = 10, SECONDS = 6, ROUNDS = 3] = process.argv.slice(2).map(Number);
const TICK = 100 / 1e6; // /proc/<pid>/stat counts CPU in 1/100 s (USER_HZ)

interface Setup {
  name: string;
  ledger: DeploymentLedger;
  processes: number;
}
const SETUPS: Setup[] = [
  { name: '1 process, SQLite', ledger: 'sqlite', processes: 1 },
  { name: '1 process, Redis', ledger: 'redis', processes: 1 },
  { name: '3 processes behind HAProxy, Redis', ledger: 'redis', processes: 3 },
  { name: '3 processes behind HAProxy, Redis Cluster', ledger: 'cluster', processes: 3 },
];

interface Round {
  latencies: number[];
  rssPerViewer: number;
  suipCpuPerFrame: number;
  allCpuPerFrame: number;
  published: number;
}

const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const cpu = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK; // utime + stime, in µs
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * A full garbage collection in a suip process, through its inspector (started with
 * `--inspect=127.0.0.1:0`; the DevTools protocol's `HeapProfiler.collectGarbage`): RSS read after it
 * counts what the viewers hold, not what the collector has not freed yet.
 */
async function collectGarbage(server: ServerProcess): Promise<void> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.output().stderr)?.[1];
  if (url === undefined) throw new Error('the suip process has no inspector (start it with --inspect=127.0.0.1:0)');
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const done = new Promise((resolve) => socket.on('message', resolve));
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await done;
  socket.close();
}

/** The suip processes' RSS in all, each after a full collection. */
async function settledRss(deployment: Deployment): Promise<number> {
  let total = 0;
  for (const server of deployment.processes) {
    await collectGarbage(server);
    total += rss(server.child.pid!);
  }
  return total;
}

/** An agent call; a connection closed under it (a keep-alive race with the proxy) is sent again, up to 3 times. */
async function post(base: string, path: string, body: unknown, tries = 3): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (tries <= 1) throw error;
    return post(base, path, body, tries - 1);
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function until(check: () => boolean, what: string, ms = 120_000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One round on one deployment: fresh sessions and viewers, a steady publish, the figures. */
async function round(deployment: Deployment): Promise<Round> {
  const { suip, support } = deployment.pids();
  const sessions: Array<{ sessionId: string; wsToken: string }> = [];
  for (let i = 0; i < SESSIONS; i += 1) sessions.push((await post(deployment.url, '/api/sessions', {})) as never);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssBefore = await settledRss(deployment);
  const latencies: number[] = [];
  const viewers: FaultViewer[] = [];
  const onData = (text: string, at: number) => latencies.push(at - Number(/"t":(\d+(?:\.\d+)?)/.exec(text)?.[1]));
  for (let i = 0; i < VIEWERS; i += 1) {
    const { sessionId, wsToken } = sessions[i % SESSIONS]!;
    viewers.push(startFaultViewer(deployment.url, sessionId, wsToken, onData));
  }
  await until(() => viewers.every((v) => v.acked), 'viewers subscribed');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssPerViewer = ((await settledRss(deployment)) - rssBefore) / VIEWERS;
  const cpuBefore = { suip: sum(suip.map(cpu)), all: sum([...suip, ...support].map(cpu)) };
  let published = 0;
  const frames = FPS * SECONDS;
  await Promise.all(
    sessions.map(async ({ sessionId }) => {
      const start = performance.now();
      for (let i = 0; i < frames; i += 1) {
        const due = start + (i * 1000) / FPS;
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        await post(deployment.url, `/api/sessions/${sessionId}/data`, {
          channel: 'ticks',
          mode: 'append',
          payload: { i, t: clock() },
        });
        published += 1;
      }
    }),
  );
  await until(() => viewers.every((v) => v.last >= frames + 1), 'every frame delivered');
  const cpuAfter = { suip: sum(suip.map(cpu)), all: sum([...suip, ...support].map(cpu)) };
  for (const viewer of viewers) viewer.close();
  if (viewers.some((v) => v.duplicated > 0 || v.skipped > 0)) throw new Error('a viewer lost or repeated a frame');
  return {
    latencies,
    rssPerViewer,
    suipCpuPerFrame: (cpuAfter.suip - cpuBefore.suip) / published,
    allCpuPerFrame: (cpuAfter.all - cpuBefore.all) / published,
    published,
  };
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const median = (values: number[]) => quantile(values, 0.5);

const deployments: Deployment[] = [];
try {
  for (const setup of SETUPS) {
    deployments.push(
      await startDeployment({
        processes: setup.processes,
        ledger: setup.ledger,
        agentToken: AGENT,
        args: ['--sockets-per-address', String(VIEWERS * 2 + 100)],
        nodeArgs: ['--inspect=127.0.0.1:0'],
      }),
    );
    process.stderr.write(`up: ${setup.name}\n`);
  }
  const results = SETUPS.map(() => [] as Round[]);
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const [i, deployment] of deployments.entries()) {
      results[i]!.push(await round(deployment));
      process.stderr.write(`round ${r + 1}: ${SETUPS[i]!.name}\n`);
    }
  }
  const rows = results.map((rounds, i) => {
    const latencies = rounds.flatMap((x) => x.latencies);
    return {
      name: SETUPS[i]!.name,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      rss: median(rounds.map((x) => x.rssPerViewer)),
      cpu: median(rounds.map((x) => x.suipCpuPerFrame)),
      all: median(rounds.map((x) => x.allCpuPerFrame)),
    };
  });
  const base = rows[0]!;
  const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
  const lines = [
    `${VIEWERS} viewers over ${SESSIONS} sessions, ${FPS} frames/s per session for ${SECONDS} s, ${ROUNDS} interleaved rounds; ratios to the first row.`,
    '',
    '| Deployment | publish → client p50 | p95 | RSS per viewer (suip) | CPU per frame (suip) | CPU per frame ' +
      '(with Redis, HAProxy) |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.p50.toFixed(1)} ms (${ratio(row.p50, base.p50)}) | ${row.p95.toFixed(1)} ms (${ratio(row.p95, base.p95)}) | ${(row.rss / 1024).toFixed(1)} KiB (${ratio(row.rss, base.rss)}) | ${row.cpu.toFixed(0)} µs (${ratio(row.cpu, base.cpu)}) | ${row.all.toFixed(0)} µs (${ratio(row.all, base.all)}) |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const deployment of deployments) await deployment.stop();
}
