import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ClientFrame, LIVE_PROTOCOL_VERSION, type LiveErrorCode, type ServerFrame, type SubscribeFrame } from '../../adapters/live/frames.ts';
import { compile } from '../../shared/check.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { mintToken, verifyToken } from '../auth/tokens.ts';
import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';
import { actionsOf } from '../sessions/session-api.ts';

/** What the live channel needs. */
export interface LiveOptions {
  ledger: Ledger;
  secret: string;
  /** Origins allowed to open the channel from a browser; a request with no Origin (not a browser) is allowed. */
  origins: readonly string[];
  /** Bytes of one frame (checked by ws before anything is parsed). */
  maxFrameBytes: number;
  /** Frames per second per socket (burst included). */
  maxFramesPerSecond: number;
  sessionTokenTtlMs: number;
  log(event: Record<string, unknown>): void;
}

const checkFrame = compile(ClientFrame);
const FRAME_KINDS: ReadonlySet<string> = new Set(['render', 'props_update', 'data']);

/**
 * The live channel (seed 004) on `/ws`: Origin checked on upgrade, every frame bounded and
 * rate-limited before `JSON.parse`, `subscribe` first (token, session, version), an `ack` with the
 * resume cursors, then the session's frames from the client's `fromSeq` onwards — replayed from the
 * ledger, then live — and actions recorded once each by their `clientSeq`. A bad frame gets a typed
 * `error`; only its own socket is affected.
 */
