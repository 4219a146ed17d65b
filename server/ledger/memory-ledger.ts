import { DEFAULT_WINDOW, checkSession, type Ledger, type LedgerEntry, type LedgerHead, type LedgerOptions } from './ledger.ts';

interface Session {
  entries: LedgerEntry[];
  last: number;
  actions: Set<string>;
  heads: Map<string, LedgerHead>;
  tails: Set<(entry: LedgerEntry) => void>;
}

/** The in-memory ledger: for tests and single-process development (nothing survives a restart). */
export function createMemoryLedger(options: LedgerOptions = {}): Ledger {
  const window = options.window ?? DEFAULT_WINDOW;
  const sessions = new Map<string, Session>();
  const sessionOf = (id: string): Session => {
    checkSession(id);
    let session = sessions.get(id);
    if (session === undefined) sessions.set(id, (session = { entries: [], last: 0, actions: new Set(), heads: new Map(), tails: new Set() }));
    return session;
  };
  return {
    async append(id, kind, payload, head) {
      const session = sessionOf(id);
      const entry: LedgerEntry = { seq: session.last + 1, at: Date.now(), kind, payload };
      session.last = entry.seq;
      if (head !== undefined) session.heads.set(head, { seq: entry.seq, payload });
      session.entries.push(entry);
      if (session.entries.length > window) session.entries.splice(0, session.entries.length - window);
      for (const tail of session.tails) tail(entry);
      return entry.seq;
    },
    async read(id, fromSeq, limit = Infinity) {
      const session = sessionOf(id);
      const first = session.entries[0]?.seq ?? session.last + 1;
      return { entries: session.entries.filter((entry) => entry.seq > fromSeq).slice(0, limit), truncated: fromSeq + 1 < first };
    },
    async heads(id) {
      return Object.fromEntries(sessionOf(id).heads);
    },
    async last(id) {
      return sessionOf(id).last;
    },
    tail(id, fromSeq, onEntry) {
      const session = sessionOf(id);
      for (const entry of session.entries) if (entry.seq > fromSeq) onEntry(entry);
      session.tails.add(onEntry);
      return () => session.tails.delete(onEntry);
    },
    async recordAction(id, key) {
      const session = sessionOf(id);
      if (session.actions.has(key)) return false;
      session.actions.add(key);
      return true;
    },
    async close() {
      sessions.clear();
    },
  };
}
