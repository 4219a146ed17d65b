import type { IncomingMessage, ServerResponse } from 'node:http';
import { collect, decodeBlock, parseJson, type Decoded } from '../../adapters/canvas/inputs/decode.ts';
import { opsFromText } from '../../adapters/canvas/inputs/fence.ts';
import { opsFromToolResult } from '../../adapters/canvas/inputs/mcp.ts';
import { verifyToken } from '../auth/tokens.ts';
import { readBody, sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import { checkSession, type Ledger } from '../ledger/ledger.ts';
import { requireLive } from '../sessions/revocation.ts';
import { createCanvasSse } from './canvas-sse.ts';
import { CanvasHistoryLost, createCanvasStore, type CanvasStore } from './canvas-store.ts';
import { createKeepAlive } from './keep-alive.ts';

/** What the canvas API needs. */
export interface CanvasApiOptions {
  ledger: Ledger;
  secret: string;
  agentToken: string;
  maxBodyBytes: number;
  store?: CanvasStore;
  /** Unsent bytes one SSE stream may hold before it is closed (default 1 MiB). */
  sseBudgetBytes?: number;
  /** Open SSE streams per canvas (default 32) and per process (default 2,000). */
  maxSseStreamsPerSession?: number;
  maxSseStreams?: number;
  /** SSE keep-alive period (one timer for every stream; default 15 s). */
  keepAliveMs?: number;
  /** Server log. */
  log?(event: Record<string, unknown>): void;
  /**
   * The ledger's replay window (`--window`): compacted snapshots are persisted at least every half
   * window, so a process that fell behind can always rebuild the canvas (default every 200 ops).
   */
  window?: number;
  /**
   * A browser token of a live session read its canvas: the connection moves to the authenticated
   * pool (`connection-guard.ts`), so a flood of unauthenticated connections cannot close a viewer's
   * long-lived SSE stream to make room.
   */
  authenticated?(request: IncomingMessage): void;
}

/**
 * The canvas over HTTP. A canvas is a live-channel session (create it with `POST /api/sessions`):
 * - `POST /api/canvas/<session>/ops` (agent): `{ops: [...]}`, `{op}`, `{text}` (prose with ```genui
 *   fences, or bare JSON / TOON), or `{toolResult}` (MCP `_canvas_ops`): checked, recorded in order,
 *   all or none; the browser gets them on the live channel (`data` frames, channel `canvas`).
 * - `GET /api/canvas/<session>/state` (agent, or the browser with its wsToken / sessionToken in
 *   `?token=`): the compacted canvas and the `seq` it stands for — a fresh client applies it and
 *   subscribes from there.
 * - `GET /api/canvas/<session>/sse` (same auth): the seed's SSE transport — a `snapshot` event,
 *   then one `op` event per op with `id: <seq>`; EventSource's Last-Event-ID resumes with no gap
 *   (a resume the ledger cannot serve gets a snapshot first: `canvas-sse.ts`).
 */
export function canvasRoutes(options: CanvasApiOptions): Route[] {
  const store =
    options.store ??
    createCanvasStore(
      options.ledger,
      options.window === undefined ? {} : { snapshotEvery: Math.max(1, Math.min(200, Math.floor(options.window / 2))) },
    );
  const sse = createCanvasSse({
    ledger: options.ledger,
    store,
    keepAlive: createKeepAlive(options.keepAliveMs ?? 15_000),
    ...(options.sseBudgetBytes !== undefined ? { budgetBytes: options.sseBudgetBytes } : {}),
    ...(options.maxSseStreamsPerSession !== undefined ? { maxStreamsPerSession: options.maxSseStreamsPerSession } : {}),
    ...(options.maxSseStreams !== undefined ? { maxStreams: options.maxSseStreams } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const target = (url: URL): { sessionId: string; what: string } | undefined => {
    const [, , , sessionId, what, extra] = url.pathname.split('/');
    if (sessionId === undefined || what === undefined || extra !== undefined) return undefined;
    try {
      checkSession(sessionId);
    } catch {
      return undefined;
    }
    return { sessionId, what };
  };
  /** The agent's bearer, or a browser token of this very session. */
  const mayRead = (isAgent: boolean, url: URL, sessionId: string): string | undefined => {
    if (isAgent) return undefined;
    const token = url.searchParams.get('token') ?? '';
    const check = verifyToken(options.secret, token, 'ws');
    const session = check.ok ? check : verifyToken(options.secret, token, 'session');
    if (!session.ok)
      return (
        `reading a canvas needs the agent token or ?token=<wsToken | ` +
        `sessionToken> (${check.ok ? '' : check.reason})`
      );
    return session.claims.sessionId === sessionId ? undefined : 'the token is for another session';
  };

  return [
    {
      method: 'POST',
      path: '/api/canvas/*',
      auth: 'agent',
      async handle(request, response, url) {
        const at = target(url);
        if (at === undefined || at.what !== 'ops')
          return sendJson(response, 404, { error: 'POST /api/canvas/<session>/ops' });
        // SECURITY: an ended session takes no more ops (the one revocation check, `sessions/revocation.ts`).
        await requireLive(options.ledger, at.sessionId);
        const text = await readBody(request, options.maxBodyBytes);
        if (text === undefined)
          return sendJson(response, 413, { error: `the body is larger than ${options.maxBodyBytes} bytes` });
        const decoded = decodeBody(text);
        if (decoded.errors.length > 0)
          return sendJson(response, 400, { error: decoded.errors[0], errors: decoded.errors.slice(0, 20) });
        if (decoded.ops.length === 0)
          return sendJson(response, 400, { error: 'no ops: send {ops: [...]}, {op}, {text} or {toolResult}' });
        const result = await store.append(at.sessionId, decoded.ops).catch(historyLost(response));
        if (result === undefined) return;
        // A template that does not parse is a bad op (400, with its line and column); a refusal by
        // the current canvas (unknown id, a limit) is a conflict (409).
        if (!result.ok)
          return sendJson(response, result.code === 'TEMPLATE_INVALID' ? 400 : 409, {
            error: `op ${result.index}: ${result.error}`,
            index: result.index,
            code: result.code,
          });
        sendJson(response, 200, { seqs: result.seqs });
      },
    },
    {
      method: 'GET',
      path: '/api/canvas/*',
      async handle(request, response, url, { isAgent }) {
        const at = target(url);
        if (at === undefined || (at.what !== 'state' && at.what !== 'sse'))
          return sendJson(response, 404, { error: 'GET /api/canvas/<session>/state | sse' });
        const denied = mayRead(isAgent, url, at.sessionId);
        if (denied !== undefined) return sendJson(response, 401, { error: denied });
        // SECURITY: a token of an ended session reads nothing and opens no stream (410), whatever its expiry.
        await requireLive(options.ledger, at.sessionId);
        if (!isAgent) options.authenticated?.(request);
        if (at.what === 'state') {
          const snap = await store.snapshot(at.sessionId).catch(historyLost(response));
          return snap === undefined ? undefined : sendJson(response, 200, snap);
        }
        await sse(request, response, url, at.sessionId);
      },
    },
  ];
}

/** A canvas that cannot be rebuilt is a 503 that says why (any other failure stays the router's 500). */
const historyLost =
  (response: ServerResponse) =>
  (error: unknown): undefined => {
    if (!(error instanceof CanvasHistoryLost)) throw error;
    sendJson(response, 503, { error: error.message, code: 'CANVAS_HISTORY_LOST' });
    return undefined;
  };

/** A POST body → ops, through the same bounded decoders as every other input (a non-JSON body is TOON). */
function decodeBody(text: string): Decoded {
  const parsed = parseJson(text.trim());
  if (!parsed.ok)
    return text.trimStart().startsWith('{') || text.trimStart().startsWith('[')
      ? { ops: [], errors: [parsed.error] }
      : decodeBlock(text);
  const out: Decoded = { ops: [], errors: [] };
  const body = parsed.value as Record<string, unknown> | null;
  if (Array.isArray(body) || (typeof body === 'object' && body !== null && Object.hasOwn(body, 'op')))
    collect(body, out);
  else if (typeof body !== 'object' || body === null)
    out.errors.push('send {ops: [...]}, {op}, {text} or {toolResult}');
  else if (Object.hasOwn(body, 'ops')) collect(body.ops, out);
  else if (typeof body.text === 'string') {
    const fenced = opsFromText(body.text);
    return fenced.ops.length > 0 || fenced.errors.length > 0 ? fenced : decodeBlock(body.text);
  } else if (Object.hasOwn(body, 'toolResult')) return opsFromToolResult(body.toolResult);
  else out.errors.push('send {ops: [...]}, {op}, {text} or {toolResult}');
  return out;
}
