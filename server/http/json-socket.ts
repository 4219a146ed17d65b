import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import { WebSocketServer } from 'ws';
import type { Checker } from '../../shared/check.ts';
import { AcceptedSocket, idleSince, type AcceptContext } from './accepted-socket.ts';
import type { BrowserGuard } from './browser-guard.ts';
import { parseTarget } from './request-target.ts';
import type { Place, SocketBudgets } from './socket-budgets.ts';
import type { UpgradeRoute } from './upgrades.ts';

/** The codes the endpoint itself sends, whatever the protocol on top. */
export type SocketErrorCode =
  'BAD_FRAME' | 'RATE_LIMITED' | 'BUSY' | 'SLOW_CONSUMER' | 'HANDSHAKE_TIMEOUT' | 'TOO_MANY_CONNECTIONS';

/** One accepted socket, as the protocol on top sees it. */
export interface JsonSocket {
  /** Send a frame (serialized here); false when it was not sent (closed, or dropped as a slow consumer). */
  send(frame: unknown): boolean;
  /** Send a frame already serialized (shared by every socket reading the same entry). */
  sendText(text: string): boolean;
  /** Send the protocol's error frame; with `close`, close the socket after it (policy violation). */
  fail(code: string, message: string, close?: boolean): void;
  /**
   * Bind the socket to a session: it then counts against that session's socket and memory budgets and the handshake
   * deadline is met.
   */
  bind(session: string): { ok: true } | { ok: false; reason: string };
  close(code: number, reason: string): void;
  readonly remoteAddress: string;
}

/** What the protocol on top does with a socket. */
export interface SocketHandler<F> {
  /**
   * One frame, already bounded, rate-limited, parsed and checked against the frame schema. Frames are handled one after
   * another.
   */
  frame(frame: F): Promise<void> | void;
  /** The socket is gone (closed, dropped or errored). */
  closed(): void;
}

/** How one JSON-over-WebSocket endpoint behaves. */
export interface JsonSocketOptions<S extends TSchema, F> {
  path: string;
  guard: BrowserGuard;
  budgets: SocketBudgets;
  /** The schema every client frame must fit. */
  frames: Checker<S>;
  /** Bytes of one frame (ws refuses more before anything is buffered). */
  maxFrameBytes: number;
  /** Frames per second per socket, burst included. */
  maxFramesPerSecond: number;
  /**
   * Bytes of frames waiting for the handler before more are refused as BUSY (default 1 MiB): the socket's inbound
   * memory budget.
   */
  maxQueuedBytes?: number;
  /** A socket not bound to a session within this time is closed (default 10 s). */
  handshakeMs?: number;
  /** A socket silent this long is dropped (default 45 s); it is pinged at a third of that. */
  idleMs?: number;
  /**
   * Tell a page whose Origin is refused why, in the protocol's error frame (`ORIGIN_NOT_ALLOWED`)
   * on a socket closed at once, instead of an HTTP 403 the browser hides from the page. For
   * endpoints a page opens directly (the live channel); others keep the plain refusal.
   */
  explainOriginRefusal?: boolean;
  /** Credentials carried by the upgrade itself (URL, headers); refused before the socket exists. */
  authorize?(request: IncomingMessage, url: URL): { ok: true } | { ok: false; status: 401 | 403; reason: string };
  /** The upgrade carries a credential of the protocol (URL or headers): the socket is authenticated from the start. */
  credentialed?(request: IncomingMessage, url: URL): boolean;
  /** The protocol's error frame. */
  errorFrame(code: string, message: string): unknown;
  /** The protocol's goodbye on shutdown (sent before close 1012). */
  shutdownFrame?: unknown;
  accept(socket: JsonSocket, request: IncomingMessage, url: URL): SocketHandler<F>;
  /**
   * A bound socket hit a budget (dropped as a slow consumer, frames refused as BUSY): the protocol tells the session's
   * owner.
   */
  budgetHit?(session: string, code: SocketErrorCode, reason: string): void;
  log(event: Record<string, unknown>): void;
}

/** Answers an upgrade that is refused before a socket exists. */
function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const phrase =
    {
      401: 'Unauthorized',
      403: 'Forbidden',
      421: 'Misdirected Request',
      429: 'Too Many Requests',
      503: 'Service Unavailable',
    }[status] ?? 'Bad Request';
  const body = JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${phrase}\r\nContent-Type: ` +
      `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
      `close\r\n\r\n${body}`,
  );
}

/**
 * The server's one JSON-over-WebSocket endpoint, used by the live channel and the runtime bridge
 * alike. Each guard is here once, in the order an attacker meets them: Host and Origin (DNS
 * rebinding, cross-site hijacking) and the protocol's credentials before the upgrade; the
 * per-address and total socket budgets before a socket is allocated; then per socket a
 * handshake deadline (a socket that never binds to a session is closed), an idle deadline with
 * pings, frame size (by `ws`, before buffering), rate (before parsing), nesting depth (before
 * `JSON.parse`), the frame schema, a bounded queue of frames waiting for the handler, and
 * backpressure on every send (per socket and per session; a reader that does not keep up is
 * dropped and resumes from its cursor).
 */
