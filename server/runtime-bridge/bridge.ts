import { randomUUID } from 'node:crypto';
import {
  BRIDGE_PATH,
  BridgeClientFrame,
  type BridgeErrorCode,
  type BridgeServerFrame,
} from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { lineErrorResponse } from '../../shared/neighbours/runtime-ui/line-errors.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import { compile } from '../../shared/check.ts';
import { mintToken, verifyToken } from '../auth/tokens.ts';
import type { BrowserGuard } from '../http/browser-guard.ts';
import { HttpError } from '../http/http-error.ts';
import { sendJson } from '../http/http-io.ts';
import { createJsonSocketEndpoint, type JsonSocket } from '../http/json-socket.ts';
import type { Route } from '../http/route.ts';
import type { SocketBudgets } from '../http/socket-budgets.ts';
import type { UpgradeRoute } from '../http/upgrades.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createFanout, type FanoutReader } from '../live/fanout.ts';
import { endedMessage, isEnded, isEndedEntry } from '../sessions/revocation.ts';
import { createClaims, type Claims } from './claims.ts';
import { runtimeEnv, spawnRuntime, type RuntimeProcess } from './runtime-process.ts';

/** What the bridge needs; the command is the operator's (`--runtime-cmd`), never a client's. */
export interface RuntimeBridgeOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  /** Variables the runtime may see beyond `DEFAULT_RUNTIME_ENV` (`--runtime-env`). */
  envNames?: readonly string[];
  /** Where those variables are read (default `process.env`; tests pass their own). */
  sourceEnv?: NodeJS.ProcessEnv;
  /** The server's ledger: the runtime's stream is one of its streams (`stream`), resumable by seq. */
  ledger: Ledger;
  /** The ledger stream of the runtime (default `runtime-bridge`). */
  stream?: string;
  /** The server's token secret (`server/auth`) and the agent token that may mint bridge tokens. */
  secret: string;
  agentToken: string;
  /** The server's Host and Origin allowlists and its socket budgets (shared with the live channel: one edge). */
  guard: BrowserGuard;
  budgets: SocketBudgets;
  log(event: Record<string, unknown>): void;
  maxFrameBytes?: number;
  maxFramesPerSecond?: number;
  /** A socket silent this long is dropped (default 45 s); it is pinged at a third of that. */
  idleMs?: number;
  /** How long a runtime request stays with a window that disconnected before another window gets it (default 3 s). */
  claimGraceMs?: number;
  tokenTtlMs?: number;
}

/** The bridge: an upgrade handler for `/runtime`, a token route, and its runtime process. */
export interface RuntimeBridge extends UpgradeRoute {
  routes: Route[];
  /** The runtime's pid (tests kill it to simulate a crash). */
  readonly pid: number | undefined;
  /** The running runtime's generation (0 before the first start). */
  readonly generation: number;
  close(): Promise<void>;
}

/** The token subject of the bridge (tokens are `server/auth` tokens bound to it). */
export const BRIDGE_SUBJECT = 'runtime-bridge';
/** The `appId` of a bridge token that may also restart the runtime. */
const RESTART_APP = 'runtime-ui+restart';
const checkFrame = compile(BridgeClientFrame);
/**
 * Appends waiting for the ledger beyond which the runtime's stdout is paused (it is not read faster than it is kept).
 */
const MAX_QUEUED_APPENDS = 256;

interface Client {
  id: string;
  socket: JsonSocket;
  canRestart: boolean;
  open: boolean;
  reader?: FanoutReader;
}
/** The socket-budget session every bridge socket counts against (the runtime is one shared stream). */
const BUDGET_SESSION = 'runtime-bridge';

/**
 * Seed 002's UI role cannot spawn a process from a browser, so the server does it: the runtime
 * command fixed at start runs with stdio pipes and an allow-listed environment, and its NDJSON
 * lines are relayed unchanged over a WebSocket. The runtime's output is ONE stream of the server's
 * ledger, read through the live channel's fan-out: each frame has the ledger's seq, a page that
 * reconnects with `fromSeq` gets every frame after it once, and a resume the ledger can no longer
 * serve is told `truncated` before the stream goes on. The socket is the server's one
 * JSON-over-WebSocket endpoint (`server/http/json-socket.ts`: Host and Origin, frame size, rate,
 * depth, schema, inbound queue, idle pings, and the socket budgets, where a reader that does not
 * keep up is dropped as SLOW_CONSUMER and resumes from its cursor). Runtime generations, request
 * claims and answers follow `claims.ts`. Upgrades need a bridge token (minted by
 * `POST /api/runtime/token` with the agent token; `{"restart": true}` adds the restart capability).
 */
