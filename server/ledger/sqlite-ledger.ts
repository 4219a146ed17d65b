import Database from 'better-sqlite3';
import { DEFAULT_QUOTA_BYTES, DEFAULT_WINDOW, LedgerError, checkItems, payloadOf } from './ledger.ts';
import type { ActionKey, AppendItem, Ledger, LedgerOptions } from './ledger.ts';
import { createHistogram } from '../metrics/histogram.ts';
import type { JobResult, WriteJob } from './sqlite-jobs.ts';
import { superviseWriter, type WriterEvents } from './sqlite-writer-supervisor.ts';
import { loopWriter } from './sqlite-loop-writer.ts';
import { ensureSchema } from './sqlite-schema.ts';
import { sqliteReader, type SqliteReader } from './sqlite-reader.ts';

/** Options of the SQLite ledger. */
export interface SqliteLedgerOptions extends LedgerOptions {
  /** How often the one watcher per ledger looks for commits of other processes (ms, default 25). */
  pollMs?: number;
  /** Bytes of appends waiting for the writer thread before new ones are refused with `BUSY` (default 256 MiB). */
  maxPendingBytes?: number;
  /** The writer thread failed more often than it may be restarted: the process should exit (to be restarted). */
  onFatal?(reason: string): void;
  /** Where the writer's failures and restarts are said. */
  log?(event: Record<string, unknown>): void;
  /**
   * Where the commits run: `'thread'` (the default), a writer thread, so the fsync never holds the
   * event loop; `'loop'`, on the event loop, one group commit per turn, with no thread hop
   * (`sqlite-loop-writer.ts`).
   */
  commitOn?: 'thread' | 'loop';
}

interface Pending {
  job: WriteJob;
  bytes: number;
  resolve(result: number[] | null): void;
  reject(error: LedgerError): void;
}

/** An item as the writer thread is sent it: its own fields only (a caller's object may carry anything). */
function plainItem({ session, kind, payload, head, seqOf, pin, release, share, overQuota }: AppendItem): AppendItem {
  return {
    session,
    kind,
    payload,
    ...(head === undefined ? {} : { head }),
    ...(seqOf === undefined ? {} : { seqOf }),
    ...(pin ? { pin } : {}),
    ...(release === undefined ? {} : { release }),
    ...(share === undefined ? {} : { share }),
    ...(overQuota ? { overQuota } : {}),
  };
}

/** The commit is durable: this process's tails are woken with the entries themselves (no read). */
function wakeTails(tails: SqliteReader['tails'], job: WriteJob, seqs: number[]): void {
  for (const [index, item] of job.items.entries())
    tails.wake(item.session, { seq: seqs[index]!, at: job.at, kind: item.kind, payload: payloadOf(item, seqs) });
}

/** The refusal of an append past the bytes that may wait for the disk. */
function busy(pendingBytes: number, maxPending: number): LedgerError {
  return new LedgerError(
    'BUSY',
    `the ledger has ${pendingBytes} bytes waiting for the disk (budget ${maxPending}); nothing was recorded: retry ` +
      'in a moment',
  );
}

/**
 * The embedded ledger (the server's default): one SQLite file in WAL mode.
 *
 * Writes run on a writer thread (`sqlite-writer.ts`) that owns the write connection and commits
 * with group commit: an append resolves only once the transaction holding it is durable (WAL +
 * synchronous=FULL), so an acknowledged append survives a kill -9, and the fsync never blocks
 * the event loop. Numbers stay gap-free per session: each is taken inside the transaction.
 *
 * Reads stay on the main thread on their own connection: a WAL reader never waits for the writer,
 * and each read is one indexed range of at most `limit` rows of one session, whose size the
 * window and the quota bound, so it costs microseconds to a few milliseconds; a thread hop would
 * cost more than it saves.
 *
 * Tails are woken by this process's commits (no read when the entry follows the cursor), and by
 * one shared watcher per ledger for other processes on the same file (`PRAGMA data_version`, then
 * the sessions changed since the last commit it saw, through an index).
 */
