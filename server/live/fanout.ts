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

interface Hub {
  stream: string;
  readers: Set<StreamReader>;
  stopTail: () => void;
  /** Forget this hub once its last reader stopped (one closure per stream, not per reader). */
  drop: () => void;
}

/**
 * One reader's cursor and state: a class, not a closure per reader (a server holds one per
 * subscriber; issue 43: memory per subscriber), and itself the handle `join` returns.
 */
class StreamReader implements FanoutReader {
  /** Held, not copied: a connection passes itself (its methods live on its prototype). */
  readonly callbacks: FanoutCallbacks;
  readonly hub: Hub;
  cursor: number;
  catchingUp = false;
  /** Entries that arrived while catching up or past a gap (none: no array). */
  buffer: LedgerEntry[] | undefined = undefined;
  stopped = false;

  constructor(callbacks: FanoutCallbacks, hub: Hub, cursor: number) {
    this.callbacks = callbacks;
    this.hub = hub;
    this.cursor = cursor;
  }

  stop(): void {
    this.stopped = true;
    const { hub } = this;
    hub.readers.delete(this);
    if (hub.readers.size === 0) hub.drop();
  }
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
    const existing = hubs.get(stream);
    if (existing !== undefined) return existing;
    const readers = new Set<StreamReader>();
    const stopTail = ledger.tail(stream, startAt, (entry) => {
      for (const reader of readers) offer(stream, reader, entry);
    });
    const hub: Hub = {
      stream,
      readers,
      stopTail,
      drop: () => {
        if (hubs.get(stream) !== hub) return;
        hubs.delete(stream);
        stopTail();
      },
    };
    hubs.set(stream, hub);
    return hub;
  };

  function offer(stream: string, reader: StreamReader, entry: LedgerEntry): void {
    if (reader.stopped || entry.seq <= reader.cursor) return;
    if (reader.catchingUp) {
      const buffer = (reader.buffer ??= []);
      buffer.push(entry);
      if (buffer.length > MAX_BUFFER) reader.buffer = undefined; // re-read from the ledger instead
      return;
    }
    if (entry.seq === reader.cursor + 1) {
      reader.cursor = entry.seq;
      reader.callbacks.onEntry(entry);
      return;
    }
    // A gap: what lies between is in the ledger.
    (reader.buffer ??= []).push(entry);
    void catchUp(stream, reader);
  }

  async function catchUp(stream: string, reader: StreamReader): Promise<void> {
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
    reader.buffer = undefined;
    for (const entry of buffered ?? []) offer(stream, reader, entry);
  }

  return {
    join(stream, fromSeq, callbacks, last) {
      // A new hub tails from the newest entry the caller saw (readers catch up on their own).
      const hub = hubOf(stream, last ?? fromSeq);
      const reader = new StreamReader(callbacks, hub, fromSeq);
      hub.readers.add(reader);
      void catchUp(stream, reader).catch(() => callbacks.onBehind());
      return reader;
    },
    close() {
      for (const hub of hubs.values()) hub.stopTail();
      hubs.clear();
    },
  };
}
