import { spawn } from 'node:child_process';
import { createClient } from 'redis';
import { startRedisServer, type RedisServer } from './redis-server.ts';

/** A real Redis Cluster on 127.0.0.1 (`--cluster-enabled yes` nodes joined by `redis-cli --cluster create`). */
export interface RedisCluster {
  /** Every node's URL, primaries first: what `--redis-cluster` takes. */
  urls: string[];
  nodes: RedisServer[];
  /** The node serving `key`'s slot now (asks the cluster: after a failover it is the promoted replica). */
  primaryOf(key: string): Promise<RedisServer>;
  /** Resolves once every slot is served and every live node agrees the cluster is ok. */
  healthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function run(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${out}`);
  return out;
}

async function ask(url: string, args: string[]): Promise<string> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return String(await client.sendCommand(args));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Start `primaries` cluster nodes (each with `replicas` replicas) on free ports and join them.
 * `cluster-node-timeout` is 1 s so a killed primary's replica is promoted within seconds.
 */
export async function startRedisCluster(
  options: { primaries?: number; replicas?: number } = {},
): Promise<RedisCluster> {
  const primaries = options.primaries ?? 3;
  const replicas = options.replicas ?? 0;
  const args = ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '1000'];
  const nodes = await Promise.all(Array.from({ length: primaries * (1 + replicas) }, () => startRedisServer(args)));
  const hosts = nodes.map((node) => `127.0.0.1:${node.port}`);
  try {
    await run('redis-cli', ['--cluster', 'create', ...hosts, '--cluster-replicas', String(replicas), '--cluster-yes']);
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
  const alive = new Set(nodes);
  const cluster: RedisCluster = {
    urls: nodes.map((node) => node.url),
    nodes,
    async primaryOf(key) {
      const slot = Number(await ask([...alive][0]!.url, ['CLUSTER', 'KEYSLOT', key]));
      for (const node of alive) {
        const role = await ask(node.url, ['ROLE']).catch(() => '');
        if (!role.startsWith('master')) continue;
        const shards = await ask(node.url, ['CLUSTER', 'NODES']);
        const mine = shards.split('\n').find((line) => line.includes('myself'));
        const ranges = (mine ?? '')
          .split(' ')
          .slice(8)
          .map((range) => range.split('-').map(Number));
        if (ranges.some(([from, to]) => slot >= from! && slot <= (to ?? from)!)) return node;
      }
      throw new Error(`no live primary serves slot ${slot}`);
    },
    async healthy(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const infos = await Promise.all([...alive].map((node) => ask(node.url, ['CLUSTER', 'INFO']).catch(() => '')));
        if (infos.every((info) => info.includes('cluster_state:ok') && info.includes('cluster_slots_ok:16384'))) return;
        if (Date.now() > until) throw new Error(`the cluster is not healthy after ${timeoutMs} ms: ${infos[0]}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
  // A killed node leaves the set the health check and `primaryOf` ask.
  for (const node of nodes) {
    const kill = node.kill;
    node.kill = async () => {
      alive.delete(node);
      await kill();
    };
  }
  await cluster.healthy().catch(async (error: unknown) => {
    await cluster.stop();
    throw error;
  });
  return cluster;
}