export function attachLiveChannel(server: Server, options: LiveOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    // SECURITY: cross-site WebSocket hijacking: a browser page of another origin may not connect.
    if (url.pathname !== '/ws' || (origin !== undefined && !options.origins.includes(origin))) {
      options.log({ event: 'upgrade-refused', path: url.pathname, origin });
      socket.end(url.pathname !== '/ws' ? 'HTTP/1.1 404 Not Found\r\n\r\n' : 'HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => connection(ws, url, request));
  });

  function connection(ws: WebSocket, url: URL, request: IncomingMessage): void {
    const rate = createRateBudget(options.maxFramesPerSecond);
    // Frames of one socket are handled one after another, so answers keep the order of the frames.
    let queue: Promise<void> = Promise.resolve();
    let bound: { sessionId: string; stop: () => void; actionNames: ReadonlySet<string> | undefined } | undefined;
    const send = (frame: ServerFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const fail = (code: LiveErrorCode, message: string, close = false) => {
      send({ type: 'error', payload: { code, message, ...(code === 'CONTRACT_VIOLATION' ? { numericCode: -32020 } : {}) } });
      if (close) ws.close(1008, code);
    };
    ws.on('message', (data, binary) => {
      // SECURITY: size is bounded by maxPayload before this runs; the rate before JSON.parse.
      if (!rate.take()) return fail('RATE_LIMITED', `more than ${options.maxFramesPerSecond} frames per second; slow down`, false);
      if (binary) return fail('BAD_FRAME', 'frames are JSON text');
      let value: unknown;
      try {
        value = JSON.parse(data.toString());
      } catch {
        return fail('BAD_FRAME', 'a frame is one JSON object {type, payload}');
      }
      const problem = checkFrame.firstError(value);
      if (problem !== undefined) return fail('BAD_FRAME', `the frame does not fit the protocol at ${problem}`);
      queue = queue.then(() => handle(value as ClientFrame)).catch((error: unknown) => {
        options.log({ event: 'frame-failed', error: error instanceof Error ? error.message : String(error) });
        fail('BAD_FRAME', 'the server could not handle this frame');
      });
    });
    ws.on('close', () => bound?.stop());
    ws.on('error', () => bound?.stop());

    async function handle(frame: ClientFrame): Promise<void> {
      if (frame.type === 'ping') return send({ type: 'pong' });
      if (frame.type === 'subscribe') return subscribe(frame);
      if (bound === undefined) return fail('SUBSCRIBE_FIRST', 'send subscribe first');
      if (frame.type === 'host_context_observed') return;
      // An action.
      if (frame.payload.sessionId !== bound.sessionId) return fail('SESSION_MISMATCH', `this connection is bound to ${bound.sessionId}`);
      if (bound.actionNames !== undefined && !bound.actionNames.has(frame.payload.type)) {
        return fail('CONTRACT_VIOLATION', `the render declares no action ${JSON.stringify(frame.payload.type.slice(0, 64))}; it declares ${[...bound.actionNames].map((n) => JSON.stringify(n)).join(', ') || 'none'}`);
      }
      const fresh = await options.ledger.recordAction(bound.sessionId, frame.payload.clientSeq);
      if (fresh) await options.ledger.append(actionsOf(bound.sessionId), 'action', JSON.stringify(frame.payload));
      send({ type: 'action_recorded', payload: { clientSeq: frame.payload.clientSeq, duplicate: !fresh } });
    }

    async function subscribe(frame: SubscribeFrame): Promise<void> {
      if (bound !== undefined) return fail('BAD_FRAME', 'this connection is subscribed already');
      const { sessionId, fromSeq = 0, supportedVersions } = frame.payload;
      if (supportedVersions !== undefined && !supportedVersions.includes(LIVE_PROTOCOL_VERSION)) {
        return fail('UPGRADE_REQUIRED', `this server speaks ${LIVE_PROTOCOL_VERSION}; the client accepts ${supportedVersions.join(', ')}`, true);
      }
      const wsToken = frame.payload.wsToken ?? url.searchParams.get('wsToken') ?? undefined;
      const bearer = request.headers.authorization?.startsWith('Bearer ') ? request.headers.authorization.slice(7) : (url.searchParams.get('token') ?? undefined);
      const check = wsToken !== undefined ? verifyToken(options.secret, wsToken, 'ws') : bearer !== undefined ? verifyToken(options.secret, bearer, 'session') : { ok: false as const, reason: 'no wsToken and no session token' };
      if (!check.ok || check.claims.sessionId !== sessionId) return fail('SUBSCRIBE_UNAUTHORIZED', check.ok ? 'the token is for another session' : check.reason, true);
      const last = await options.ledger.last(sessionId);
      if (last === 0) return fail('SESSION_NOT_FOUND', `no session ${sessionId}`, true);
      const read = await options.ledger.read(sessionId, fromSeq, 1);
      const snapshot = read.truncated ? await latestState(sessionId) : null;
      const actionsLast = await options.ledger.last(actionsOf(sessionId));
      const sessionToken = wsToken !== undefined ? mintToken(options.secret, { kind: 'session', sessionId, appId: check.claims.appId, exp: Date.now() + options.sessionTokenTtlMs }) : undefined;
      const state = { actionNames: undefined as ReadonlySet<string> | undefined };
      send({ type: 'ack', payload: { sequence: actionsLast, timestamp: Date.now(), streamSeq: last, session: snapshot, ...(read.truncated ? { replayTruncated: true } : {}), ...(sessionToken ? { sessionToken } : {}), serverVersion: LIVE_PROTOCOL_VERSION, clientSeqAcked: actionsLast } });
      // Behind the window: the snapshot stands for the lost history; the tail goes on from what is kept.
      const from = read.truncated ? Math.max(fromSeq, (read.entries[0]?.seq ?? last + 1) - 1) : fromSeq;
      const stop = options.ledger.tail(sessionId, from, (entry) => {
        if (!FRAME_KINDS.has(entry.kind)) return;
        const frameOut = toFrame(sessionId, entry);
        if (frameOut.type === 'render') state.actionNames = actionNamesOf(frameOut.payload.session);
        send(frameOut);
      });
      bound = { sessionId, stop, get actionNames() { return state.actionNames; } };
      options.log({ event: 'subscribed', sessionId, fromSeq, streamSeq: last, truncated: read.truncated });
    }
  }

  /** The newest render and props of a session (the snapshot for a reader behind the window). */
  async function latestState(sessionId: string): Promise<unknown> {
    const { entries } = await options.ledger.read(sessionId, 0, 100_000);
    let render: unknown = null;
    let props: unknown = null;
    for (const entry of entries) {
      if (entry.kind === 'render') render = (JSON.parse(entry.payload) as { session: unknown }).session;
      if (entry.kind === 'props_update') props = (JSON.parse(entry.payload) as { props: unknown }).props;
    }
    return { render, props };
  }

  return {
    close: () => new Promise((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    }),
  };
}

function toFrame(sessionId: string, entry: LedgerEntry): ServerFrame {
  const body = JSON.parse(entry.payload) as Record<string, unknown>;
  if (entry.kind === 'render') return { type: 'render', payload: { session: body.session }, seq: entry.seq };
  if (entry.kind === 'props_update') return { type: 'props_update', payload: { sessionId, props: body.props }, seq: entry.seq };
  return { type: 'data', payload: { sessionId, channel: String(body.channel), mode: body.mode === 'replace' ? 'replace' : 'append', payload: body.payload, seq: entry.seq }, seq: entry.seq };
}

function actionNamesOf(session: unknown): ReadonlySet<string> | undefined {
  const spec = (session as { actionSpec?: unknown } | null)?.actionSpec;
  return typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? new Set(Object.keys(spec)) : undefined;
}
