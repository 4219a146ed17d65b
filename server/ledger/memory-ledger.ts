import {
  DEFAULT_QUOTA_BYTES,
  DEFAULT_WINDOW,
  LedgerError,
  checkItems,
  checkSession,
  headSizeOf,
  limitOf,
  payloadOf,
  quotaError,
  releaseOf,
  sizeOf,
} from './ledger.ts';
import type { ActionKey, AppendItem, Ledger, LedgerEntry, LedgerHead, LedgerOptions } from './ledger.ts';

interface Stored extends LedgerEntry {
  size: number;
  pin: boolean;
}

interface Session {
  entries: Stored[];
  last: number;
  /** Kept entries and heads, in quota bytes. */
  bytes: number;
  /** Pinned entries through this number are acknowledged. */
  released: number;
  /** Action keys in the order they were recorded (a Set iterates in insertion order), newest `window` kept. */
  actions: Set<string>;
  heads: Map<string, LedgerHead & { size: number }>;
  tails: Set<(entry: LedgerEntry) => void>;
}

/** The in-memory ledger: for tests and single-process development (nothing survives a restart). */
export function createMemoryLedger(options: LedgerOptions = {}): Ledger {
  const window = options.window ?? DEFAULT_WINDOW;
  const quota = options.quotaBytes ?? DEFAULT_QUOTA_BYTES;
  const sessions = new Map<string, Session>();
  let closed = false;
  const sessionOf = (id: string): Session => {
    checkSession(id);
    let session = sessions.get(id);
    if (session === undefined) {
      session = { entries: [], last: 0, bytes: 0, released: 0, actions: new Set(), heads: new Map(), tails: new Set() };
      sessions.set(id, session);
    }
    return session;
  };

  /** The whole multi-append, checked before anything changes: all or nothing. */
  function appendAll(items: readonly AppendItem[], action?: ActionKey): number[] | null {
    if (closed) throw new LedgerError('CLOSED', 'the ledger is closed');
    checkItems(items, action);
    if (action !== undefined && sessionOf(action.session).actions.has(action.key)) return null;
    const plans = planRoom(items, sessionOf, quota);
    for (const [session, trim, released] of plans) {
      for (const gone of session.entries.splice(0, trim)) session.bytes -= gone.size;
      if (released !== undefined) session.released = Math.max(session.released, released);
    }
    const seqs: number[] = [];
    const appended: Array<[Session, LedgerEntry]> = [];
    for (const item of items) {
      const session = sessionOf(item.session);
      const payload = payloadOf(item, seqs);
      const seq = session.last + 1;
      const pin = item.pin === true;
      const entry: Stored = { seq, at: Date.now(), kind: item.kind, payload, size: sizeOf(item), pin };
      session.last = entry.seq;
      session.bytes += entry.size;
      if (item.head !== undefined) {
        const size = headSizeOf(item.head, item.payload);
        session.bytes += size - (session.heads.get(item.head)?.size ?? 0);
        session.heads.set(item.head, { seq: entry.seq, payload, size });
      }
      session.entries.push(entry);
      if (session.entries.length > window)
        for (const gone of session.entries.splice(0, session.entries.length - window)) session.bytes -= gone.size;
      seqs.push(entry.seq);
      appended.push([session, { seq: entry.seq, at: entry.at, kind: entry.kind, payload }]);
    }
    if (action !== undefined) {
      const keys = sessionOf(action.session).actions;
      // SECURITY: the action keys a client can make a session hold are bounded by the window.
      keys.add(action.key);
      if (keys.size > window) keys.delete(keys.values().next().value!);
    }
    for (const [session, entry] of appended) for (const tail of session.tails) tail(entry);
    return seqs;
  }

  return {
    async append(id, kind, payload, head) {
      return appendAll([{ session: id, kind, payload, head }])![0]!;
    },
    async appendAll(items, action) {
      return appendAll(items, action);
    },
    async read(id, fromSeq, limit = Infinity) {
      const session = sessionOf(id);
      const first = session.entries[0]?.seq ?? session.last + 1;
      return {
        entries: session.entries
          .filter((entry) => entry.seq > fromSeq)
          .slice(0, limit)
          .map(({ seq, at, kind, payload }) => ({ seq, at, kind, payload })),
        truncated: fromSeq + 1 < first,
      };
    },
    async heads(id) {
      return Object.fromEntries([...sessionOf(id).heads].map(([name, { seq, payload }]) => [name, { seq, payload }]));
    },
    async last(id) {
      return sessionOf(id).last;
    },
    tail(id, fromSeq, onEntry) {
      const session = sessionOf(id);
      for (const { seq, at, kind, payload } of session.entries) if (seq > fromSeq) onEntry({ seq, at, kind, payload });
      session.tails.add(onEntry);
      return () => session.tails.delete(onEntry);
    },
    async recordAction(id, key) {
      return appendAll([], { session: id, key }) !== null;
    },
    async usage(id) {
      return { bytes: sessionOf(id).bytes, quotaBytes: quota };
    },
    async close() {
      closed = true;
      sessions.clear();
    },
  };
}

/**
 * The room a multi-append needs, planned for every session of the call before anything changes:
 * per session, how many of its oldest entries go and the acknowledgement the call carries.
 */
function planRoom(
  items: readonly AppendItem[],
  sessionOf: (id: string) => Session,
  quota: number,
): Array<[Session, number, number | undefined]> {
  const adding = new Map<string, number>();
  // A head several items of the call replace (a data batch of `replace` envelopes on one channel)
  // frees its stored size once: each later item replaces the one before it in the call.
  const headsNow = new Map<string, Map<string, number>>();
  for (const item of items) {
    const session = sessionOf(item.session);
    let bytes = sizeOf(item);
    if (item.head !== undefined) {
      let now = headsNow.get(item.session);
      if (now === undefined) headsNow.set(item.session, (now = new Map()));
      const before = now.get(item.head) ?? session.heads.get(item.head)?.size ?? 0;
      const headSize = headSizeOf(item.head, item.payload);
      now.set(item.head, headSize);
      bytes += headSize - before;
    }
    adding.set(item.session, (adding.get(item.session) ?? 0) + bytes);
  }
  // SECURITY: a session's kept entries and heads never pass the quota (or the share the call is
  // held to): the oldest entries before the first unacknowledged pin are trimmed to make room,
  // and the plan covers every session of the call before anything changes.
  const plans: Array<[Session, number, number | undefined]> = [];
  for (const [id, bytes] of adding) {
    const session = sessionOf(id);
    const released = Math.max(session.released, releaseOf(items, id) ?? 0);
    const limit = limitOf(items, id, quota);
    let trim = 0;
    let freed = 0;
    while (session.bytes - freed + bytes > limit && trim < session.entries.length) {
      const oldest = session.entries[trim]!;
      if (oldest.pin && oldest.seq > released) break;
      freed += oldest.size;
      trim += 1;
    }
    if (session.bytes - freed + bytes > limit) throw quotaError(id, session.bytes - freed, bytes, quota, limit);
    plans.push([session, trim, releaseOf(items, id)]);
  }
  return plans;
}
