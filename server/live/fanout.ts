import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';

/** One reader of a ledger stream through the fan-out. */
export interface FanoutReader {
  /** Stop reading (idempotent). */
  stop(): void;
}

/** What `join` reports besides the entries. */
export interface FanoutCallbacks {
  /** Each entry after the reader's cursor, exactly once, in order. */
  onEntry(entry: LedgerEntry): void;
  /** The ledger trimmed entries this reader had not read yet (a very slow reader): it has stopped. */
  onBehind(): void;
}

interface Reader {
  /** Held, not copied: a connection passes itself (its methods live on its prototype). */
  callbacks: FanoutCallbacks;
  cursor: number;
  catchingUp: boolean;
  buffer: LedgerEntry[];
  stopped: boolean;
}

interface Hub {
  readers: Set<Reader>;
  stopTail: () => void;
}

/** Entries buffered per reader while it catches up; beyond it the buffer is dropped and re-read. */
const MAX_BUFFER = 20_000;

/**
 * One ledger tail per stream per process, shared by every socket reading it: 100 subscribers of a
 * session cost one SQLite poll or one blocking Redis XREAD, not 100. Each reader has its own
 * cursor: it catches up from the ledger (reads of 1,000), then takes the shared tail; an entry
 * that arrives while it catches up is buffered, and a gap (an entry beyond cursor + 1) sends it
 * back to the ledger. So each reader gets every entry after its cursor exactly once, in order,
 * whatever the interleaving of reads and appends.
 */
export function createFanout(ledger: Ledger): {
  join(stream: string, fromSeq: number, callbacks: FanoutCallbacks, last?: number): FanoutReader;
  close(): void;
} {
  const hubs = new Map<string, Hub>();

  const hubOf = (stream: string, startAt: number): Hub => {
    let hub = hubs.get(stream);
    if (hub !== undefined) return hub;
    const readers = new Set<Reader>();
    const stopTail = ledger.tail(stream, startAt, (entry) => {
      for (const reader of readers) offer(stream, reader, entry);
    });
    hubs.set(stream, (hub = { readers, stopTail }));
    return hub;
  };

  function offer(stream: string, reader: Reader, entry: LedgerEntry): void {
    if (reader.stopped || entry.seq <= reader.cursor) return;
    if (reader.catchingUp) {
      reader.buffer.push(entry);
      if (reader.buffer.length > MAX_BUFFER) reader.buffer = []; // re-read from the ledger instead
      return;
    }
    if (entry.seq === reader.cursor + 1) {
      reader.cursor = entry.seq;
      reader.callbacks.onEntry(entry);
      return;
    }
    // A gap: what lies between is in the ledger.
    reader.buffer.push(entry);
    void catchUp(stream, reader);
  }

  async function catchUp(stream: string, reader: Reader): Promise<void> {
    if (reader.catchingUp) return;
    reader.catchingUp = true;
    try {
      for (;;) {
        const read = await ledger.read(stream, reader.cursor, 1000);
        if (reader.stopped) return;
        if (read.truncated) {
          reader.stopped = true;
          return reader.callbacks.onBehind();
        }
        const before = reader.cursor;
        for (const entry of read.entries) {
          if (entry.seq !== reader.cursor + 1) break;
          reader.cursor = entry.seq;
          reader.callbacks.onEntry(entry);
          if (reader.stopped) return;
        }
        if (read.entries.length === 0) break;
        if (reader.cursor === before) {
          // Entries, but not the next one: history this reader needs is gone.
          reader.stopped = true;
          return reader.callbacks.onBehind();
        }
      }
    } finally {
      reader.catchingUp = false;
    }
    const buffered = reader.buffer;
    reader.buffer = [];
    for (const entry of buffered) offer(stream, reader, entry);
  }

  return {
    join(stream, fromSeq, callbacks, last) {
      const reader: Reader = { callbacks, cursor: fromSeq, catchingUp: false, buffer: [], stopped: false };
      // A new hub tails from the newest entry the caller saw (readers catch up on their own).
      const hub = hubOf(stream, last ?? fromSeq);
      hub.readers.add(reader);
      void catchUp(stream, reader).catch(() => callbacks.onBehind());
      return {
        stop() {
          reader.stopped = true;
          hub.readers.delete(reader);
          if (hub.readers.size === 0 && hubs.get(stream) === hub) {
            hubs.delete(stream);
            hub.stopTail();
          }
        },
      };
    },
    close() {
      for (const hub of hubs.values()) hub.stopTail();
      hubs.clear();
    },
  };
}