export function createSqliteLedger(file: string, options: SqliteLedgerOptions = {}): Ledger {
  const window = options.window ?? DEFAULT_WINDOW;
  const quotaBytes = options.quotaBytes ?? DEFAULT_QUOTA_BYTES;
  const maxPending = options.maxPendingBytes ?? 256 * 1024 * 1024;
  const db = new Database(file);
  ensureSchema(db);
  db.pragma('query_only = ON');
  const reader = sqliteReader(db, { window, quotaBytes, pollMs: options.pollMs ?? 25 });

  const pending = new Map<number, Pending>();
  const latency = createHistogram();
  const writer =
    options.commitOn === 'loop'
      ? loopWriter({ file, window, quotaBytes }, settle)
      : superviseWriter({ file, window, quotaBytes }, writerEvents());
  let outbox: WriteJob[] = [];
  let pendingBytes = 0;
  let nextId = 1;
  let closed: Promise<void> | undefined;

  function writerEvents(): WriterEvents {
    return {
      settle,
      died(reason) {
        // A dead thread's batch rolled back, unless it died between its commit and its answer: the
        // caller cannot know, so it is told to retry (actions are deduplicated).
        const message = `the ledger's writer thread stopped (${reason}); it may not be recorded: retry`;
        const error = new LedgerError('STORE_FAILED', message);
        for (const entry of pending.values()) entry.reject(error);
        pending.clear();
        pendingBytes = 0;
      },
      ...(options.onFatal === undefined ? {} : { onFatal: options.onFatal }),
      ...(options.log === undefined ? {} : { log: options.log }),
    };
  }

  function settle(results: JobResult[]): void {
    for (const result of results) {
      const entry = pending.get(result.id);
      if (entry === undefined) continue;
      pending.delete(result.id);
      pendingBytes -= entry.bytes;
      latency.observe(Date.now() - entry.job.at);
      if ('error' in result)
        entry.reject(new LedgerError(result.error.code, result.error.message, result.error.session));
      else if ('duplicate' in result) entry.resolve(null);
      else {
        wakeTails(reader.tails, entry.job, result.seqs);
        entry.resolve(result.seqs);
      }
    }
    if (pending.size === 0) writer.idle();
  }

  function submit(items: AppendItem[], action: ActionKey | undefined): Promise<number[] | null> {
    const down = writer.down();
    if (down !== undefined) return Promise.reject(new LedgerError('STORE_FAILED', down));
    if (closed !== undefined) return Promise.reject(new LedgerError('CLOSED', 'the ledger is closed'));
    checkItems(items, action);
    const bytes = items.reduce((sum, item) => sum + item.payload.length * 2, 256);
    // SECURITY: appends waiting for the disk are bounded; past the budget they are refused, never queued without end.
    if (pendingBytes + bytes > maxPending) return Promise.reject(busy(pendingBytes, maxPending));
    const keyed = action === undefined ? {} : { action: { session: action.session, key: action.key } };
    const job: WriteJob = { id: nextId++, at: Date.now(), items: items.map(plainItem), ...keyed };
    return new Promise((resolve, reject) => {
      pending.set(job.id, { job, bytes, resolve, reject });
      pendingBytes += bytes;
      writer.busy();
      // Every append of this task goes in one message: fewer hops, and one transaction for a burst.
      if (outbox.length === 0) queueMicrotask(post);
      outbox.push(job);
    });
  }

  function post(): void {
    const jobs = outbox;
    outbox = [];
    if (jobs.length > 0) writer.post({ type: 'jobs', jobs });
  }

  return {
    async append(session, kind, payload, name) {
      return (await submit(
        [{ session, kind, payload, ...(name === undefined ? {} : { head: name }) }],
        undefined,
      ))![0]!;
    },
    async appendAll(items, action) {
      return submit([...items], action);
    },
    ...reader.methods,
    async recordAction(session, key) {
      return (await submit([], { session, key })) !== null;
    },
    ready: () => writer.ready,
    health: () => {
      const down = writer.down();
      return {
        writable: down === undefined && closed === undefined,
        ...(down === undefined ? {} : { reason: down }),
        queueDepth: pending.size,
        queueBytes: pendingBytes,
        appendLatency: { bounds: latency.bounds, ...latency.snapshot() },
        restarts: writer.restarts(),
        sessions: reader.totals(),
      };
    },
    close() {
      closed ??= (async () => {
        reader.tails.close();
        post();
        // The writer commits what it was sent, answers, then closes its connection.
        await writer.close();
        db.close();
      })();
      return closed;
    },
  };
}
