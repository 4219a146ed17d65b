import type { ServerResponse } from 'node:http';
import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';
import { endedMessage, isEndedEntry } from '../sessions/revocation.ts';
import { CANVAS_CHANNEL, CanvasHistoryLost, type CanvasStore } from './canvas-store.ts';
import type { KeepAlive } from './keep-alive.ts';

/** What a client reads when its stream fails on the server. */
const STREAM_FAILED_MESSAGE = 'the canvas stream failed on the server; reconnect with Last-Event-ID';

/** What one canvas stream needs from its server. */
export interface CanvasStreamContext {
  ledger: Ledger;
  store: CanvasStore;
  keepAlive: KeepAlive;
  /** Bytes the stream may hold written but not yet taken by its client. */
  budgetBytes: number;
  log?(event: Record<string, unknown>): void;
}

/**
 * One open SSE stream of one canvas, after its headers: `op` events from a ledger tail, and a
 * `snapshot` in place of whatever the tail cannot serve in order. Its state is the position it has
 * written through (`cursor`) and the tail it follows (`generation` names the current one: ledger
 * callbacks of an older tail are ignored).
 */
export class CanvasStream {
  #closed = false;
  #stopTail: () => void = () => {};
  /** Bumped by each snapshot: ledger callbacks of an older tail are ignored. */
  #generation = 0;
  #cursor = 0;
  readonly #beat = () => this.#write(': keep-alive\n\n');

  readonly context: CanvasStreamContext;
  readonly response: ServerResponse;
  readonly sessionId: string;

  constructor(context: CanvasStreamContext, response: ServerResponse, sessionId: string) {
    this.context = context;
    this.response = response;
    this.sessionId = sessionId;
    response.on('close', () => this.#close());
  }

  /** Whether the stream has ended (its client left, its budget passed, or it said its last event). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Start after the headers: follow the ledger from `resume` when it can serve it, else send a snapshot first. */
  async start(resume: number | undefined): Promise<void> {
    if (!this.#closed) this.context.keepAlive.add(this.#beat);
    try {
      if (resume !== undefined) this.#follow(resume);
      else await this.#snapshot();
    } catch (error) {
      this.#fail(error);
    }
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTail();
    this.context.keepAlive.delete(this.#beat);
  }

  #write(text: string): void {
    if (this.#closed) return;
    // SECURITY: a client that does not read cannot grow this process's memory: once the bytes it
    // has not taken pass the budget, the stream is closed (it resumes by Last-Event-ID and gets a
    // snapshot if the window passed meanwhile). One event is always written whole, so a snapshot
    // larger than the budget still reaches a client that reads.
    if (this.response.writableLength > this.context.budgetBytes) {
      this.context.log?.({
        event: 'canvas-sse-over-budget',
        sessionId: this.sessionId,
        unsentBytes: this.response.writableLength,
        budgetBytes: this.context.budgetBytes,
        lastSeq: this.#cursor,
      });
      this.#close();
      this.response.destroy();
      return;
    }
    this.response.write(text);
  }

  #onEntry(entry: LedgerEntry, at: number): void {
    if (this.#closed || at !== this.#generation || entry.seq <= this.#cursor) return;
    // SECURITY: ending the session ends this stream, said to the client so it does not reconnect.
    if (isEndedEntry(entry)) return this.#end({ code: 'SESSION_ENDED', message: endedMessage(this.sessionId) });
    if (entry.seq !== this.#cursor + 1) {
      // The window passed this stream between two reads: what it missed is folded into a snapshot.
      void this.#snapshot().catch((error: unknown) => this.#fail(error));
      return;
    }
    this.#cursor = entry.seq;
    if (entry.kind !== 'data') return;
    const body = JSON.parse(entry.payload) as { channel?: unknown; payload?: unknown };
    if (body.channel !== CANVAS_CHANNEL) return;
    this.#write(`id: ${entry.seq}\nevent: op\ndata: ${JSON.stringify(body.payload)}\n\n`);
  }

  #follow(from: number): void {
    this.#stopTail();
    const at = this.#generation;
    this.#cursor = from;
    const stop = this.context.ledger.tail(this.sessionId, from, (entry) => this.#onEntry(entry, at));
    // The tail may have replayed into a snapshot already (a gap found at once): this one is stale.
    if (this.#closed || at !== this.#generation) stop();
    else this.#stopTail = stop;
  }

  async #snapshot(): Promise<void> {
    const at = ++this.#generation;
    this.#stopTail();
    this.#stopTail = () => {};
    const snap = await this.context.store.snapshot(this.sessionId);
    if (this.#closed || at !== this.#generation) return;
    this.#write(`id: ${snap.seq}\nevent: snapshot\ndata: ${JSON.stringify(snap)}\n\n`);
    this.#follow(snap.seq);
  }

  #fail(error: unknown): void {
    this.context.log?.({
      event: 'canvas-sse-failed',
      sessionId: this.sessionId,
      error: error instanceof Error ? error.message : String(error),
    });
    // A stream that cannot go on says so (the client reconnects and resumes) rather than going quiet.
    const lost = error instanceof CanvasHistoryLost;
    const failed = { code: 'STREAM_FAILED', message: STREAM_FAILED_MESSAGE };
    this.#end(lost ? { code: 'CANVAS_HISTORY_LOST', message: error.message } : failed);
  }

  /** The stream's last event: an `error` with its code, then the end. */
  #end(error: { code: string; message: string }): void {
    this.#write(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
    this.#close();
    this.response.end();
  }
}
