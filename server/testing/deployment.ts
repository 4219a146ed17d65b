import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHaproxy, type Haproxy } from './haproxy.ts';
import { startRedisCluster, type RedisCluster } from './redis-cluster.ts';
import { freePort, startRedisServer, type RedisServer } from './redis-server.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** Where the processes of a deployment keep their ledger. */
export type DeploymentLedger = 'sqlite' | 'redis' | 'cluster';

/** Several suip processes on one ledger, behind HAProxy when there is more than one (or when asked). */
export interface Deployment {
  /** What clients use: the proxy's URL, or the one process's own. */
  url: string;
  processes: ServerProcess[];
  proxy?: Haproxy;
  redis?: RedisServer;
  cluster?: RedisCluster;
  /** Process ids: the suip processes, and what serves them (redis-server nodes, haproxy). */
  pids(): { suip: number[]; support: number[] };
  /** The process HAProxy calls `suip<n>` (`X-Suip-Backend`). */
  byBackend(name: string): ServerProcess;
  stop(): Promise<void>;
}

/** What `startDeployment` takes. */
export interface DeploymentOptions {
  processes?: number;
  ledger?: DeploymentLedger;
  /** Replicas per cluster primary (the failover run needs 1). */
  replicas?: number;
  /** Put HAProxy in front of a single process too. */
  proxy?: boolean;
  agentToken: string;
  /** More flags for every process (`--origins`, `--llm-url`, `--sockets-per-address` …). */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Flags for node itself in every suip process (`--inspect=127.0.0.1:0`). */
  nodeArgs?: readonly string[];
}

/**
 * Start a deployment as an operator would run it (docs/deploy.md): Redis (one server or a
 * cluster), N suip processes sharing it and the token secret, each answering to the proxy's
 * address (`--hosts`), and HAProxy in front balancing with no stickiness.
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const count = options.processes ?? 3;
  const ledger = options.ledger ?? 'cluster';
  const withProxy = options.proxy ?? count > 1;
  if (ledger === 'sqlite' && count > 1)
    throw new Error('processes share a ledger through Redis; SQLite is one process');
  const dirs: string[] = [];
  const started: Array<() => Promise<void>> = [];
  // A start that fails half way stops what it started: a failed test leaves no orphaned
  // redis-server, suip or haproxy on a shared machine.
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redis = ledger === 'redis' ? await startRedisServer() : undefined;
    if (redis) started.push(() => redis.stop());
    const cluster = ledger === 'cluster' ? await startRedisCluster({ replicas: options.replicas ?? 0 }) : undefined;
    if (cluster) started.push(() => cluster.stop());
    const proxyPort = withProxy ? await freePort() : undefined;
    const shared = [
      '--agent-token',
      options.agentToken,
      '--secret',
      'deployment-shared-token-secret',
      ...(redis ? ['--redis', redis.url] : []),
      ...(cluster ? ['--redis-cluster', cluster.urls.join(',')] : []),
      // Behind the proxy every connection comes from its address: without --trust-proxy they all
      // share one address's 32 places for connections that have not sent their request yet, and a
      // burst of pages through the proxy closes its own oldest connections (docs/deploy.md).
      ...(proxyPort !== undefined ? ['--hosts', `127.0.0.1:${proxyPort}`, '--trust-proxy', '127.0.0.1'] : []),
      ...(options.args ?? []),
    ];
    // One after another: three TypeScript servers compiling at once on a busy machine can each
    // miss the start timeout.
    const processes: ServerProcess[] = [];
    for (let i = 0; i < count; i += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'suip-deploy-'));
      dirs.push(dir);
      const server = await startServer(['--data-dir', dir, ...shared], options.env, {
        startMs: 300_000,
        ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
      });
      processes.push(server);
      started.push(() => server.stop().catch(() => server.kill()));
    }
    const proxy =
      proxyPort !== undefined
        ? await startHaproxy(
            processes.map((p) => new URL(p.url).host),
            { port: proxyPort },
          )
        : undefined;
    if (proxy) started.push(() => proxy.stop());
    return deployment({ processes, proxy, redis, cluster, stop: stopAll });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The handle on what `startDeployment` started. */
function deployment(parts: {
  processes: ServerProcess[];
  proxy: Haproxy | undefined;
  redis: RedisServer | undefined;
  cluster: RedisCluster | undefined;
  stop: () => Promise<void>;
}): Deployment {
  const { processes, proxy, redis, cluster } = parts;
  return {
    url: proxy?.url ?? processes[0]!.url,
    processes,
    ...(proxy ? { proxy } : {}),
    ...(redis ? { redis } : {}),
    ...(cluster ? { cluster } : {}),
    pids: () => ({
      suip: processes.map((p) => p.child.pid!),
      support: [
        ...(redis ? [redis.pid] : []),
        ...(cluster?.nodes.map((node) => node.pid) ?? []),
        ...(proxy ? [proxy.pid] : []),
      ],
    }),
    byBackend(name) {
      const process = processes[Number(/^suip(\d+)$/.exec(name)?.[1]) - 1];
      if (process === undefined) throw new Error(`no process is called ${JSON.stringify(name)}`);
      return process;
    },
    stop: parts.stop,
  };
}
