import { WebSocket } from 'ws';
import { backoffDelay } from '../../shared/backoff.ts';

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

/** Open a viewer of `sessionId` through `base` with the page token `wsToken`; `onData` sees each data frame's text as it arrives (a benchmark's latency). */
export function startFaultViewer(
  base: string,
  sessionId: string,
  wsToken: string,
  onData?: (text: string, at: number) => void,
): FaultViewer {
  // Seq 1 is the session's `created` entry (bookkeeping, never a frame): data starts at 2.
  let last = 1;
  let duplicated = 0;
  let skipped = 0;
  let connections = 0;
  let closedAt: number | undefined;
  let resumedAt: number | undefined;
  let since: number | undefined;
  let firstAfter: number | undefined;
  let sessionToken: string | undefined;
  let stopped = false;
  let acked = false;
  // Closes in a row without a data frame between them: the reconnect delay grows with them.
  let failures = 0;
  const errors = new Map<string, number>();
  let socket: WebSocket;

  const open = () => {
    connections += 1;
    // The credential rides on the upgrade, as adapters/live/live-client.ts sends it: the socket is
    // authenticated from its first moment. With the wsToken in the subscribe frame only, every new
    // socket waited in the unauthenticated pool, which behind a proxy is one address's 32 places:
    // a thousand pages subscribing at once closed each other's sockets (TOO_MANY_CONNECTIONS).
    const query =
      sessionToken === undefined
        ? `?wsToken=${encodeURIComponent(wsToken)}`
        : `?token=${encodeURIComponent(sessionToken)}`;
    socket = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`);
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'subscribe',
          payload: sessionToken === undefined ? { sessionId, wsToken } : { sessionId, fromSeq: last },
        }),
      ),
    );
    socket.on('message', (data) => onFrame(data.toString()));
    socket.on('error', () => undefined);
    // An upgrade refused (the proxy's 502/503, suip's 429) and a close with no error frame are counted
    // with the errors: a socket never closes without saying why.
    socket.on('unexpected-response', (_request, response) => {
      count(`HTTP ${response.statusCode}`);
      socket.terminate();
    });
    socket.on('close', (code) => {
      if (stopped) return;
      count(`close ${code}`);
      closedAt = clock();
      resumedAt = undefined;
      failures += 1;
      // As a page does (adapters/live/live-client.ts): exponential backoff with jitter, so a
      // thousand pages cut at once do not land at once, and a page refused again waits longer.
      setTimeout(open, backoffDelay(failures, { baseMs: 200, maxMs: 5000 }));
    });
  };

  const count = (code: string) => errors.set(code, (errors.get(code) ?? 0) + 1);
  const onFrame = (text: string) => {
    const frame = JSON.parse(text) as { type: string; seq?: number; payload?: Record<string, unknown> };
    if (frame.type === 'ack' || (frame.type === 'system' && frame.payload?.kind === 'credentials')) {
      sessionToken = (frame.payload?.sessionToken as string | undefined) ?? sessionToken;
      acked ||= frame.type === 'ack';
      return;
    }
    if (frame.type === 'error') {
      count(String(frame.payload?.code));
      return;
    }
    if (frame.type !== 'data' || frame.seq === undefined) return;
    const now = clock();
    failures = 0;
    onData?.(text, now);
    if (closedAt !== undefined && resumedAt === undefined) resumedAt = now;
    if (since !== undefined && firstAfter === undefined && Number(/"t":(\d+(?:\.\d+)?)/.exec(text)?.[1]) > since)
      firstAfter = now;
    if (frame.seq <= last) duplicated += 1;
    else {
      if (frame.seq > last + 1) skipped += frame.seq - last - 1;
      last = frame.seq;
    }
  };

  open();
  return {
    sessionId,
    get last() {
      return last;
    },
    get duplicated() {
      return duplicated;
    },
    get skipped() {
      return skipped;
    },
    errors,
    get acked() {
      return acked;
    },
    get connections() {
      return connections;
    },
    get closedAt() {
      return closedAt;
    },
    get resumedAt() {
      return resumedAt;
    },
    get firstAfter() {
      return firstAfter;
    },
    watch(at) {
      since = at;
      firstAfter = undefined;
    },
    close() {
      stopped = true;
      socket.close();
    },
  };
}
