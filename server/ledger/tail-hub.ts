import type { LedgerEntry } from './ledger.ts';

/** What a tail hub reads from its store (synchronous, bounded reads on the caller's thread). */
export interface TailSource {
  /** Entries with `seq > fromSeq`, oldest first, at most `limit`. */
  read(session: string, fromSeq: number, limit: number): LedgerEntry[];
  /**
   * Sessions that other writers (other processes, other ledgers on the file) changed since the last call, with their
   * newest number.
   */
  changed(): Array<{ session: string; last: number }>;
}

interface Tail {
  session: string;
  cursor: number;
  onEntry: (entry: LedgerEntry) => void;
  /** Reading from the store in slices: entries woken meanwhile are read with the next slice. */
  catching: boolean;
  stopped: boolean;
}

/** Entries read per slice of a catch-up; the next slice waits for the next turn of the event loop. */
const SLICE = 1000;

/**
 * The tails of one ledger: woken by the commits of this process (`wake`, no read at all when the
 * entry follows the tail's cursor), and by ONE shared watcher per ledger for commits of other
 * processes. The watcher runs only while a tail exists and asks the store one cheap question per
 * tick (`changed`), so 1,000 tails cost one timer, not 1,000 polls. A tail that sees a gap (an
 * entry beyond cursor + 1, written elsewhere) reads what lies between from the store.
 */
export function createTailHub(
  source: TailSource,
  pollMs: number,
): {
  add(session: string, fromSeq: number, onEntry: (entry: LedgerEntry) => void): () => void;
  wake(session: string, entry: LedgerEntry): void;
  close(): void;
} {
  const bySession = new Map<string, Set<Tail>>();
  let watcher: ReturnType<typeof setInterval> | undefined;

  /**
   * A tail's callback that throws is its own failure: it is reported (uncaught, as a timer's would be) without stopping
   * the other tails or the commit that woke them.
   */
  function deliver(tail: Tail, entry: LedgerEntry): void {
    tail.cursor = entry.seq;
    try {
      tail.onEntry(entry);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function catchUp(tail: Tail): void {
    if (tail.catching || tail.stopped) return;
    const entries = source.read(tail.session, tail.cursor, SLICE);
    for (const entry of entries) {
      if (tail.stopped) return;
      if (entry.seq <= tail.cursor) continue;
      deliver(tail, entry);
    }
    if (entries.length === SLICE) {
      // A long history is read a slice per turn, so one tail never holds the loop for long.
      tail.catching = true;
      setImmediate(() => {
        tail.catching = false;
        catchUp(tail);
      });
    }
  }

  function watch(): void {
    for (const { session, last } of source.changed()) {
      for (const tail of bySession.get(session) ?? []) if (last > tail.cursor) catchUp(tail);
    }
  }

  return {
    add(session, fromSeq, onEntry) {
      const tail: Tail = { session, cursor: fromSeq, onEntry, catching: false, stopped: false };
      let tails = bySession.get(session);
      if (tails === undefined) bySession.set(session, (tails = new Set()));
      tails.add(tail);
      if (watcher === undefined) {
        watcher = setInterval(watch, pollMs);
        watcher.unref();
      }
      catchUp(tail);
      return () => {
        tail.stopped = true;
        const set = bySession.get(session);
        set?.delete(tail);
        if (set?.size === 0) bySession.delete(session);
        if (bySession.size === 0 && watcher !== undefined) {
          clearInterval(watcher);
          watcher = undefined;
        }
      };
    },
    wake(session, entry) {
      for (const tail of bySession.get(session) ?? []) {
        if (tail.stopped || tail.catching || entry.seq <= tail.cursor) continue;
        if (entry.seq === tail.cursor + 1) deliver(tail, entry);
        else catchUp(tail);
      }
    },
    close() {
      for (const tails of bySession.values()) for (const tail of tails) tail.stopped = true;
      bySession.clear();
      if (watcher !== undefined) clearInterval(watcher);
      watcher = undefined;
    },
  };
}
