import { openCommits, storeFailed } from './sqlite-commits.ts';
import type { JobResult, ToWriter, WriteJob, WriterConfig } from './sqlite-jobs.ts';
import type { SupervisedWriter } from './sqlite-writer-supervisor.ts';

/** How long a batch waits before it tries again when another process holds the file's write lock (ms). */
const BUSY_RETRY_MS = 2;
/** How long a batch may wait for that lock in all before its appends fail with STORE_FAILED (the thread's timeout). */
const BUSY_GIVE_UP_MS = 10_000;

/**
 * The SQLite ledger's commits on the event loop itself, the writer thread's alternative
 * (`SqliteLedgerOptions.commitOn: 'loop'`): every job posted during one turn of the loop is
 * committed in one transaction in that turn's check phase (`setImmediate`), so one `fsync`
 * covers every session's appends of the turn, and the results are settled right after it. No
 * thread hop: an append is acknowledged one fsync after the turn it arrived in, and nothing else
 * wakes. The price is that the loop waits for that fsync (what `bench/live-channel-publishers.ts`
 * measures). Another process holding the write lock never blocks the loop: the batch is tried
 * again a moment later, with whatever joined it meanwhile, for as long as the writer thread's busy
 * timeout, then fails with STORE_FAILED (retry), as the thread's does.
 */
export function loopWriter(config: Omit<WriterConfig, 'generation'>, settle: (results: JobResult[]) => void) {
  // busy_timeout 0: a held lock is an immediate SQLITE_BUSY, never a blocked loop.
  const commits = openCommits(config, 0);
  let queue: WriteJob[] = [];
  let timer: ReturnType<typeof setImmediate> | ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** When the batch first found the write lock held (ms since the epoch), or undefined. */
  let busySince: number | undefined;

  function flush(): void {
    timer = undefined;
    const jobs = queue;
    queue = [];
    try {
      settle(commits.commit(jobs));
      busySince = undefined;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      busySince ??= Date.now();
      if (Date.now() - busySince >= BUSY_GIVE_UP_MS) {
        busySince = undefined;
        settle(storeFailed(jobs, error));
        return;
      }
      queue = [...jobs, ...queue];
      timer = setTimeout(flush, BUSY_RETRY_MS);
    }
  }

  const writer: SupervisedWriter = {
    ready: Promise.resolve(),
    post(message: ToWriter) {
      if (message.type !== 'jobs') return;
      for (const job of message.jobs) queue.push(job);
      timer ??= setImmediate(flush);
    },
    down: () => (closed ? 'the ledger is closed' : undefined),
    restarts: () => 0,
    // A pending setImmediate keeps the process alive by itself; an idle ledger holds nothing.
    busy: () => undefined,
    idle: () => undefined,
    async close() {
      while (queue.length > 0 || timer !== undefined) await new Promise((resolve) => setTimeout(resolve, 1));
      closed = true;
      commits.close();
    },
  };
  return writer;
}
