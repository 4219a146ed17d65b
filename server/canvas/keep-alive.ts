/** One timer that beats every open stream (SSE comments), instead of one timer per stream. */
export interface KeepAlive {
  /** Beat `stream` every interval until `delete`. */
  add(stream: () => void): void;
  delete(stream: () => void): void;
  /** Streams being beaten now. */
  readonly size: number;
  /** Stop beating everything (server shutdown). */
  close(): void;
}

/**
 * A shared keep-alive: one `setInterval` for all of a server's SSE streams, running only while at
 * least one stream is open and never keeping the process alive by itself (`unref`). A thousand
 * idle streams cost one timer, not a thousand.
 */
export function createKeepAlive(intervalMs: number): KeepAlive {
  const streams = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    add(stream) {
      streams.add(stream);
      if (timer !== undefined) return;
      timer = setInterval(() => {
        // A copy: a beat may close its stream (over budget), which deletes it from the set.
        for (const beat of [...streams]) beat();
      }, intervalMs);
      timer.unref();
    },
    delete(stream) {
      streams.delete(stream);
      if (streams.size === 0) stop();
    },
    get size() {
      return streams.size;
    },
    close() {
      streams.clear();
      stop();
    },
  };
}
