import { WebSocket } from 'ws';
import { backoffDelay } from '../../shared/backoff.ts';
import { FrameTally } from './frame-tally.ts';

/**
 * Milliseconds on one clock for every process of a run (the epoch, with `performance.now()`'s
 * resolution): an agent in one process stamps a frame, a viewer in another reads the stamp.
 */
export const clock = (): number => performance.timeOrigin + performance.now();

/** What a viewer knows, as plain data (what a viewer process reports to the run). */
export interface FaultViewerState {
  readonly sessionId: string;
  /** The newest `seq` seen (frames arrive in order: this is the resume point); 1 before any. */
  readonly last: number;
  /** Frames that came again (`seq` at or below the last one seen). */
  readonly duplicated: number;
  /** Frames skipped over (a jump past `last + 1`). */
  readonly skipped: number;
  /** Its first subscribe was acknowledged. */
  readonly acked: boolean;
  /** Sockets it opened (1 + reconnects). */
  readonly connections: number;
  /** When its socket last closed, and when the first data frame after that arrived (`clock()`). */
  readonly closedAt: number | undefined;
  readonly resumedAt: number | undefined;
  /** The first arrival of a frame an agent published after `since` (`clock()`), once asked with `watch(since)`. */
  readonly firstAfter: number | undefined;
}

/**
 * One page of a fault run: a live-channel socket through the proxy that checks every data frame
 * as it comes (in order, once each) without keeping them, and reconnects through the proxy with
 * its session token from the last frame it saw whenever its socket closes, as a page does.
 */
export interface FaultViewer extends FaultViewerState {
  /** Error frames the server sent by code, upgrades refused (`HTTP <status>`) and closes (`close <code>`). */
  readonly errors: Map<string, number>;
  /** Start timing frames published after `since` (the agent's `clock()` in the payload's `t`). */
  watch(since: number): void;
  close(): void;
}

/**
 * Open a viewer of `sessionId` through `base` with the page token `wsToken`; `onData` sees each
 * data frame's text as it arrives (a benchmark's latency).
 */
export function startFaultViewer(
  base: string,
  sessionId: string,
  wsToken: string,
  onData?: (text: string, at: number) => void,
): FaultViewer {
  return new FaultViewerSocket(base, sessionId, wsToken, onData);
}

/** One viewer's socket and its reconnects; what it has seen is kept by its `FrameTally`. */
class FaultViewerSocket implements FaultViewer {
  readonly sessionId: string;
  readonly errors = new Map<string, number>();
  #acked = false;
  #connections = 0;
  readonly #tally = new FrameTally();
  readonly #base: string;
  readonly #wsToken: string;
  readonly #onData: ((text: string, at: number) => void) | undefined;
  #sessionToken: string | undefined;
  #stopped = false;
  // Closes in a row without a data frame between them: the reconnect delay grows with them.
  #failures = 0;
  #socket: WebSocket;

  constructor(base: string, sessionId: string, wsToken: string, onData?: (text: string, at: number) => void) {
    this.sessionId = sessionId;
    this.#base = base;
    this.#wsToken = wsToken;
    this.#onData = onData;
    this.#socket = this.#open();
  }

  get acked(): boolean {
    return this.#acked;
  }
  get connections(): number {
    return this.#connections;
  }
  get last(): number {
    return this.#tally.last;
  }
  get duplicated(): number {
    return this.#tally.duplicated;
  }
  get skipped(): number {
    return this.#tally.skipped;
  }
  get closedAt(): number | undefined {
    return this.#tally.closedAt;
  }
  get resumedAt(): number | undefined {
    return this.#tally.resumedAt;
  }
  get firstAfter(): number | undefined {
    return this.#tally.firstAfter;
  }

  watch(since: number): void {
    this.#tally.watch(since);
  }

  close(): void {
    this.#stopped = true;
    this.#socket.close();
  }

  #open(): WebSocket {
    this.#connections += 1;
    // The credential rides on the upgrade, as adapters/live/live-client.ts sends it: the socket is
    // authenticated from its first moment. With the wsToken in the subscribe frame only, every new
    // socket waited in the unauthenticated pool, which behind a proxy is one address's 32 places:
    // a thousand pages subscribing at once closed each other's sockets (TOO_MANY_CONNECTIONS).
    const sessionToken = this.#sessionToken;
    const query =
      sessionToken === undefined
        ? `?wsToken=${encodeURIComponent(this.#wsToken)}`
        : `?token=${encodeURIComponent(sessionToken)}`;
    const socket = new WebSocket(`${this.#base.replace('http', 'ws')}/ws${query}`);
    socket.on('open', () => {
      // Read when the socket opens: the first socket subscribes with the page token, a reconnect resumes.
      const { sessionId } = this;
      const payload =
        this.#sessionToken === undefined ? { sessionId, wsToken: this.#wsToken } : { sessionId, fromSeq: this.last };
      socket.send(JSON.stringify({ type: 'subscribe', payload }));
    });
    socket.on('message', (data) => this.#onFrame(data.toString()));
    socket.on('error', () => undefined);
    // An upgrade refused (the proxy's 502/503, suip's 429) and a close with no error frame are counted
    // with the errors: a socket never closes without saying why.
    socket.on('unexpected-response', (_request, response) => {
      this.#count(`HTTP ${response.statusCode}`);
      socket.terminate();
    });
    socket.on('close', (code) => {
      if (this.#stopped) return;
      this.#count(`close ${code}`);
      this.#tally.closed(clock());
      this.#failures += 1;
      // As a page does (adapters/live/live-client.ts): exponential backoff with jitter, so a
      // thousand pages cut at once do not land at once, and a page refused again waits longer.
      setTimeout(() => (this.#socket = this.#open()), backoffDelay(this.#failures, { baseMs: 200, maxMs: 5000 }));
    });
    return socket;
  }

  #count(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  #onFrame(text: string): void {
    const frame = JSON.parse(text) as { type: string; seq?: number; payload?: Record<string, unknown> };
    if (frame.type === 'ack' || (frame.type === 'system' && frame.payload?.kind === 'credentials')) {
      this.#sessionToken = (frame.payload?.sessionToken as string | undefined) ?? this.#sessionToken;
      this.#acked ||= frame.type === 'ack';
      return;
    }
    if (frame.type === 'error') {
      this.#count(String(frame.payload?.code));
      return;
    }
    if (frame.type !== 'data' || frame.seq === undefined) return;
    const now = clock();
    this.#failures = 0;
    this.#onData?.(text, now);
    this.#tally.data(frame.seq, text, now);
  }
}
