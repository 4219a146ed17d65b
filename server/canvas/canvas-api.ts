import type { IncomingMessage, ServerResponse } from 'node:http';
import { collect, decodeBlock, parseJson, type Decoded } from '../../adapters/canvas/inputs/decode.ts';
import { opsFromText } from '../../adapters/canvas/inputs/fence.ts';
import { opsFromToolResult } from '../../adapters/canvas/inputs/mcp.ts';
import { verifyToken } from '../auth/tokens.ts';
import { readBody, sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import { checkSession, type Ledger } from '../ledger/ledger.ts';
import { CANVAS_CHANNEL, createCanvasStore, type CanvasStore } from './canvas-store.ts';

/** What the canvas API needs. */
export interface CanvasApiOptions {
  ledger: Ledger;
  secret: string;
  agentToken: string;
  maxBodyBytes: number;
  store?: CanvasStore;
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
 *   then one `op` event per op with `id: <seq>`; EventSource's Last-Event-ID resumes with no gap.
 */
export function canvasRoutes(options: CanvasApiOptions): Route[] {
  const store = options.store ?? createCanvasStore(options.ledger);
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
    if (!session.ok) return `reading a canvas needs the agent token or ?token=<wsToken | sessionToken> (${check.ok ? '' : check.reason})`;
    return session.claims.sessionId === sessionId ? undefined : 'the token is for another session';
  };
  const exists = async (sessionId: string) => (await options.ledger.last(sessionId)) > 0;

  return [
    {
      method: 'POST',
      path: '/api/canvas/*',
      auth: 'agent',
      async handle(request, response, url) {
        const at = target(url);
        if (at === undefined || at.what !== 'ops') return sendJson(response, 404, { error: 'POST /api/canvas/<session>/ops' });
        if (!(await exists(at.sessionId))) return sendJson(response, 404, { error: `no session ${JSON.stringify(at.sessionId)}; create one with POST /api/sessions` });
        const text = await readBody(request, options.maxBodyBytes);
        if (text === undefined) return sendJson(response, 413, { error: `the body is larger than ${options.maxBodyBytes} bytes` });
        const decoded = decodeBody(text);
        if (decoded.errors.length > 0) return sendJson(response, 400, { error: decoded.errors[0], errors: decoded.errors.slice(0, 20) });
        if (decoded.ops.length === 0) return sendJson(response, 400, { error: 'no ops: send {ops: [...]}, {op}, {text} or {toolResult}' });
        const result = await store.append(at.sessionId, decoded.ops);
        if (!result.ok) return sendJson(response, 409, { error: `op ${result.index}: ${result.error}`, index: result.index });
        sendJson(response, 200, { seqs: result.seqs });
      },
    },
    {
      method: 'GET',
      path: '/api/canvas/*',
      async handle(request, response, url, { isAgent }) {
        const at = target(url);
        if (at === undefined || (at.what !== 'state' && at.what !== 'sse')) return sendJson(response, 404, { error: 'GET /api/canvas/<session>/state | sse' });
        const denied = mayRead(isAgent, url, at.sessionId);
        if (denied !== undefined) return sendJson(response, 401, { error: denied });
        if (!(await exists(at.sessionId))) return sendJson(response, 404, { error: `no session ${JSON.stringify(at.sessionId)}` });
        if (at.what === 'state') return sendJson(response, 200, await store.snapshot(at.sessionId));
        await sse(request, response, url, at.sessionId);
      },
    },
  ];

  async function sse(request: IncomingMessage, response: ServerResponse, url: URL, sessionId: string): Promise<void> {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    const resume = Number(request.headers['last-event-id'] ?? url.searchParams.get('fromSeq') ?? NaN);
    let from = Number.isInteger(resume) && resume >= 0 ? resume : -1;
    if (from < 0) {
      const snap = await store.snapshot(sessionId);
      response.write(`id: ${snap.seq}\nevent: snapshot\ndata: ${JSON.stringify(snap)}\n\n`);
      from = snap.seq;
    }
    const stop = options.ledger.tail(sessionId, from, (entry) => {
      if (entry.kind !== 'data') return;
      const body = JSON.parse(entry.payload) as { channel?: unknown; payload?: unknown };
      if (body.channel !== CANVAS_CHANNEL) return;
      response.write(`id: ${entry.seq}\nevent: op\ndata: ${JSON.stringify(body.payload)}\n\n`);
    });
    const beat = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
    request.on('close', () => {
      clearInterval(beat);
      stop();
    });
  }
}

/** A POST body → ops, through the same bounded decoders as every other input (a non-JSON body is TOON). */
function decodeBody(text: string): Decoded {
  const parsed = parseJson(text.trim());
  if (!parsed.ok) return text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? { ops: [], errors: [parsed.error] } : decodeBlock(text);
  const out: Decoded = { ops: [], errors: [] };
  const body = parsed.value as Record<string, unknown> | null;
  if (Array.isArray(body) || (typeof body === 'object' && body !== null && Object.hasOwn(body, 'op'))) collect(body, out);
  else if (typeof body !== 'object' || body === null) out.errors.push('send {ops: [...]}, {op}, {text} or {toolResult}');
  else if (Object.hasOwn(body, 'ops')) collect(body.ops, out);
  else if (typeof body.text === 'string') {
    const fenced = opsFromText(body.text);
    return fenced.ops.length > 0 || fenced.errors.length > 0 ? fenced : decodeBlock(body.text);
  } else if (Object.hasOwn(body, 'toolResult')) return opsFromToolResult(body.toolResult);
  else out.errors.push('send {ops: [...]}, {op}, {text} or {toolResult}');
  return out;
}
