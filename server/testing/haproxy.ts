import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.ts';

/** A real HAProxy in front of suip processes, started for a test. */
export interface Haproxy {
  /** `http://127.0.0.1:<port>`: what pages and agents use. */
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** True when Debian's haproxy is installed (`.ci/run` installs it). */
export function hasHaproxy(): boolean {
  return spawnSync('haproxy', ['-v']).status === 0;
}

/**
 * The configuration `docs/deploy.md` describes, for `backends` (`host:port` each) answering to
 * `host` (what `--hosts` names on every suip process): round robin with no stickiness, WebSocket
 * upgrades (HTTP mode passes them; `timeout tunnel` governs an upgraded socket), SSE unbuffered
 * (HAProxy forwards a response as it comes), `/healthz` checks every 500 ms so a dead process
 * leaves the rotation within about a second, and its open sockets are cut at once
 * (`on-marked-down shutdown-sessions`) so pages reconnect to a live one. `X-Suip-Backend` names
 * the process that answered (tests find the one serving a socket; drop it in production).
 */
export function haproxyConfig(listen: string, host: string, backends: readonly string[]): string {
  return [
    // No global maxconn: HAProxy sizes it from its descriptor limit (two descriptors a connection).
    'defaults',
    '  mode http',
    '  maxconn 8000',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    '  retries 3',
    '  option redispatch 1',
    'frontend suip',
    `  bind ${listen}`,
    '  default_backend suip_processes',
    'backend suip_processes',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host ${host}`,
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions',
    '  http-response set-header X-Suip-Backend %[srv_name]',
    ...backends.map((backend, i) => `  server suip${i + 1} ${backend} check`),
    '',
  ].join('\n');
}

/** Start haproxy (foreground, `-db`) on a free port in front of `backends`; resolves once it accepts connections. */
export async function startHaproxy(backends: readonly string[], options: { port?: number } = {}): Promise<Haproxy> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'suip-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(`127.0.0.1:${port}`, `127.0.0.1:${port}`, backends));
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const until = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (!running || Date.now() > until) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`haproxy did not start: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
