import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redisKeys } from '../ledger/redis-keys.ts';
import { startDeployment, type Deployment } from '../testing/deployment.ts';
import type { RedisServer } from '../testing/redis-server.ts';
import { clock } from './fault-viewer.ts';
import { startViewerProcesses, type ViewerProcesses } from './viewer-processes.ts';

/** What a fault run takes. */
export interface FaultRunOptions {
  viewers: number;
  sessions: number;
  /** Frames each session's agent publishes. */
  frames: number;
  /** Frames per agent call (the data endpoint takes an array). */
  batch?: number;
  /** Give up waiting for the viewers to catch up after this long (ms). */
  deadlineMs?: number;
  /** Processes the viewers are spread over (default one per 250 viewers). */
  viewerProcesses?: number;
  /** Write the suip processes' logs and HAProxy's output here at the end (`suip<n>.log`, `haproxy.log`). */
  logDir?: string;
  progress?: (line: string) => void;
}

/** Milliseconds from a kill to each affected viewer's first resumed frame. */
export interface ResumeFigures {
  affected: number;
  resumed: number;
  p50: number;
  p95: number;
  max: number;
}

/** What a fault run found. */
export interface FaultRunResult {
  viewers: number;
  sessions: number;
  frames: number;
  /**
   * Frames appended beyond `frames` per session: agent calls cut by a kill and sent again (each is a
   * frame of its own).
   */
  resent: number;
  /** Frames some viewer never got / got twice / that arrived out of order. */
  lost: number;
  duplicated: number;
  reconnects: number;
  errors: Record<string, number>;
  processKill: ResumeFigures;
  primaryKill: ResumeFigures;
  seconds: number;
  deliveries: number;
  /**
   * What the servers logged (by event, with its code or reason) and HAProxy's server state changes:
   * why sockets closed.
   */
  serverEvents: Record<string, number>;
}

const AGENT = 'fault-run-agent-token';

function figures(times: Array<number | undefined>): ResumeFigures {
  const done = times.filter((t): t is number => t !== undefined).sort((a, b) => a - b);
  const at = (q: number) =>
    done.length === 0 ? NaN : Math.round(done[Math.min(done.length - 1, Math.floor(q * done.length))]!);
  return { affected: times.length, resumed: done.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    return response.ok ? json : undefined;
  } catch {
    return undefined; // cut by a kill: the caller sends it again
  }
}

/**
 * One agent: publishes `frames` data frames to its session in batches, resending a call a kill cut;
 * resolves with the last acknowledged seq.
 */
