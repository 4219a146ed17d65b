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
  /** What haproxy wrote (its last 256 KiB): server state changes, `Server …/suip2 is DOWN, reason: …`. */
  output(): string;
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
 * (its port refuses the check) leaves the rotation within about a second while a busy one has 5 s
 * to answer each check. A process taken out keeps its open sockets (no `on-marked-down
 * shutdown-sessions`): a killed one's close with it, and cutting a busy one's moved its pages'
 * reconnects and replays onto the others, which then fell behind in turn. `X-Suip-Backend` names
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
    // How long a health check waits for /healthz's answer (without it: `inter`, 500 ms). A process
    // that is busy (a burst of reconnects and replays on a loaded machine) is slow, not dead: at
    // 500 ms two slow answers took it out and cut its sockets, its pages reconnected to the others,
    // which then answered late in turn, until no process was left. A killed process refuses the
    // connection and still leaves within about a second.
    '  timeout check 5s',
    '  retries 3',
    '  option redispatch 1',
    // The client's address for suip's per-address budgets (read from the proxies of --trust-proxy only).
    '  option forwardfor',
    'frontend suip',
    `  bind ${listen}`,
    '  default_backend suip_processes',
    'backend suip_processes',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host ${host}`,
    '  http-check expect status 200',
    // No `on-marked-down shutdown-sessions`: a dead process's sockets close with it (the kernel
    // ends them), and a page on a host that vanished without a word notices by its heartbeat.
    '  default-server inter 500ms fall 2 rise 2',
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
  child.stdout!.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-(256 << 10))));
  child.stderr!.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-(256 << 10))));
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
      throw new Error(`haproxy did not start: ${out.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => out,
    async stop() {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
