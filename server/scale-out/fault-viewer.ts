import { WebSocket } from 'ws';

/**
 * One page of a fault run: a live-channel socket through the proxy that checks every data frame
 * as it comes (in order, once each) without keeping them, and reconnects through the proxy with
 * its session token from the last frame it saw whenever its socket closes, as a page does.
 */
export interface FaultViewer {
  readonly sessionId: string;
  /** The newest `seq` seen (frames arrive in order: this is the resume point); 1 before any. */
  readonly last: number;
  /** Frames that came again (`seq` at or below the last one seen). */
  readonly duplicated: number;
  /** Frames skipped over (a jump past `last + 1`). */
  readonly skipped: number;
  /** Error frames the server sent, by code. */
  readonly errors: Map<string, number>;
  /** Its first subscribe was acknowledged. */
  readonly acked: boolean;
  /** Sockets it opened (1 + reconnects). */
  readonly connections: number;
  /** When its socket last closed, and when the first data frame after that arrived (ms, `performance.now()`). */
  readonly closedAt: number | undefined;
  readonly resumedAt: number | undefined;
  /** The first arrival of a frame an agent published after `since` (ms), once asked with `watch(since)`. */
  readonly firstAfter: number | undefined;
  /** Start timing frames published after `since` (the agent's `performance.now()` in the payload's `t`, same process). */
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
  const errors = new Map<string, number>();
  let socket: WebSocket;

  const open = () => {
    connections += 1;
    const query = sessionToken === undefined ? '' : `?token=${encodeURIComponent(sessionToken)}`;
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
    socket.on('close', () => {
      if (stopped) return;
      closedAt = performance.now();
      resumedAt = undefined;
      // A page waits a moment before reconnecting (here 100–600 ms, spread so 300 pages do not land at once).
      setTimeout(open, 100 + Math.random() * 500);
    });
  };

  const onFrame = (text: string) => {
    const frame = JSON.parse(text) as { type: string; seq?: number; payload?: Record<string, unknown> };
    if (frame.type === 'ack' || (frame.type === 'system' && frame.payload?.kind === 'credentials')) {
      sessionToken = (frame.payload?.sessionToken as string | undefined) ?? sessionToken;
      acked ||= frame.type === 'ack';
      return;
    }
    if (frame.type === 'error') {
      const code = String(frame.payload?.code);
      errors.set(code, (errors.get(code) ?? 0) + 1);
      return;
    }
    if (frame.type !== 'data' || frame.seq === undefined) return;
    const now = performance.now();
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
