/** Options of `createOrderBuffer`. */
export interface OrderBufferOptions<T> {
  /** Called with each item in `seq` order, exactly once. */
  deliver(seq: number, item: T): void;
  /** At most this many items wait for a gap to fill (default 256); past it the gap is skipped. */
  maxPending?: number;
  /** A gap older than this (ms, default 2000) is skipped; the skip is reported. */
  gapMs?: number;
  /** A skipped gap or a duplicate/stale item, for the devtools. */
  onWarning?(message: string): void;
  /** Timer functions (tests pass fakes). */
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** Per-run ordering of `agent.event`s by their `seq`. */
export interface OrderBuffer<T> {
  push(seq: number, item: T): void;
  /** The next seq expected. */
  readonly next: number;
  /** Items waiting for an earlier seq. */
  readonly waiting: number;
  /** Deliver what waits, in order, skipping the gaps (the run ended). */
  flush(): void;
  dispose(): void;
}

/**
 * The seed numbers a run's events `0..N`; a relay (the bridge, a reconnect) may deliver them out
 * of order. Items are delivered in `seq` order from 0; an early item waits for the gap before it.
 * A gap that does not fill within `gapMs`, or more than `maxPending` waiting items, is skipped with
 * a warning, so one lost event never stalls the transcript. Items below `next` (duplicates from a
 * replay) are dropped.
 */
export function createOrderBuffer<T>(options: OrderBufferOptions<T>): OrderBuffer<T> {
  const maxPending = options.maxPending ?? 256;
  const gapMs = options.gapMs ?? 2000;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const pending = new Map<number, T>();
  let next = 0;
  let timer: unknown;

  const drain = () => {
    while (pending.has(next)) {
      const item = pending.get(next) as T;
      pending.delete(next);
      options.deliver(next, item);
      next += 1;
    }
    if (timer !== undefined && pending.size === 0) {
      clearTimer(timer);
      timer = undefined;
    }
  };
  const skipGap = () => {
    if (pending.size === 0) return;
    const lowest = Math.min(...pending.keys());
    options.onWarning?.(`events ${next}..${lowest - 1} never arrived; skipped`);
    next = lowest;
    drain();
  };
  const arm = () => {
    if (timer !== undefined || pending.size === 0) return;
    timer = setTimer(() => {
      timer = undefined;
      skipGap();
      arm();
    }, gapMs);
  };

  return {
    push(seq, item) {
      if (!Number.isSafeInteger(seq) || seq < next || pending.has(seq)) {
        options.onWarning?.(`event seq ${seq} is a duplicate or arrived after its turn; dropped`);
        return;
      }
      pending.set(seq, item);
      drain();
      while (pending.size > maxPending) skipGap();
      arm();
    },
    get next() {
      return next;
    },
    get waiting() {
      return pending.size;
    },
    flush() {
      while (pending.size > 0) skipGap();
    },
    dispose() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
