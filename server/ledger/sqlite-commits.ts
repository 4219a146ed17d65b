import Database from 'better-sqlite3';
import { LedgerError, headSizeOf, limitOf, payloadOf, quotaError, releaseOf, sizeOf } from './ledger.ts';
import type { AppendItem } from './ledger.ts';
import type { JobResult, WriteJob, WriterConfig } from './sqlite-jobs.ts';

/** The one write connection of a process and what it does with a batch of jobs. */
export interface Commits {
  /**
   * Every job of `jobs` in one transaction (group commit), durable when this returns (WAL,
   * synchronous=FULL): one result per job, in order. A refused job (quota, a resent action) rolls
   * back its own savepoint, not the batch; a batch that cannot commit answers STORE_FAILED for
   * each job, or throws `SQLITE_BUSY` when `busyTimeoutMs` passed with another process's
   * transaction open (nothing was written: the caller may try again).
   */
  commit(jobs: WriteJob[]): JobResult[];
  close(): void;
}

interface HeadRow {
  last: number;
  bytes: number;
  actions: number;
  /** Pinned entries through this number are acknowledged. */
  released: number;
}

/** The write connection's statements, prepared once. */
function prepare(db: Database.Database) {
  const headRow = db.prepare<[string], HeadRow>('SELECT last, bytes, actions, released FROM heads WHERE session = ?');
  const setHeadRow = db.prepare(
    'INSERT INTO heads (session, last, bytes, actions, ver, released) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT(session) DO UPDATE SET last = excluded.last, bytes = excluded.bytes, actions = excluded.actions, ' +
      'ver = excluded.ver, released = excluded.released',
  );
  const insert = db.prepare(
    'INSERT INTO entries (session, seq, at, kind, payload, size, pin) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  type FirstPin = { seq: number | null };
  const firstPin = db.prepare<[string, number], FirstPin>(
    'SELECT MIN(seq) AS seq FROM entries WHERE session = ? AND pin = 1 AND seq > ?',
  );
  type Sized = { seq: number; size: number };
  const oldest = db.prepare<[string, number], Sized>(
    'SELECT seq, size FROM entries WHERE session = ? AND seq < ? ORDER BY seq',
  );
  const trimmed = db.prepare<[string, number], { bytes: number }>(
    'SELECT COALESCE(SUM(size), 0) AS bytes FROM entries WHERE session = ? AND seq <= ?',
  );
  const trim = db.prepare('DELETE FROM entries WHERE session = ? AND seq <= ?');
  const stateSize = db.prepare<[string, string], { size: number }>(
    'SELECT size FROM state_heads WHERE session = ? AND name = ?',
  );
  const setState = db.prepare(
    'INSERT INTO state_heads (session, name, seq, payload, size) VALUES (?, ?, ?, ?, ?) ON ' +
      'CONFLICT(session, name) DO UPDATE SET seq = excluded.seq, payload = excluded.payload, size = ' +
      'excluded.size',
  );
  const hasAction = db.prepare<[string, string], { n: number }>(
    'SELECT n FROM action_keys WHERE session = ? AND key = ?',
  );
  const addAction = db.prepare('INSERT INTO action_keys (session, key, n) VALUES (?, ?, ?)');
  const trimActions = db.prepare('DELETE FROM action_keys WHERE session = ? AND n <= ?');
  const bump = db.prepare<[], { n: number }>('UPDATE commits SET n = n + 1 WHERE id = 1 RETURNING n');
  return {
    headRow,
    setHeadRow,
    insert,
    firstPin,
    oldest,
    trimmed,
    trim,
    stateSize,
    setState,
    hasAction,
    addAction,
    trimActions,
    bump,
  };
}
type Statements = ReturnType<typeof prepare>;

/** Trims a session's oldest entries, never a pin not yet released nor what follows it, until `need` bytes are freed. */
function makeRoom(s: Statements, session: string, row: HeadRow, need: number): void {
  const floor = s.firstPin.get(session, row.released)?.seq ?? Number.MAX_SAFE_INTEGER;
  let freed = 0;
  let through = 0;
  for (const entry of s.oldest.iterate(session, floor)) {
    freed += entry.size;
    through = entry.seq;
    if (freed >= need) break;
  }
  if (through === 0) return;
  s.trim.run(session, through);
  row.bytes -= freed;
}

/** Inserts one item as the session's next entry (its state head too), trimming past the window; its number. */
function appendOne(
  s: Statements,
  window: number,
  row: HeadRow,
  item: AppendItem,
  seqs: readonly number[],
  at: number,
): number {
  const seq = row.last + 1;
  const payload = payloadOf(item, seqs);
  const size = sizeOf(item);
  s.insert.run(item.session, seq, at, item.kind, payload, size, item.pin === true ? 1 : 0);
  row.last = seq;
  row.bytes += size;
  if (item.head !== undefined) {
    const headSize = headSizeOf(item.head, item.payload);
    row.bytes += headSize - (s.stateSize.get(item.session, item.head)?.size ?? 0);
    s.setState.run(item.session, item.head, seq, payload, headSize);
  }
  if (seq > window) {
    row.bytes -= s.trimmed.get(item.session, seq - window)!.bytes;
    s.trim.run(item.session, seq - window);
  }
  return seq;
}

/** Opens the write connection: the writer thread's (`sqlite-writer.ts`), or the event loop's (`sqlite-ledger.ts`). */
export function openCommits(config: Omit<WriterConfig, 'generation'>, busyTimeoutMs: number): Commits {
  const db = new Database(config.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const s = prepare(db);
  const rowOf = (rows: Map<string, HeadRow>, session: string): HeadRow => {
    let row = rows.get(session);
    if (row === undefined) {
      row = { ...(s.headRow.get(session) ?? { last: 0, bytes: 0, actions: 0, released: 0 }) };
      rows.set(session, row);
    }
    return row;
  };

  /** One job inside the batch's transaction (a savepoint: a refusal undoes only this job). */
  const runJob = db.transaction((job: WriteJob, ver: number): JobResult => {
    const { items, action } = job;
    if (action !== undefined && s.hasAction.get(action.session, action.key) !== undefined)
      return { id: job.id, duplicate: true };
    const rows = new Map<string, HeadRow>();
    // SECURITY: a session's kept entries and heads never pass the quota; every session of the job is checked before
    // anything is written (all or nothing).
    const adding = new Map<string, number>();
    // A head the job replaces several times is counted against its size as the job leaves it so far, not the stored
    // one each time (that planned the stored head as freed once per item, and trimmed nothing: found in review).
    const headSizes = new Map<string, number>();
    for (const item of items) {
      let head = 0;
      if (item.head !== undefined) {
        const key = `${item.session}\u0000${item.head}`;
        const size = headSizeOf(item.head, item.payload);
        head = size - (headSizes.get(key) ?? s.stateSize.get(item.session, item.head)?.size ?? 0);
        headSizes.set(key, size);
      }
      adding.set(item.session, (adding.get(item.session) ?? 0) + sizeOf(item) + head);
    }
    for (const [session, bytes] of adding) {
      const row = rowOf(rows, session);
      row.released = Math.max(row.released, releaseOf(items, session) ?? 0);
      const limit = limitOf(items, session, config.quotaBytes);
      // Room is made by trimming the oldest entries before the first unacknowledged pin; a refusal
      // below rolls the trim back with the job.
      if (row.bytes + bytes > limit) makeRoom(s, session, row, row.bytes + bytes - limit);
      if (row.bytes + bytes > limit) throw quotaError(session, row.bytes, bytes, config.quotaBytes, limit);
    }
    const seqs: number[] = [];
    for (const item of items) seqs.push(appendOne(s, config.window, rowOf(rows, item.session), item, seqs, job.at));
    if (action !== undefined) {
      const row = rowOf(rows, action.session);
      row.actions += 1;
      s.addAction.run(action.session, action.key, row.actions);
      // SECURITY: the action keys a client can make a session hold are bounded by the window.
      if (row.actions > config.window) s.trimActions.run(action.session, row.actions - config.window);
    }
    for (const [session, row] of rows) s.setHeadRow.run(session, row.last, row.bytes, row.actions, ver, row.released);
    return { id: job.id, seqs };
  });

  /**
   * Every job received since the last commit, in one transaction; BEGIN IMMEDIATE so two processes
   * never deadlock on the upgrade.
   */
  const runBatch = db.transaction((jobs: WriteJob[]): JobResult[] => {
    const ver = s.bump.get()!.n;
    return jobs.map((job) => {
      try {
        return runJob(job, ver);
      } catch (error) {
        if (error instanceof LedgerError)
          return {
            id: job.id,
            error: {
              code: error.code,
              message: error.message,
              ...(error.session === undefined ? {} : { session: error.session }),
            },
          };
        throw error;
      }
    });
  });

  return {
    commit(jobs) {
      try {
        return runBatch.immediate(jobs);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') throw error;
        return storeFailed(jobs, error);
      }
    },
    close: () => db.close(),
  };
}

/** The answer to jobs whose transaction rolled back: none of them was kept, and each caller is told. */
export function storeFailed(jobs: readonly WriteJob[], error: unknown): JobResult[] {
  const message =
    `the ledger could not commit (${error instanceof Error ? error.message : String(error)}); nothing of ` +
    `this append was recorded, retry it`;
  return jobs.map((job) => ({ id: job.id, error: { code: 'STORE_FAILED' as const, message } }));
}
