import type Database from 'better-sqlite3';
import { checkSession } from './ledger.ts';
import type { Ledger, LedgerEntry, LedgerHead } from './ledger.ts';
import { createTailHub } from './tail-hub.ts';

/** The SQLite ledger's reading side: its methods that read, its tails, and the totals its health reports. */
export interface SqliteReader {
  methods: Pick<Ledger, 'heads' | 'read' | 'last' | 'tail' | 'usage'>;
  tails: ReturnType<typeof createTailHub>;
  totals(): { count: number; bytes: number; largest: number };
}

/**
 * The reads of the SQLite ledger, on the main thread's own read-only connection (a WAL reader
 * never waits for the writer thread): each is one indexed range of one session, bounded by the
 * window. Tails are woken by this process's commits (`tails.wake`) and by one shared watcher for
 * other processes' commits on the same file (`PRAGMA data_version`, then the sessions changed
 * since the last commit it saw, through an index).
 */
export function sqliteReader(
  db: Database.Database,
  options: { window: number; quotaBytes: number; pollMs: number },
): SqliteReader {
  const { window, quotaBytes } = options;
  const head = db.prepare<[string], { last: number }>('SELECT last FROM heads WHERE session = ?');
  const bytesOf = db.prepare<[string], { bytes: number }>('SELECT bytes FROM heads WHERE session = ?');
  const select = db.prepare<[string, number, number], LedgerEntry>(
    'SELECT seq, at, kind, payload FROM entries WHERE session = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const first = db.prepare<[string], { seq: number | null }>('SELECT MIN(seq) AS seq FROM entries WHERE session = ?');
  const states = db.prepare<[string], { name: string } & LedgerHead>(
    'SELECT name, seq, payload FROM state_heads WHERE session = ?',
  );
  const commitNumber = db.prepare<[], { n: number }>('SELECT n FROM commits WHERE id = 1');
  const changedSince = db.prepare<[number], { session: string; last: number; ver: number }>(
    'SELECT session, last, ver FROM heads WHERE ver > ?',
  );
  const sessionTotals = db.prepare<[], { count: number; bytes: number; largest: number }>(
    'SELECT COUNT(*) AS count, COALESCE(SUM(bytes), 0) AS bytes, COALESCE(MAX(bytes), 0) AS largest FROM heads',
  );
  const lastOf = (session: string) => head.get(session)?.last ?? 0;

  let seen = { version: db.pragma('data_version', { simple: true }) as number, commit: commitNumber.get()!.n };
  const tails = createTailHub(
    {
      read: (session, fromSeq, limit) => select.all(session, fromSeq, limit),
      changed() {
        const version = db.pragma('data_version', { simple: true }) as number;
        if (version === seen.version) return [];
        const rows = changedSince.all(seen.commit);
        seen = { version, commit: rows.reduce((n, row) => Math.max(n, row.ver), seen.commit) };
        return rows;
      },
    },
    options.pollMs,
  );

  const methods: SqliteReader['methods'] = {
    async heads(session) {
      checkSession(session);
      return Object.fromEntries(states.all(session).map(({ name, seq, payload }) => [name, { seq, payload }]));
    },
    async read(session, fromSeq, limit = 1_000_000) {
      checkSession(session);
      const entries = select.all(session, fromSeq, Math.min(limit, window));
      const oldest = first.get(session)?.seq ?? lastOf(session) + 1;
      return { entries, truncated: fromSeq + 1 < oldest };
    },
    async last(session) {
      checkSession(session);
      return lastOf(session);
    },
    tail(session, fromSeq, onEntry) {
      checkSession(session);
      return tails.add(session, fromSeq, onEntry);
    },
    async usage(session) {
      checkSession(session);
      return { bytes: bytesOf.get(session)?.bytes ?? 0, quotaBytes };
    },
  };
  return { methods, tails, totals: () => sessionTotals.get()! };
}
