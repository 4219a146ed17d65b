import type { Ledger } from '../ledger/ledger.ts';

/** What the appender needs. */
export interface OrderedAppendsOptions {
  ledger: Ledger;
  stream: string;
  /** Appends waiting for the ledger beyond which `pause` is called; `resume` once a quarter of that is left. */
  maxQueued: number;
  pause(): void;
  resume(): void;
  /** An append the ledger refused: the entry (`kind`) is lost, and whoever waited for it must be told. */
  failed(kind: string, error: unknown): void;
}

/** The runtime's stream, appended in call order. */
export interface OrderedAppends {
  append(kind: string, frame: Record<string, unknown>, head?: string): Promise<unknown>;
  /** Settles once every append made so far has. */
  settled(): Promise<unknown>;
}

/**
 * Appends in call order (the ledger numbers concurrent appends in any order), so the stream keeps
 * the runtime's order; the runtime is paused while too many wait (its stdout is not read faster
 * than it is kept).
 */
export function createOrderedAppends(options: OrderedAppendsOptions): OrderedAppends {
  let appending: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return {
    append(kind, frame, head) {
      queued += 1;
      if (queued > options.maxQueued) options.pause();
      appending = appending
        .then(() => options.ledger.append(options.stream, kind, JSON.stringify(frame), head))
        .catch((error: unknown) => options.failed(kind, error))
        .finally(() => {
          queued -= 1;
          if (queued < options.maxQueued / 4) options.resume();
        });
      return appending;
    },
    settled: () => appending,
  };
}
