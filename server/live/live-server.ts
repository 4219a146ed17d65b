import type { IncomingMessage } from 'node:http';
import { ClientFrame, type LiveErrorCode, type ServerFrame } from '../../shared/neighbours/live/frames.ts';
import { compile } from '../../shared/check.ts';
import type { BrowserGuard } from '../http/browser-guard.ts';
import { createJsonSocketEndpoint, type JsonSocket } from '../http/json-socket.ts';
import type { SocketBudgets } from '../http/socket-budgets.ts';
import type { UpgradeRoute } from '../http/upgrades.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createPresence, type ServerChannel } from './channels.ts';
import { createConnection } from './connection.ts';
import { upgradeCredentialed, upgradeCredentials } from './authorize.ts';
import { appendBudget } from '../sessions/streams.ts';
import { createFanout } from './fanout.ts';
import { QuotaNotices } from './quota-notices.ts';

/** What the live channel needs. */
export interface LiveOptions {
  ledger: Ledger;
  secret: string;
  /** The agents' bearer token: a subscribe with `role: "agent"` presents it instead of a session token. */
  agentToken?: string;
  /** The server's Host and Origin allowlists (shared with every route). */
  guard: BrowserGuard;
  /** The server's socket budgets (per address, per session, bytes queued), shared with every socket endpoint. */
  budgets: SocketBudgets;
  /** Bytes of one frame (checked by ws before anything is parsed). */
  maxFrameBytes: number;
  /** Frames per second per socket (burst included). */
  maxFramesPerSecond: number;
  sessionTokenTtlMs: number;
  /** The seed's versionPolicy: `reject` (default) closes after UPGRADE_REQUIRED, `advisory` keeps the socket open. */
  versionPolicy?: 'reject' | 'advisory';
  /** A socket silent this long is dropped (default 45 s); the server pings it at a third of that. */
  idleMs?: number;
  /** A socket that has not subscribed within this time is closed (default 10 s). */
  handshakeMs?: number;
  /** Server channels a page may `channel_subscribe` to, besides the built-in `presence`. */
  channels?: readonly ServerChannel[];
  log(event: Record<string, unknown>): void;
}

/** What every connection shares. */
export type LiveContext = ReturnType<typeof createContext>;

function createContext(options: LiveOptions) {
  const presence = createPresence();
  const channels = new Map<string, ServerChannel>([
    [presence.channel.name, presence.channel],
    ...(options.channels ?? []).map((c) => [c.name, c] as const),
  ]);
  const quota = new QuotaNotices(options.ledger, options.log);
  return { options, presence, channels, fanout: createFanout(options.ledger), quota };
}

/**
 * The live channel (seed 004) on `/ws`, on the server's one JSON-over-WebSocket endpoint
 * (`server/http/json-socket.ts`: Host, Origin, socket budgets, handshake and idle deadlines, frame
 * size, rate, depth, schema, queue and backpressure). Each socket's frames are handled by its
 * connection (`connection.ts`); `close` tells every socket the server is going away (`system`
 * shutdown) so clients reconnect at once.
 */
export function createLiveChannel(options: LiveOptions): UpgradeRoute & { close(): Promise<void> } {
  const context = createContext(options);
  const endpoint = createJsonSocketEndpoint({
    path: '/ws',
    guard: options.guard,
    budgets: options.budgets,
    frames: compile(ClientFrame),
    maxFrameBytes: options.maxFrameBytes,
    maxFramesPerSecond: options.maxFramesPerSecond,
    // `<suip-live>` turns it into a typed error event instead of reconnecting for ever.
    explainOriginRefusal: true,
    ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    ...(options.handshakeMs !== undefined ? { handshakeMs: options.handshakeMs } : {}),
    credentialed: (request, url) => upgradeCredentialed(options, upgradeCredentials(url, request)),
    errorFrame: (code, message) =>
      ({
        type: 'error',
        payload: {
          code: code as LiveErrorCode,
          message,
          ...(code === 'CONTRACT_VIOLATION' ? { numericCode: -32020 } : {}),
        },
      }) satisfies ServerFrame,
    shutdownFrame: {
      type: 'system',
      payload: { kind: 'shutdown', message: 'the server is shutting down; reconnect' },
    } satisfies ServerFrame,
    // The JSON socket is the connection's io as it is (no wrapper per socket), and the connection its handler.
    accept: (socket: JsonSocket, request: IncomingMessage, url: URL) => createConnection(context, socket, url, request),
    budgetHit(sessionId, code, reason) {
      // The agent is told in the session's event ledger (what it reads anyway); a failed append only logs.
      appendBudget(options.ledger, sessionId, code, reason).catch((error: unknown) =>
        options.log({
          event: 'budget-event-failed',
          sessionId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
    log: options.log,
  });
  return {
    path: endpoint.path,
    upgrade: endpoint.upgrade,
    async close() {
      await endpoint.close();
      context.fanout.close();
    },
  };
}