export function createJsonSocketEndpoint<S extends TSchema, F>(
  options: JsonSocketOptions<S, F>,
): UpgradeRoute & { close(): Promise<void>; readonly size: number } {
  const idleMs = options.idleMs ?? 45_000;
  const handshakeMs = options.handshakeMs ?? 10_000;
  const maxQueuedBytes = options.maxQueuedBytes ?? 1 << 20;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
  const limits = { frames: options.frames, maxFramesPerSecond: options.maxFramesPerSecond, maxQueuedBytes };
  const context: AcceptContext<S, F> = { options, limits, handshakeMs };
  const originsLogged = oncePerMinute(256);

  // One sweep for every socket: pings keep proxies from idling it; a peer silent past idleMs is gone.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const ws of wss.clients) {
        if (idleSince(ws, now, idleMs)) ws.terminate();
        else ws.ping();
      }
    },
    Math.max(50, Math.floor(idleMs / 3)),
  );
  sweep.unref();

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = parseTarget(request.url);
    // routeUpgrades refuses such a target first; an endpoint mounted on its own must not throw either.
    if (url === undefined) {
      options.log({ event: 'upgrade-refused', code: 'BAD_PATH' });
      return refuseUpgrade(socket, 400, 'the request target is not a valid path');
    }
    const refused = options.guard.refuse(request);
    if (refused?.code === 'ORIGIN_NOT_ALLOWED' && options.explainOriginRefusal === true)
      return refuseOrigin(request, socket, head, url, refused.message);
    if (refused !== undefined) {
      options.log({
        event: 'upgrade-refused',
        path: url.pathname,
        code: refused.code,
        origin: request.headers.origin?.slice(0, 200),
      });
      return refuseUpgrade(socket, refused.status, refused.message);
    }
    const auth = options.authorize?.(request, url) ?? { ok: true };
    if (!auth.ok) {
      options.log({ event: 'upgrade-refused', path: url.pathname, code: 'UNAUTHORIZED', reason: auth.reason });
      return refuseUpgrade(socket, auth.status, auth.reason);
    }
    const place = placeFor(request, socket);
    if (options.credentialed?.(request, url) === true) {
      const trusted = place.trust();
      if (!trusted.ok) {
        const address = place.address;
        options.log({ event: 'upgrade-refused', path: url.pathname, code: 'TOO_MANY_CONNECTIONS', address });
        return refuseUpgrade(socket, trusted.status, trusted.reason);
      }
    }
    wss.handleUpgrade(request, socket, head, (ws) => new AcceptedSocket<S, F>(ws, request, url, place, context));
  }

  /**
   * The budget place of the connection under this upgrade: the one the server's connection guard
   * gave it (`connection-guard.ts`), or a new one for an endpoint mounted on its own. It stays
   * unauthenticated (closed first to make room) until the socket binds to a session.
   */
  function placeFor(request: IncomingMessage, socket: Duplex): Place {
    const { budgets } = options;
    const guarded = budgets.placeOf(socket);
    // The guard's place is released by the guard's own close listener.
    if (guarded !== undefined) return guarded;
    const place = budgets.admit(socket, request.socket.remoteAddress ?? 'unknown', () => socket.destroy());
    budgets.releaseOnClose(socket);
    return place;
  }

  /**
   * A page whose Origin is not allowed: a browser hides an HTTP refusal of an upgrade from the page
   * (it sees only a close, 1006), which left `<suip-live>` reconnecting for ever. So the upgrade is
   * completed, the one error frame `ORIGIN_NOT_ALLOWED` naming the fix is sent, and the socket is
   * closed (1008). SECURITY: nothing of the protocol runs on that socket (no frame is read, no
   * credential is looked at, so it is no oracle for tokens); it counts against the address's socket
   * budget while it closes; the Host check (DNS rebinding) was passed before this runs.
   */
  function refuseOrigin(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL, message: string): void {
    const origin = (request.headers.origin ?? '').slice(0, 200);
    // One line per origin per minute, whatever a page's retries do (and a bounded memory of origins).
    if (originsLogged.due(origin))
      options.log({
        event: 'upgrade-refused',
        path: url.pathname,
        code: 'ORIGIN_NOT_ALLOWED',
        origin,
        fix: `start the server with --origins ${origin} (comma-separated list; SUIP_ORIGINS)`,
      });
    placeFor(request, socket);
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      ws.send(JSON.stringify(options.errorFrame('ORIGIN_NOT_ALLOWED', message)));
      ws.close(1008, 'ORIGIN_NOT_ALLOWED');
      // A peer that never answers the close is cut.
      setTimeout(() => ws.terminate(), 2000).unref();
    });
  }

  return {
    path: options.path,
    upgrade,
    get size() {
      return wss.clients.size;
    },
    close: () => {
      clearInterval(sweep);
      return closeEvery(wss, options.shutdownFrame);
    },
  };
}

/** Whether a key is due again: once a minute per key, remembering at most `keys` of them. */
function oncePerMinute(keys: number): { due(key: string): boolean } {
  const last = new Map<string, number>();
  return {
    due(key) {
      const now = Date.now();
      if ((last.get(key) ?? 0) + 60_000 > now) return false;
      if (last.size >= keys) last.clear();
      last.set(key, now);
      return true;
    },
  };
}

/** Shutdown: every socket is told (the protocol's goodbye, close 1012); one that does not finish closing is cut. */
function closeEvery(wss: WebSocketServer, shutdownFrame: unknown): Promise<void> {
  return new Promise((resolve) => {
    for (const client of wss.clients) {
      if (client.readyState === client.OPEN && shutdownFrame !== undefined) client.send(JSON.stringify(shutdownFrame));
      client.close(1012, 'shutdown');
    }
    // Sockets that do not finish the closing handshake promptly are cut.
    const cut = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, 1000);
    wss.close(() => {
      clearTimeout(cut);
      resolve();
    });
  });
}
