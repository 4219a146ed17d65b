import { randomUUID } from 'node:crypto';
import {
  BRIDGE_PATH,
  BridgeClientFrame,
  type BridgeErrorCode,
  type BridgeServerFrame,
} from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { compile } from '../../shared/check.ts';
import type { BrowserGuard } from '../http/browser-guard.ts';
import { createJsonSocketEndpoint } from '../http/json-socket.ts';
import type { Route } from '../http/route.ts';
import type { SocketBudgets } from '../http/socket-budgets.ts';
import type { UpgradeRoute } from '../http/upgrades.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createFanout } from '../live/fanout.ts';
import { isEnded } from '../sessions/revocation.ts';
import { endClient, refuse, sendTo, type BridgeClient } from './bridge-client.ts';
import { readStream } from './bridge-reader.ts';
import { authorizeBridge, bridgeTokenRoute, mayRestart } from './bridge-tokens.ts';
import { createClaims, type Claims } from './claims.ts';
import { runtimeEnv } from './runtime-process.ts';
import { createRuntimeSupervisor } from './runtime-supervisor.ts';
import { receiveFromUi } from './ui-frames.ts';

export { BRIDGE_SUBJECT } from './bridge-tokens.ts';

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

const checkFrame = compile(BridgeClientFrame);

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
  const clients = new Map<string, BridgeClient>();
  const claims: Claims = createClaims({
    graceMs: options.claimGraceMs ?? 3000,
    connected: () => [...clients.keys()],
    hand: (clientId, generation, line) => sendTo(clients.get(clientId), { type: 'claim', generation, line }),
  });
  const supervisor = createRuntimeSupervisor({
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    env: runtimeEnv(options.sourceEnv ?? process.env, options.envNames ?? []),
    ledger,
    stream,
    claims,
    log: options.log,
    lost(kind) {
      // A loss is never silent: every open window is told what it will not get.
      for (const client of clients.values())
        refuse(
          client,
          'LOST',
          `the server could not store a ` +
            `runtime ${kind === 'ask' ? 'request' : kind.startsWith('reply:') ? 'response' : kind} (its ledger ` +
            `failed); it is lost for every window, and a reload will not show it`,
        );
    },
  });
  const reading = { fanout, ledger, stream, claims, log: options.log };

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
    authorize: authorizeBridge(options.secret),
    errorFrame: (code, message) =>
      ({ type: 'error', code: code as BridgeErrorCode, message: message.slice(0, 1000) }) satisfies BridgeServerFrame,
    accept(socket, _request, url) {
      const canRestart = mayRestart(options.secret, url);
      const fromSeq = Math.max(0, Math.floor(Number(url.searchParams.get('fromSeq') ?? 0)) || 0);
      const wanted = url.searchParams.get('client') ?? '';
      const id = /^[\w-]{16,64}$/.test(wanted) && !clients.has(wanted) ? wanted : randomUUID();
      const client: BridgeClient = { id, socket, canRestart, open: true };
      const bound = socket.bind(BUDGET_SESSION);
      if (!bound.ok) {
        socket.fail('TOO_MANY_CONNECTIONS', bound.reason, true);
        client.open = false;
      } else {
        void welcome(client, fromSeq);
      }
      return {
        frame: (frame: BridgeClientFrame) => receiveFromUi(client, frame, { supervisor, claims, log: options.log }),
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

  async function welcome(client: BridgeClient, fromSeq: number): Promise<void> {
    await supervisor.ready;
    const last = await ledger.last(stream);
    // SECURITY: a bridge token of an ended session binds no socket, whatever its expiry.
    if (isEnded(await ledger.heads(stream))) return endClient(client, stream);
    if (!client.open) return;
    clients.set(client.id, client);
    sendTo(client, {
      type: 'hello',
      generation: supervisor.generation,
      running: supervisor.runtime?.running ?? false,
      lastSeq: last,
      clientId: client.id,
      canRestart: client.canRestart,
    });
    readStream(reading, client, fromSeq);
    claims.arrived(client.id, fromSeq);
  }

  return {
    path: BRIDGE_PATH,
    upgrade: (request, socket, head) => endpoint.upgrade(request, socket, head),
    routes: [bridgeTokenRoute({ secret: options.secret, ledger, stream, tokenTtlMs: options.tokenTtlMs })],
    get pid() {
      return supervisor.runtime?.pid;
    },
    get generation() {
      return supervisor.generation;
    },
    async close() {
      supervisor.closing();
      await endpoint.close();
      await supervisor.stop();
      claims.close();
      fanout.close();
    },
  };
}