export function createRuntimeBridge(options: RuntimeBridgeOptions): RuntimeBridge {
  const stream = options.stream ?? 'runtime-bridge';
  const ledger = options.ledger;
  const fanout = createFanout(ledger);
  const env = runtimeEnv(options.sourceEnv ?? process.env, options.envNames ?? []);
  const clients = new Map<string, Client>();
  const claims: Claims = createClaims({
    graceMs: options.claimGraceMs ?? 3000,
    connected: () => [...clients.keys()],
    hand: (clientId, generation, line) => sendTo(clients.get(clientId), { type: 'claim', generation, line }),
  });
  let generation = 0;
  let runtime: RuntimeProcess | undefined;
  let closing = false;
  let appending: Promise<unknown> = Promise.resolve();
  let queued = 0;

  /**
   * Appends in call order (the ledger numbers concurrent appends in any order): the stream keeps the runtime's order.
   */
  const append = (kind: string, frame: Record<string, unknown>, head?: string) => {
    queued += 1;
    if (queued > MAX_QUEUED_APPENDS) runtime?.pause();
    appending = appending
      .then(() => ledger.append(stream, kind, JSON.stringify(frame), head))
      .catch((error: unknown) => {
        options.log({
          event: 'runtime-ledger-failed',
          kind,
          error: error instanceof Error ? error.message : String(error),
        });
        // A loss is never silent: every open window is told what it will not get.
        for (const client of clients.values())
          refuse(
            client,
            'LOST',
            `the server could not store a ` +
              `runtime ${kind === 'ask' ? 'request' : kind.startsWith('reply:') ? 'response' : kind} (its ledger ` +
              `failed); it is lost for every window, and a reload will not show it`,
          );
      })
      .finally(() => {
        queued -= 1;
        if (queued < MAX_QUEUED_APPENDS / 4) runtime?.resume();
      });
    return appending;
  };

  const sendTo = (client: Client | undefined, frame: BridgeServerFrame | string) => {
    if (client === undefined || !client.open) return;
    // SECURITY: the endpoint holds every socket to its byte budget; a reader dropped as a slow consumer stops reading
    // the ledger at once.
    const sent = client.socket.sendText(typeof frame === 'string' ? frame : JSON.stringify(frame));
    if (!sent) {
      client.open = false;
      client.reader?.stop();
    }
  };
  const refuse = (client: Client, code: BridgeErrorCode, message: string) =>
    sendTo(client, { type: 'error', code, message });

  const start = () => {
    generation += 1;
    const mine = generation;
    claims.newGeneration(mine);
    runtime = spawnRuntime(
      options.command,
      options.args,
      {
        line(text) {
          const parsed = parseLine(text);
          if (!parsed.ok) return;
          const message = parsed.message;
          // A response to one window's request goes to that window only (kind `reply:<client>`).
          const to =
            message.method === undefined && message.id != null
              ? claims.replyTo(mine, message.id, message.result)
              : undefined;
          if (message.method !== undefined && message.id != null) claims.asked(mine, message.id, message.params, text);
          void append(
            to === undefined ? (message.method !== undefined && message.id != null ? 'ask' : 'line') : `reply:${to}`,
            { type: 'line', generation: mine, line: text },
          );
        },
        violation(problem) {
          options.log({
            event: 'runtime-violation',
            generation: mine,
            kind: problem.kind,
            message: problem.message,
            preview: problem.preview,
          });
          void append('violation', {
            type: 'violation',
            message: problem.message.slice(0, 1000),
            preview: problem.preview.slice(0, 200),
          });
          // The browser never sees the line, so the bridge answers for the UI role (JSON-RPC's parse / invalid request
          // error).
          const reply = lineErrorResponse(problem);
          if (reply !== undefined) runtime?.write(JSON.stringify(reply));
        },
        stderr: (text) => options.log({ event: 'runtime-stderr', generation: mine, line: text }),
        exit(code, signal) {
          options.log({ event: 'runtime-exit', generation: mine, code, signal });
          claims.newGeneration(mine + 1);
          if (!closing)
            void append('exit', { type: 'exit', generation: mine, code, signal: signal?.slice(0, 32) ?? null });
        },
      },
      { cwd: options.cwd, env },
    );
    options.log({ event: 'runtime-started', generation: mine, pid: runtime.pid, command: options.command });
    void append('started', { type: 'started', generation: mine }, 'generation');
  };
  // A server restart keeps the ledger: generations go on from the newest one recorded, so old runs never alias new
  // ones.
  const ready = ledger.heads(stream).then(
    (heads) => {
      const head = heads.generation;
      generation =
        head === undefined ? 0 : Number((JSON.parse(head.payload) as { generation?: unknown }).generation) || 0;
      if (!closing) start();
    },
    (error: unknown) => {
      options.log({
        event: 'runtime-ledger-failed',
        kind: 'heads',
        error: error instanceof Error ? error.message : String(error),
      });
      if (!closing) start();
    },
  );

  /** One ledger entry as this client's frame (or nothing: another window's reply, an answered request). */
  const frameFor = (client: Client, entry: { seq: number; kind: string; payload: string }): string | undefined => {
    if (entry.kind.startsWith('reply:') && entry.kind !== `reply:${client.id}`) return undefined;
    if (entry.kind === 'ask') {
      const view = claims.viewOf(client.id, entry.payload);
      if (view === 'answered') return undefined;
      if (view === 'elsewhere') return `{"seq":${entry.seq},"elsewhere":true,${entry.payload.slice(1)}`;
    }
    return `{"seq":${entry.seq},${entry.payload.slice(1)}`;
  };

  const join = (client: Client, fromSeq: number) => {
    client.reader = fanout.join(stream, fromSeq, {
      onEntry: (entry) => {
        // SECURITY: ending the bridge's session (the one revocation mechanism) ends this stream.
        if (isEndedEntry(entry)) return endClient(client);
        const text = frameFor(client, entry);
        if (text !== undefined) sendTo(client, text);
      },
      onBehind: () => {
        // The ledger trimmed frames this client had not read: say so, then go on from the oldest frame still kept.
        ledger.read(stream, 0, 1).then(
          (read) => {
            if (!client.open) return;
            const first = read.entries[0]?.seq ?? 1;
            sendTo(client, { type: 'truncated', firstSeq: first });
            join(client, first - 1);
          },
          (error: unknown) => {
            // The ledger cannot be read: the window reconnects later and resumes from its cursor.
            options.log({
              event: 'runtime-ledger-failed',
              kind: 'read',
              error: error instanceof Error ? error.message : String(error),
            });
            client.socket.close(1011, 'the ledger cannot be read; reconnect');
          },
        );
      },
    });
  };

  const endpoint = createJsonSocketEndpoint({
    path: BRIDGE_PATH,
    guard: options.guard,
    budgets: options.budgets,
    frames: checkFrame,
    maxFrameBytes: options.maxFrameBytes ?? 4 * 1024 * 1024 + 1024,
    maxFramesPerSecond: options.maxFramesPerSecond ?? 200,
    // A frame may carry a 4 MiB line; a few may wait for the runtime's stdin.
    maxQueuedBytes: 16 * 1024 * 1024,
    ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    authorize(_request, url) {
      const check = verifyToken(options.secret, url.searchParams.get('token') ?? '', 'ws');
      // SECURITY: unauthenticated use: a bridge token (Host and Origin are the endpoint's guard).
      if (!check.ok)
        return {
          ok: false,
          status: 401,
          reason: `the runtime bridge needs ?token=<bridge token> (POST /api/runtime/token): ${check.reason}`,
        };
      if (check.claims.sessionId !== BRIDGE_SUBJECT)
        return { ok: false, status: 403, reason: 'this token is not a runtime bridge token' };
      return { ok: true };
    },
    errorFrame: (code, message) =>
      ({ type: 'error', code: code as BridgeErrorCode, message: message.slice(0, 1000) }) satisfies BridgeServerFrame,
    accept(socket, _request, url) {
      const check = verifyToken(options.secret, url.searchParams.get('token') ?? '', 'ws');
      const canRestart = check.ok && check.claims.appId === RESTART_APP;
      const fromSeq = Math.max(0, Math.floor(Number(url.searchParams.get('fromSeq') ?? 0)) || 0);
      const wanted = url.searchParams.get('client') ?? '';
      const id = /^[\w-]{16,64}$/.test(wanted) && !clients.has(wanted) ? wanted : randomUUID();
      const client: Client = { id, socket, canRestart, open: true };
      const bound = socket.bind(BUDGET_SESSION);
      if (!bound.ok) {
        socket.fail('TOO_MANY_CONNECTIONS', bound.reason, true);
        client.open = false;
      } else {
        void welcome(client, fromSeq);
      }
      return {
        frame: (frame: BridgeClientFrame) => received(client, frame),
        closed() {
          client.open = false;
          client.reader?.stop();
          if (clients.get(id) === client) clients.delete(id);
          claims.left(id);
        },
      };
    },
    log: options.log,
  });

  /** The bridge's session was ended: this window is told and closed. */
  function endClient(client: Client): void {
    client.open = false;
    client.reader?.stop();
    client.socket.fail('SESSION_ENDED', endedMessage(stream), true);
  }

  async function welcome(client: Client, fromSeq: number): Promise<void> {
    await ready;
    const last = await ledger.last(stream);
    // SECURITY: a bridge token of an ended session binds no socket, whatever its expiry.
    if (isEnded(await ledger.heads(stream))) return endClient(client);
    if (!client.open) return;
    clients.set(client.id, client);
    sendTo(client, {
      type: 'hello',
      generation,
      running: runtime?.running ?? false,
      lastSeq: last,
      clientId: client.id,
      canRestart: client.canRestart,
    });
    join(client, fromSeq);
    claims.arrived(client.id, fromSeq);
  }

  function received(client: Client, frame: BridgeClientFrame): void {
    if (frame.type === 'restart') {
      if (!client.canRestart)
        return refuse(
          client,
          'NOT_ALLOWED',
          'this token may not restart the runtime; mint one with POST /api/runtime/token {"restart": true}',
        );
      options.log({ event: 'runtime-restart-requested', generation, clientId: client.id });
      void (runtime?.stop() ?? Promise.resolve()).then(() => (closing ? undefined : start()));
      return;
    }
    // SECURITY: a line addressed to an exited runtime never reaches the new one (its run ids may name other runs
    // there).
    if (frame.generation !== generation || runtime?.running !== true) {
      return refuse(
        client,
        'STALE_GENERATION',
        `not relayed: the line is addressed to runtime ` +
          `generation ${frame.generation}, which has exited; the current runtime ` +
          `(generation ${generation}) never saw its runs. Reload the runs from the ` +
          `current runtime instead.`,
      );
    }
    const parsed = parseLine(frame.line);
    if (!parsed.ok) return refuse(client, 'BAD_LINE', `not relayed: ${parsed.problem.message}`);
    const verdict = claims.fromUi(client.id, generation, parsed.message);
    if (verdict !== 'relay') return refuse(client, verdict.code, verdict.message);
    // SECURITY: UI → runtime lines may hold a secret prompt's value: relayed to stdin only, never logged or kept.
    if (runtime.write(frame.line) !== true) refuse(client, 'NOT_RUNNING', 'the runtime is not running; restart it');
  }

  return {
    path: BRIDGE_PATH,
    upgrade: (request, socket, head) => endpoint.upgrade(request, socket, head),
    routes: [
      {
        method: 'POST',
        path: '/api/runtime/token',
        auth: 'agent',
        body: { kind: 'text', maxBytes: 1024 },
        async handle(_request, response, _url, context) {
          const body = typeof context.body === 'string' ? context.body : '';
          let restart = false;
          try {
            restart = body.trim() !== '' && (JSON.parse(body) as { restart?: unknown }).restart === true;
          } catch {
            return sendJson(response, 400, { error: 'the body is empty or JSON {"restart": true}' });
          }
          if (isEnded(await ledger.heads(stream))) throw new HttpError(410, 'SESSION_ENDED', endedMessage(stream));
          const token = mintToken(options.secret, {
            kind: 'ws',
            sessionId: BRIDGE_SUBJECT,
            appId: restart ? RESTART_APP : 'runtime-ui',
            exp: Date.now() + (options.tokenTtlMs ?? 12 * 3600_000),
          });
          sendJson(response, 200, { token, path: BRIDGE_PATH, canRestart: restart });
        },
      },
    ],
    get pid() {
      return runtime?.pid;
    },
    get generation() {
      return generation;
    },
    async close() {
      closing = true;
      await endpoint.close();
      await ready;
      await runtime?.stop();
      await appending;
      claims.close();
      fanout.close();
    },
  };
}
