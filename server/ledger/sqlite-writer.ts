import { parentPort, workerData } from 'node:worker_threads';
import { openCommits, storeFailed } from './sqlite-commits.ts';
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
// Another process holding the write lock makes this thread wait, never the event loop.
const commits = openCommits(config, 10_000);

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
    results = commits.commit(jobs);
  } catch (error) {
    // Another process held the write lock for the whole busy timeout.
    results = storeFailed(jobs, error);
  }
  post({ type: 'done', results });
  if (closing && queue.length === 0) finish();
}

function post(message: FromWriter): void {
  port.postMessage(message);
}

function finish(): void {
  commits.close();
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
