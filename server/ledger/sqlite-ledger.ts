import Database from 'better-sqlite3';
import { DEFAULT_WINDOW, checkSession, type Ledger, type LedgerEntry, type LedgerHead, type LedgerOptions } from './ledger.ts';

/**
 * The embedded ledger (the server's default): one SQLite file in WAL mode. An append is one
 * transaction that takes the session's next number, so numbers are gap-free and survive a kill -9
 * once `append` resolved (WAL + synchronous=FULL). Tails poll the file, so several processes on
 * one machine can share it.
 */
export function createSqliteLedger(file: string, options: LedgerOptions & { pollMs?: number } = {}): Ledger {
  const window = options.window ?? DEFAULT_WINDOW;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS entries (session TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (session, seq)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS heads (session TEXT PRIMARY KEY, last INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS state_heads (session TEXT NOT NULL, name TEXT NOT NULL, seq INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (session, name)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS action_keys (session TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (session, key)) WITHOUT ROWID;`);
  const head = db.prepare<[string], { last: number }>('SELECT last FROM heads WHERE session = ?');
  const setHead = db.prepare('INSERT INTO heads (session, last) VALUES (?, ?) ON CONFLICT(session) DO UPDATE SET last = excluded.last');
  const insert = db.prepare('INSERT INTO entries (session, seq, at, kind, payload) VALUES (?, ?, ?, ?, ?)');
  const trim = db.prepare('DELETE FROM entries WHERE session = ? AND seq <= ?');
  const select = db.prepare<[string, number, number], LedgerEntry>('SELECT seq, at, kind, payload FROM entries WHERE session = ? AND seq > ? ORDER BY seq LIMIT ?');
  const first = db.prepare<[string], { seq: number | null }>('SELECT MIN(seq) AS seq FROM entries WHERE session = ?');
  const action = db.prepare('INSERT OR IGNORE INTO action_keys (session, key) VALUES (?, ?)');
  const setState = db.prepare('INSERT INTO state_heads (session, name, seq, payload) VALUES (?, ?, ?, ?) ON CONFLICT(session, name) DO UPDATE SET seq = excluded.seq, payload = excluded.payload');
  const states = db.prepare<[string], { name: string } & LedgerHead>('SELECT name, seq, payload FROM state_heads WHERE session = ?');
  const appendTx = db.transaction((session: string, kind: string, payload: string, name: string | undefined): number => {
    const seq = (head.get(session)?.last ?? 0) + 1;
    insert.run(session, seq, Date.now(), kind, payload);
    setHead.run(session, seq);
    if (name !== undefined) setState.run(session, name, seq, payload);
    if (seq > window) trim.run(session, seq - window);
    return seq;
  });
  const tails = new Set<() => void>();
  let closed = false;
  const readSync = (session: string, fromSeq: number, limit: number) => {
    const entries = select.all(session, fromSeq, Math.min(limit, 1_000_000));
    const oldest = first.get(session)?.seq ?? (head.get(session)?.last ?? 0) + 1;
    return { entries, truncated: fromSeq + 1 < oldest };
  };
  return {
    async append(session, kind, payload, name) {
      checkSession(session);
      return appendTx(session, kind, payload, name);
    },
    async heads(session) {
      checkSession(session);
      return Object.fromEntries(states.all(session).map(({ name, seq, payload }) => [name, { seq, payload }]));
    },
    async read(session, fromSeq, limit = 1_000_000) {
      checkSession(session);
      return readSync(session, fromSeq, limit);
    },
    async last(session) {
      checkSession(session);
      return head.get(session)?.last ?? 0;
    },
    tail(session, fromSeq, onEntry) {
      checkSession(session);
      let cursor = fromSeq;
      const poll = () => {
        if (closed) return;
        for (const entry of readSync(session, cursor, 1000).entries) {
          cursor = entry.seq;
          onEntry(entry);
        }
      };
      poll();
      const timer = setInterval(poll, options.pollMs ?? 20);
      const stop = () => {
        clearInterval(timer);
        tails.delete(stop);
      };
      tails.add(stop);
      return stop;
    },
    async recordAction(session, key) {
      checkSession(session);
      return action.run(session, key).changes === 1;
    },
    async close() {
      closed = true;
      for (const stop of [...tails]) stop();
      db.close();
    },
  };
}
