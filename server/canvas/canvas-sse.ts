import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/http-io.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { CanvasStore } from './canvas-store.ts';
import { CanvasStream, type CanvasStreamContext } from './canvas-stream.ts';
import { createCanvasStreamSlots } from './canvas-stream-slots.ts';
import type { KeepAlive } from './keep-alive.ts';

/** Options of `createCanvasSse`. */
export interface CanvasSseOptions {
  ledger: Ledger;
  store: CanvasStore;
  /** The server's one keep-alive timer (shared by every stream). */
  keepAlive: KeepAlive;
  /**
   * Bytes a stream may hold written but not yet taken by its client; a stream over it is closed
   * (the client resumes with Last-Event-ID). Default 1 MiB.
   */
  budgetBytes?: number;
  /** Open streams per canvas; one more is answered 429 (default 32). */
  maxStreamsPerSession?: number;
  /** Open streams in this process; one more is answered 503 (default 2,000). */
  maxStreams?: number;
  /** Server log (a stream closed for its budget). */
  log?(event: Record<string, unknown>): void;
}

/** Serves one SSE stream of one canvas (auth and the session's existence are checked before). */
export type CanvasSse = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  sessionId: string,
) => Promise<void>;

/** The default per-stream budget of unsent bytes. */
export const SSE_BUDGET_BYTES = 1 << 20;

/**
 * The seed's SSE transport for one canvas: `snapshot` events (`{seq, ops}`: the compacted canvas;
 * the client replaces its canvas with it) and `op` events (one op, `id: <seq>`), so EventSource's
 * Last-Event-ID resumes. There is never a silent gap: a resume the ledger can serve gets exactly
 * the ops after it; one it cannot — older than the replay window, or beyond the ledger's newest
 * position (another ledger, a forged id) — gets a snapshot and then the ops after the snapshot;
 * and if the window passes a stream while it is open (a burst larger than the window between two
 * reads), the stream sends a fresh snapshot in place of the ops it missed.
 */
export function createCanvasSse(options: CanvasSseOptions): CanvasSse {
  const { ledger } = options;
  const context: CanvasStreamContext = { ...options, budgetBytes: options.budgetBytes ?? SSE_BUDGET_BYTES };
  const slots = createCanvasStreamSlots({
    perSession: options.maxStreamsPerSession ?? 32,
    total: options.maxStreams ?? 2000,
  });
  return async (request, response, url, sessionId) => {
    const refusal = slots.take(response, sessionId);
    if (refusal !== undefined) return sendJson(response, refusal.status, refusal.body);
    const stream = new CanvasStream(context, response, sessionId);
    const resume = resumeOf(request, url);
    // Decided before the headers go out, so a client that saw them knows its resume was judged.
    const servable =
      resume !== undefined &&
      resume <= (await ledger.last(sessionId)) &&
      !(await ledger.read(sessionId, resume, 1)).truncated;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.flushHeaders();
    await stream.start(servable ? resume : undefined);
  };
}

/** The position a client resumes from (Last-Event-ID, else `?fromSeq=`), when it names a valid one. */
function resumeOf(request: IncomingMessage, url: URL): number | undefined {
  const text = request.headers['last-event-id'] ?? url.searchParams.get('fromSeq') ?? '';
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