async function runAgent(
  base: string,
  sessionId: string,
  frames: number,
  batch: number,
  published: Published,
): Promise<number> {
  let sent = 0;
  let last = 1;
  while (sent < frames) {
    const size = Math.min(batch, frames - sent);
    const items = Array.from({ length: size }, (_, i) => ({
      channel: 'ticks',
      mode: 'append',
      payload: { i: sent + i, t: clock() },
    }));
    const answer = await post(base, `/api/sessions/${sessionId}/data`, items);
    if (answer === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const seqs = answer.seqs as number[];
    last = seqs.at(-1)!;
    sent += size;
    published.count += size;
    published.bySession.set(sessionId, { sent, newestStamp: items.at(-1)!.payload.t });
  }
  return last;
}

/** What the agents have published so far: in all, and per session (how many, the newest acknowledged frame's stamp). */
interface Published {
  count: number;
  bySession: Map<string, { sent: number; newestStamp: number }>;
}

/** The primary serving `node`'s slots now, i.e. the cluster primary of session 0 (it has a replica to promote). */
async function primaryOfSessions(
  deployment: Deployment,
  sessions: readonly string[],
): Promise<{ primary: RedisServer; onIt: Set<string> }> {
  const keys = redisKeys('suip');
  const primary = await deployment.cluster!.primaryOf(keys.stream(sessions[0]!));
  const onIt = new Set<string>();
  for (const session of sessions)
    if ((await deployment.cluster!.primaryOf(keys.stream(session))) === primary) onIt.add(session);
  return { primary, onIt };
}

/**
 * Issue 46's fault run: three suip processes behind HAProxy on a Redis Cluster (3 primaries, one
 * replica each); `viewers` live-channel pages over `sessions` sessions while each session's agent
 * publishes `frames` frames through the proxy. A third of the way in, one suip process is killed -9
 * (its pages reconnect through the proxy and resume on the others); two thirds in, one cluster
 * primary is killed -9 (its replica is promoted). Every viewer must end with every frame in order,
 * none lost or twice.
 */
export async function faultRun(options: FaultRunOptions): Promise<FaultRunResult> {
  const log = options.progress ?? (() => undefined);
  const batch = options.batch ?? 10;
  const deadline = options.deadlineMs ?? 600_000;
  const started = performance.now();
  const deployment = await startDeployment({
    processes: 3,
    ledger: 'cluster',
    replicas: 1,
    agentToken: AGENT,
    args: ['--sockets-per-address', String(options.viewers * 2 + 100)],
  });
  let pool: ViewerProcesses | undefined;
  try {
    log(`deployment up (${Math.round(performance.now() - started)} ms): ${deployment.url}`);
    const sessions: Array<{ sessionId: string; wsToken: string }> = [];
    for (let i = 0; i < options.sessions; i += 1)
      sessions.push((await post(deployment.url, '/api/sessions', {})) as never);
    const { primary, onIt } = await primaryOfSessions(
      deployment,
      sessions.map((s) => s.sessionId),
    );
    const wanted = Array.from({ length: options.viewers }, (_, i) => sessions[i % sessions.length]!);
    pool = await startViewerProcesses(
      deployment.url,
      wanted,
      options.viewerProcesses ?? Math.ceil(options.viewers / 250),
    );
    const viewers = pool;
    // Every viewer subscribed (its socket open and acknowledged) before the agents start.
    let said = performance.now();
    await until(
      () => {
        const acked = viewers.viewers.filter((v) => v.acked).length;
        if (performance.now() - said > 15_000) {
          said = performance.now();
          const opened = viewers.viewers.reduce((sum, v) => sum + v.connections, 0);
          log(`${acked}/${options.viewers} subscribed (${opened} sockets opened; ${JSON.stringify(viewers.errors())})`);
        }
        return acked === options.viewers;
      },
      deadline,
      'viewers subscribed',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    log(`${options.viewers} viewers on ${sessions.length} sessions; publishing ${options.frames} frames each`);
    const total = options.frames * options.sessions;
    const published: Published = { count: 0, bySession: new Map() };
    const t0 = clock();
    const agents = Promise.all(
      sessions.map((s) => runAgent(deployment.url, s.sessionId, options.frames, batch, published)),
    );
    await until(() => published.count >= total / 3, deadline, 'a third published');
    const victim = deployment.processes[1]!;
    const processKilledAt = clock();
    await victim.kill();
    log(`killed suip2 -9 at ${published.count}/${total} frames`);
    // Two thirds in, and while a session on that primary still has frames to send: agents drift apart on a loaded
    // machine, and a session that finished before the kill has no frame after it to resume with.
    const onItSent = () => Math.max(0, ...[...onIt].map((id) => published.bySession.get(id)?.sent ?? 0));
    await until(
      () => published.count >= (2 * total) / 3 || onItSent() >= (2 * options.frames) / 3,
      deadline,
      'two thirds published',
    );
    const primaryKilledAt = clock();
    viewers.watch(onIt, primaryKilledAt);
    await primary.kill();
    log(`killed the cluster primary of ${onIt.size} sessions -9 at ${published.count}/${total} frames`);
    const finals = new Map((await agents).map((last, i) => [sessions[i]!.sessionId, last]));
    log(`agents done in ${Math.round(clock() - t0)} ms; waiting for the viewers`);
    await until(
      () => viewers.viewers.every((v) => v.last >= finals.get(v.sessionId)!),
      deadline,
      'viewers caught up',
    ).catch((error: unknown) => log(String(error)));
    const seconds = (clock() - t0) / 1000;
    // The last reports: every socket closed first, so nothing moves while they are read.
    await viewers.stop();
    const all = viewers.viewers;
    const processVictims = all.filter(
      (v) => v.closedAt !== undefined && v.closedAt >= processKilledAt && v.closedAt < primaryKilledAt,
    );
    return {
      viewers: all.length,
      sessions: sessions.length,
      frames: options.frames,
      resent: [...finals.values()].reduce((sum, last) => sum + last - 1 - options.frames, 0),
      lost: all.reduce((sum, v) => sum + v.skipped + Math.max(0, finals.get(v.sessionId)! - v.last), 0),
      duplicated: all.reduce((sum, v) => sum + v.duplicated, 0),
      reconnects: all.reduce((sum, v) => sum + v.connections - 1, 0),
      errors: viewers.errors(),
      processKill: figures(
        processVictims.map((v) => (v.resumedAt === undefined ? undefined : v.resumedAt - processKilledAt)),
      ),
      // Affected: the viewers of a session on the killed primary whose agent published a frame after the kill.
      primaryKill: figures(
        all
          .filter((v) => onIt.has(v.sessionId))
          .filter((v) => (published.bySession.get(v.sessionId)?.newestStamp ?? 0) > primaryKilledAt)
          .map((v) => (v.firstAfter === undefined ? undefined : v.firstAfter - primaryKilledAt)),
      ),
      seconds: Math.round(seconds * 10) / 10,
      deliveries: all.reduce((sum, v) => sum + v.last - 1, 0),
      serverEvents: serverEvents(deployment),
    };
  } finally {
    await pool?.stop();
    if (options.logDir !== undefined) keepLogs(deployment, options.logDir);
    await deployment.stop();
  }
}

function keepLogs(deployment: Deployment, dir: string): void {
  mkdirSync(dir, { recursive: true });
  deployment.processes.forEach((p, i) => writeFileSync(join(dir, `suip${i + 1}.log`), p.output().stderr));
  writeFileSync(join(dir, 'haproxy.log'), deployment.proxy?.output() ?? '');
}

/** Events that say why sockets closed or were refused; `subscribed` and the start-up lines are left out. */
const QUIET = new Set(['subscribed', 'listening', 'origins', 'trust-proxy', 'ledger']);

/** The servers' logged events by kind (with the code or the reason's first words) and HAProxy's DOWN/UP lines. */
function serverEvents(deployment: Deployment): Record<string, number> {
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const process of deployment.processes)
    for (const line of process.output().stderr.split('\n')) {
      if (!line.startsWith('{')) continue;
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (typeof event.event !== 'string' || QUIET.has(event.event)) continue;
      const words = event.reason ?? event.error;
      const detail = event.code ?? (typeof words === 'string' ? words.split(' ').slice(0, 6).join(' ') : '');
      count(`${event.event}${detail === '' ? '' : ` ${String(detail)}`}`);
    }
  for (const match of (deployment.proxy?.output() ?? '').matchAll(/Server \S+ is (UP|DOWN)(?:, reason: ([^,]+))?/g))
    count(`haproxy ${match[1]}${match[2] === undefined ? '' : ` (${match[2]})`}`);
  return counts;
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`fault run: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
