import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpgradeRoute } from '../http/upgrades.ts';
import { ClientFrame, type LiveErrorCode, type ServerFrame } from '../../shared/neighbours/live/frames.ts';
import { compile } from '../../shared/check.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createPresence, type ServerChannel } from './channels.ts';
import { createConnection } from './connection.ts';
import { createFanout } from './fanout.ts';

/** What the live channel needs. */
export interface LiveOptions {
  ledger: Ledger;
  secret: string;
  /** The agents' bearer token: a subscribe with `role: "agent"` presents it instead of a session token. */
  agentToken?: string;
  /** Origins allowed to open the channel from a browser; a request with no Origin (not a browser) is allowed. */
  origins: readonly string[];
  /** Bytes of one frame (checked by ws before anything is parsed). */
  maxFrameBytes: number;
  /** Frames per second per socket (burst included). */
  maxFramesPerSecond: number;
  sessionTokenTtlMs: number;
  /** The seed's versionPolicy: `reject` (default) closes after UPGRADE_REQUIRED, `advisory` keeps the socket open. */
  versionPolicy?: 'reject' | 'advisory';
  /** A socket silent this long is dropped (default 45 s); the server pings it at a third of that. */
  idleMs?: number;
  /** Bytes queued to one socket beyond which it is dropped as too slow (it resumes later from its cursor). */
  maxBufferedBytes?: number;
  /** Server channels a page may `channel_subscribe` to, besides the built-in `presence`. */
  channels?: readonly ServerChannel[];
  log(event: Record<string, unknown>): void;
}

/** What every connection shares. */
export type LiveContext = ReturnType<typeof createContext>;

function createContext(options: LiveOptions) {
  const presence = createPresence();
  const channels = new Map<string, ServerChannel>([[presence.channel.name, presence.channel], ...(options.channels ?? []).map((c) => [c.name, c] as const)]);
  return { options, presence, channels, fanout: createFanout(options.ledger), checkFrame: compile(ClientFrame) };
}

/**
 * The live channel (seed 004) on `/ws`: Origin checked on upgrade, every frame bounded and
 * rate-limited before `JSON.parse` and checked against its schema, then handled by the socket's
 * connection (`connection.ts`). Sockets are pinged and dropped when silent; `close` tells every
 * socket the server is going away (`system` shutdown) so clients reconnect at once.
 */
export function createLiveChannel(options: LiveOptions): UpgradeRoute & { close(): Promise<void> } {
  const context = createContext(options);
  const idleMs = options.idleMs ?? 45_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
  const lastSeen = new WeakMap<WebSocket, number>();
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    // SECURITY: cross-site WebSocket hijacking: a browser page of another origin may not connect.
    if (origin !== undefined && !options.origins.includes(origin)) {
      options.log({ event: 'upgrade-refused', path: url.pathname, origin });
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, url, request));
  };

  // Heartbeat: ws-level pings keep proxies from idling the socket; a peer silent past idleMs is gone.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const ws of wss.clients) {
      if (now - (lastSeen.get(ws) ?? now) > idleMs) ws.terminate();
      else ws.ping();
    }
  }, Math.max(50, Math.floor(idleMs / 3)));
  sweep.unref();

  function accept(ws: WebSocket, url: URL, request: IncomingMessage): void {
    const rate = createRateBudget(options.maxFramesPerSecond);
    // A flood is answered with one error per second (no amplification), and cut past twice the budget.
    let excess = 0;
    let excessSince = 0;
    const maxBuffered = options.maxBufferedBytes ?? 16 << 20;
    lastSeen.set(ws, Date.now());
    const sendText = (text: string) => {
      if (ws.readyState !== ws.OPEN) return;
      // A reader that does not keep up is dropped, not buffered without bound: it resumes from its cursor.
      if (ws.bufferedAmount > maxBuffered) {
        ws.close(1013, 'SLOW_CONSUMER');
        return;
      }
      ws.send(text);
    };
    const send = (frame: ServerFrame) => sendText(JSON.stringify(frame));
    const fail = (code: LiveErrorCode, message: string, close = false) => {
      send({ type: 'error', payload: { code, message, ...(code === 'CONTRACT_VIOLATION' ? { numericCode: -32020 } : {}) } });
      if (close) ws.close(1008, code);
    };
    const connection = createConnection(context, { url, request, send, sendText, fail });
    // Frames of one socket are handled one after another, so answers keep the order of the frames.
    let queue: Promise<void> = Promise.resolve();
    ws.on('pong', () => lastSeen.set(ws, Date.now()));
    ws.on('message', (data, binary) => {
      lastSeen.set(ws, Date.now());
      // SECURITY: size is bounded by maxPayload before this runs; the rate before JSON.parse.
      if (!rate.take()) {
        const now = Date.now();
        if (now - excessSince > 1000) {
          excessSince = now;
          excess = 0;
        }
        excess += 1;
        if (excess === 1) fail('RATE_LIMITED', `more than ${options.maxFramesPerSecond} frames per second; frames over it are dropped, and a flood closes the socket`);
        if (excess > 2 * options.maxFramesPerSecond) fail('RATE_LIMITED', 'flooding: closed', true);
        return;
      }
      if (binary) return fail('BAD_FRAME', 'frames are JSON text');
      let value: unknown;
      try {
        value = JSON.parse(data.toString());
      } catch {
        return fail('BAD_FRAME', 'a frame is one JSON object {type, payload}');
      }
      const problem = context.checkFrame.firstError(value);
      if (problem !== undefined) return fail('BAD_FRAME', `the frame does not fit the protocol at ${problem}`);
      queue = queue.then(() => connection.handle(value as ClientFrame)).catch((error: unknown) => {
        options.log({ event: 'frame-failed', error: error instanceof Error ? error.message : String(error) });
        fail('BAD_FRAME', 'the server could not handle this frame');
      });
    });
    ws.on('close', () => connection.stop());
    ws.on('error', () => connection.stop());
  }

  return {
    path: '/ws',
    upgrade,
    close: () => new Promise((resolve) => {
      clearInterval(sweep);
      for (const client of wss.clients) {
        if (client.readyState === client.OPEN) client.send(JSON.stringify({ type: 'system', payload: { kind: 'shutdown', message: 'the server is shutting down; reconnect' } } satisfies ServerFrame));
        client.close(1012, 'shutdown');
      }
      context.fanout.close();
      // Sockets that do not finish the closing handshake promptly are cut.
      const cut = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, 1000);
      wss.close(() => {
        clearTimeout(cut);
        resolve();
      });
    }),
  };
}
