import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { LedgerError, headSizeOf, limitOf, payloadOf, quotaError, releaseOf, sizeOf } from './ledger.ts';
import type { AppendItem } from './ledger.ts';
import type { FromWriter, JobResult, ToWriter, WriteJob, WriterConfig } from './sqlite-jobs.ts';

/**
 * The SQLite ledger's writer thread: it owns the only write connection of its process, so the
 * fsync that makes an append durable (WAL, synchronous=FULL) never runs on the server's event
 * loop. Group commit: jobs that arrive while a transaction commits wait in the port and all go
 * into the next transaction, so under load one fsync covers hundreds of appends, and each job is
 * answered only after the transaction holding it is durable ("nothing acknowledged is lost on
 * kill -9"). A job refused (quota, a resent action) rolls back its own savepoint, not its batch.
 */
const config = workerData as WriterConfig;
const port = parentPort!;
const db = new Database(config.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
// Another process holding the write lock makes this thread wait, never the event loop.
db.pragma('busy_timeout = 10000');

interface HeadRow {
  last: number;
  bytes: number;
  actions: number;
  /** Pinned entries through this number are acknowledged. */
  released: number;
}
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

const rowOf = (rows: Map<string, HeadRow>, session: string): HeadRow => {
  let row = rows.get(session);
  if (row === undefined) {
    row = { ...(headRow.get(session) ?? { last: 0, bytes: 0, actions: 0, released: 0 }) };
    rows.set(session, row);
  }
  return row;
};

/** One job inside the batch's transaction (a savepoint: a refusal undoes only this job). */
const runJob = db.transaction((job: WriteJob, ver: number): JobResult => {
  const { items, action } = job;
  if (action !== undefined && hasAction.get(action.session, action.key) !== undefined)
    return { id: job.id, duplicate: true };
  const rows = new Map<string, HeadRow>();
  // SECURITY: a session's kept entries and heads never pass the quota; every session of the job is checked before
  // anything is written (all or nothing).
  const adding = new Map<string, number>();
  for (const item of items) {
    const head =
      item.head === undefined
        ? 0
        : headSizeOf(item.head, item.payload) - (stateSize.get(item.session, item.head)?.size ?? 0);
    adding.set(item.session, (adding.get(item.session) ?? 0) + sizeOf(item) + head);
  }
  for (const [session, bytes] of adding) {
    const row = rowOf(rows, session);
    row.released = Math.max(row.released, releaseOf(items, session) ?? 0);
    const limit = limitOf(items, session, config.quotaBytes);
    // Room is made by trimming the oldest entries before the first unacknowledged pin; a refusal
    // below rolls the trim back with the job.
    if (row.bytes + bytes > limit) makeRoom(session, row, row.bytes + bytes - limit);
    if (row.bytes + bytes > limit) throw quotaError(session, row.bytes, bytes, config.quotaBytes, limit);
  }
  const seqs: number[] = [];
  for (const item of items) seqs.push(appendOne(rowOf(rows, item.session), item, seqs, job.at));
  if (action !== undefined) {
    const row = rowOf(rows, action.session);
    row.actions += 1;
    addAction.run(action.session, action.key, row.actions);
    // SECURITY: the action keys a client can make a session hold are bounded by the window.
    if (row.actions > config.window) trimActions.run(action.session, row.actions - config.window);
  }
  for (const [session, row] of rows) setHeadRow.run(session, row.last, row.bytes, row.actions, ver, row.released);
  return { id: job.id, seqs };
});

/** Trims a session's oldest entries, never a pin not yet released nor what follows it, until `need` bytes are freed. */
function makeRoom(session: string, row: HeadRow, need: number): void {
  const floor = firstPin.get(session, row.released)?.seq ?? Number.MAX_SAFE_INTEGER;
  let freed = 0;
  let through = 0;
  for (const entry of oldest.iterate(session, floor)) {
    freed += entry.size;
    through = entry.seq;
    if (freed >= need) break;
  }
  if (through === 0) return;
  trim.run(session, through);
  row.bytes -= freed;
}

function appendOne(row: HeadRow, item: AppendItem, seqs: readonly number[], at: number): number {
  const seq = row.last + 1;
  const payload = payloadOf(item, seqs);
  const size = sizeOf(item);
  insert.run(item.session, seq, at, item.kind, payload, size, item.pin === true ? 1 : 0);
  row.last = seq;
  row.bytes += size;
  if (item.head !== undefined) {
    const headSize = headSizeOf(item.head, item.payload);
    row.bytes += headSize - (stateSize.get(item.session, item.head)?.size ?? 0);
    setState.run(item.session, item.head, seq, payload, headSize);
  }
  if (seq > config.window) {
    row.bytes -= trimmed.get(item.session, seq - config.window)!.bytes;
    trim.run(item.session, seq - config.window);
  }
  return seq;
}

/**
 * Every job received since the last commit, in one transaction; BEGIN IMMEDIATE so two processes never deadlock on the
 * upgrade.
 */
const runBatch = db.transaction((jobs: WriteJob[]): JobResult[] => {
  const ver = bump.get()!.n;
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

let queue: WriteJob[] = [];
let scheduled = false;
let closing = false;

/**
 * Failure drill for the tests of the writer's supervision (`server/hostile/ledger-writer.test.ts`):
 * `exit-on-batch` makes every writer thread exit (code 1) on its first batch, `exit-on-first-batch`
 * only the first one (a restarted writer then works). Unset in production.
 */
const fault = process.env.SUIP_TEST_WRITER_FAULT;

function flush(): void {
  if (fault === 'exit-on-batch' || (fault === 'exit-on-first-batch' && config.generation === 0)) process.exit(1);
  scheduled = false;
  const jobs = queue;
  queue = [];
  let results: JobResult[];
  try {
    results = runBatch.immediate(jobs);
  } catch (error) {
    // The transaction rolled back: none of these jobs was kept, and each caller is told.
    const message =
      `the ledger could not commit ` +
      `(${error instanceof Error ? error.message : String(error)}); nothing of ` +
      `this append was recorded, retry it`;
    results = jobs.map((job) => ({ id: job.id, error: { code: 'STORE_FAILED' as const, message } }));
  }
  post({ type: 'done', results });
  if (closing && queue.length === 0) finish();
}

function post(message: FromWriter): void {
  port.postMessage(message);
}

function finish(): void {
  db.close();
  post({ type: 'closed' });
  port.close();
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'close') {
    closing = true;
    if (!scheduled) finish();
    return;
  }
  for (const job of message.jobs) queue.push(job);
  if (!scheduled) {
    scheduled = true;
    // After the port's pending messages: whatever arrived during the last commit joins this one.
    setImmediate(flush);
  }
});

// Everything this thread needs is loaded and its file is open: from here on it opens no module.
post({ type: 'ready' });
