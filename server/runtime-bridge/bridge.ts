import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, BridgeClientFrame, type BridgeServerFrame } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import { compile } from '../../shared/check.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { mintToken, verifyToken } from '../auth/tokens.ts';
import { sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import type { UpgradeRoute } from '../http/upgrades.ts';
import { spawnRuntime, type RuntimeProcess } from './runtime-process.ts';

/** What the bridge needs; the command is the operator's (`--runtime-cmd`), never a client's. */
export interface RuntimeBridgeOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  /** The server's token secret (`server/auth`) and the agent token that may mint bridge tokens. */
  secret: string;
  agentToken: string;
  /** Browser origins allowed to open the bridge (a request without Origin is not a browser). */
  origins: readonly string[];
  log(event: Record<string, unknown>): void;
  /** Lines kept for resume (memory only, default 5000). */
  replayLines?: number;
  maxFrameBytes?: number;
  maxFramesPerSecond?: number;
  tokenTtlMs?: number;
}

/** The bridge: an upgrade handler for `/runtime`, a token route, and its runtime process. */
export interface RuntimeBridge extends UpgradeRoute {
  routes: Route[];
  /** The runtime's pid (tests kill it to simulate a crash). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** The token subject of the bridge (tokens are `server/auth` tokens bound to it). */
export const BRIDGE_SUBJECT = 'runtime-bridge';
const checkFrame = compile(BridgeClientFrame);

/**
 * Seed 002's UI role cannot spawn a process from a browser, so the server does it: the runtime
 * command fixed at start runs with stdio pipes, and its NDJSON lines are relayed unchanged over a
 * WebSocket. Each stdout line gets a bridge seq and stays in a memory window, so a page that
 * reconnects with `fromSeq` misses nothing; a runtime → UI request that was already answered is
 * not replayed. Upgrades need a bridge token (minted by `POST /api/runtime/token` with the agent
 * token) and an allowed Origin. A crash is broadcast as `exit`; `restart` starts the same command.
 */
export function createRuntimeBridge(options: RuntimeBridgeOptions): RuntimeBridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes ?? 4 * 1024 * 1024 + 1024, perMessageDeflate: false });
  const window: Array<{ seq: number; generation: number; line: string; requestId?: string }> = [];
  const answered = new Set<string>();
  const max = options.replayLines ?? 5000;
  let seq = 0;
  let generation = 0;
  let runtime: RuntimeProcess | undefined;
  let closing = false;

  const broadcast = (frame: BridgeServerFrame) => {
    const text = JSON.stringify(frame);
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
  };
  const start = () => {
    generation += 1;
    const mine = generation;
    answered.clear();
    runtime = spawnRuntime(options.command, options.args, {
      line(text) {
        seq += 1;
        const parsed = parseLine(text);
        const requestId = parsed.ok && parsed.message.method !== undefined && parsed.message.id != null ? `${mine}:${String(parsed.message.id)}` : undefined;
        window.push({ seq, generation: mine, line: text, ...(requestId ? { requestId } : {}) });
        if (window.length > max) window.splice(0, window.length - max);
        broadcast({ type: 'line', seq, generation: mine, line: text });
      },
      violation(message, preview) {
        options.log({ event: 'runtime-violation', message, preview });
        broadcast({ type: 'violation', message, preview });
      },
      stderr: (text) => options.log({ event: 'runtime-stderr', generation: mine, line: text }),
      exit(code, signal) {
        options.log({ event: 'runtime-exit', generation: mine, code, signal });
        if (!closing) broadcast({ type: 'exit', generation: mine, code, signal });
      },
    }, { cwd: options.cwd });
    options.log({ event: 'runtime-started', generation: mine, pid: runtime.pid, command: options.command });
    broadcast({ type: 'started', generation: mine });
  };
  start();

  function connection(ws: WebSocket, fromSeq: number): void {
    const rate = createRateBudget(options.maxFramesPerSecond ?? 200);
    const send = (frame: BridgeServerFrame) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(frame));
    send({ type: 'hello', generation, running: runtime?.running ?? false, lastSeq: seq });
    const first = window[0]?.seq ?? seq + 1;
    if (fromSeq + 1 < first && fromSeq < seq) send({ type: 'truncated', firstSeq: first });
    for (const entry of window) {
      if (entry.seq <= fromSeq || (entry.requestId !== undefined && answered.has(entry.requestId))) continue;
      send({ type: 'line', seq: entry.seq, generation: entry.generation, line: entry.line });
    }
    ws.on('message', (data, binary) => {
      // SECURITY: the size is bounded by maxPayload before this runs, the rate before JSON.parse.
      if (!rate.take()) return send({ type: 'error', message: 'too many frames per second; slow down' });
      if (binary) return send({ type: 'error', message: 'frames are JSON text' });
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return send({ type: 'error', message: 'a frame is one JSON object {type: "line", line} or {type: "restart"}' });
      }
      const problem = checkFrame.firstError(frame);
      if (problem !== undefined) return send({ type: 'error', message: `the frame does not fit at ${problem}` });
      const typed = frame as BridgeClientFrame;
      if (typed.type === 'restart') {
        options.log({ event: 'runtime-restart-requested', generation });
        void (runtime?.stop() ?? Promise.resolve()).then(() => (closing ? undefined : start()));
        return;
      }
      const parsed = parseLine(typed.line);
      if (!parsed.ok) return send({ type: 'error', message: `not relayed: ${parsed.problem.message}` });
      // An answer to a runtime request: a page that connects later must not be asked again.
      if (parsed.message.method === undefined && parsed.message.id != null) answered.add(`${generation}:${String(parsed.message.id)}`);
      // SECURITY: UI → runtime lines may hold a secret prompt's value: relayed to stdin only, never logged or kept.
      if (runtime?.write(typed.line) !== true) send({ type: 'error', message: 'the runtime is not running; restart it' });
    });
  }

  return {
    path: BRIDGE_PATH,
    upgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const origin = request.headers.origin;
      const token = url.searchParams.get('token') ?? '';
      const check = verifyToken(options.secret, token, 'ws');
      // SECURITY: cross-site WebSocket hijacking and unauthenticated use: Origin allow-list and a bridge token.
      if ((origin !== undefined && !options.origins.includes(origin)) || !check.ok || check.claims.sessionId !== BRIDGE_SUBJECT) {
        options.log({ event: 'runtime-upgrade-refused', origin, reason: check.ok ? 'origin or subject' : check.reason });
        socket.end(check.ok ? 'HTTP/1.1 403 Forbidden\r\n\r\n' : 'HTTP/1.1 401 Unauthorized\r\n\r\n');
        return;
      }
      const fromSeq = Math.max(0, Math.floor(Number(url.searchParams.get('fromSeq') ?? 0)) || 0);
      wss.handleUpgrade(request, socket, head, (ws) => connection(ws, fromSeq));
    },
    routes: [
      {
        method: 'POST',
        path: '/api/runtime/token',
        auth: 'agent',
        async handle(_request, response) {
          const token = mintToken(options.secret, { kind: 'ws', sessionId: BRIDGE_SUBJECT, appId: 'runtime-ui', exp: Date.now() + (options.tokenTtlMs ?? 12 * 3600_000) });
          sendJson(response, 200, { token, path: BRIDGE_PATH });
        },
      },
    ],
    get pid() {
      return runtime?.pid;
    },
    async close() {
      closing = true;
      for (const client of wss.clients) client.terminate();
      await runtime?.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
