import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real redis-server on 127.0.0.1, started for a test. */
export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  /** SIGKILL (no cleanup at all) and wait for the exit; the folder stays (`stop` removes it). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** True when Debian's redis-server is installed (`.ci/run` installs it). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

/** A free TCP port on 127.0.0.1 (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function ready(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

/**
 * Start redis-server on a free port with no persistence, in a temporary folder, with `extra`
 * arguments (a cluster node's); resolves when it accepts connections.
 */
export async function startRedisServer(extra: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'suip-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await ready(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    kill,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
