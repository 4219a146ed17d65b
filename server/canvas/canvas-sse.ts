import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/http-io.ts';
import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';
import { endedMessage, isEndedEntry } from '../sessions/revocation.ts';
import { CANVAS_CHANNEL, CanvasHistoryLost, type CanvasStore } from './canvas-store.ts';
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

/** What a client reads when its stream fails on the server. */
const STREAM_FAILED_MESSAGE = 'the canvas stream failed on the server; reconnect with Last-Event-ID';

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
  const budget = options.budgetBytes ?? SSE_BUDGET_BYTES;
  const { ledger, store, keepAlive } = options;
  const perSession = new Map<string, number>();
  let open = 0;
  return async (request, response, url, sessionId) => {
    // SECURITY: every open stream holds a socket, a ledger tail and up to `budget` bytes; both
    // counts are bounded so no client (or token holder) can open them without end.
    const here = perSession.get(sessionId) ?? 0;
    if (here >= (options.maxStreamsPerSession ?? 32))
      return sendJson(response, 429, {
        error:
          `this canvas has ${here} SSE streams open already ` +
          `(limit ${options.maxStreamsPerSession ?? 32}); close one first`,
        code: 'TOO_MANY_STREAMS',
      });
    if (open >= (options.maxStreams ?? 2000))
      return sendJson(response, 503, {
        error:
          `the server holds ${open} SSE streams ` +
          `(limit ${options.maxStreams ?? 2000}); retry later or use the ` +
          `WebSocket live channel`,
        code: 'TOO_MANY_STREAMS',
      });
    perSession.set(sessionId, here + 1);
    open += 1;
    response.once('close', () => {
      open -= 1;
      const left = (perSession.get(sessionId) ?? 1) - 1;
      if (left <= 0) perSession.delete(sessionId);
      else perSession.set(sessionId, left);
    });
    let closed = false;
    let stopTail = () => {};
    /** Bumped by each snapshot: ledger callbacks of an older tail are ignored. */
    let generation = 0;
    let cursor = 0;

    const close = () => {
      if (closed) return;
      closed = true;
      stopTail();
      keepAlive.delete(beat);
    };
    const write = (text: string) => {
      if (closed) return;
      // SECURITY: a client that does not read cannot grow this process's memory: once the bytes it
      // has not taken pass the budget, the stream is closed (it resumes by Last-Event-ID and gets a
      // snapshot if the window passed meanwhile). One event is always written whole, so a snapshot
      // larger than the budget still reaches a client that reads.
      if (response.writableLength > budget) {
        options.log?.({
          event: 'canvas-sse-over-budget',
          sessionId,
          unsentBytes: response.writableLength,
          budgetBytes: budget,
          lastSeq: cursor,
        });
        close();
        response.destroy();
        return;
      }
      response.write(text);
    };
    const beat = () => write(': keep-alive\n\n');
    response.on('close', close);

    const onEntry = (entry: LedgerEntry, at: number) => {
      if (closed || at !== generation || entry.seq <= cursor) return;
      // SECURITY: ending the session ends this stream, said to the client so it does not reconnect.
      if (isEndedEntry(entry)) return end({ code: 'SESSION_ENDED', message: endedMessage(sessionId) });
      if (entry.seq !== cursor + 1) {
        // The window passed this stream between two reads: what it missed is folded into a snapshot.
        void snapshot().catch(fail);
        return;
      }
      cursor = entry.seq;
      if (entry.kind !== 'data') return;
      const body = JSON.parse(entry.payload) as { channel?: unknown; payload?: unknown };
      if (body.channel !== CANVAS_CHANNEL) return;
      write(`id: ${entry.seq}\nevent: op\ndata: ${JSON.stringify(body.payload)}\n\n`);
    };
    const follow = (from: number) => {
      stopTail();
      const at = generation;
      cursor = from;
      const stop = ledger.tail(sessionId, from, (entry) => onEntry(entry, at));
      // The tail may have replayed into a snapshot already (a gap found at once): this one is stale.
      if (closed || at !== generation) stop();
      else stopTail = stop;
    };
    async function snapshot(): Promise<void> {
      const at = ++generation;
      stopTail();
      stopTail = () => {};
      const snap = await store.snapshot(sessionId);
      if (closed || at !== generation) return;
      write(`id: ${snap.seq}\nevent: snapshot\ndata: ${JSON.stringify(snap)}\n\n`);
      follow(snap.seq);
    }
    function fail(error: unknown): void {
      options.log?.({
        event: 'canvas-sse-failed',
        sessionId,
        error: error instanceof Error ? error.message : String(error),
      });
      // A stream that cannot go on says so (the client reconnects and resumes) rather than going quiet.
      const lost = error instanceof CanvasHistoryLost;
      const failed = { code: 'STREAM_FAILED', message: STREAM_FAILED_MESSAGE };
      end(lost ? { code: 'CANVAS_HISTORY_LOST', message: error.message } : failed);
    }
    /** The stream's last event: an `error` with its code, then the end. */
    function end(error: { code: string; message: string }): void {
      write(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
      close();
      response.end();
    }

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
    if (!closed) keepAlive.add(beat);
    try {
      if (servable) follow(resume);
      else await snapshot();
    } catch (error) {
      fail(error);
    }
  };
}

/** The position a client resumes from (Last-Event-ID, else `?fromSeq=`), when it names a valid one. */
function resumeOf(request: IncomingMessage, url: URL): number | undefined {
  const text = request.headers['last-event-id'] ?? url.searchParams.get('fromSeq') ?? '';
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
