import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWriter, JobResult, ToWriter, WriterConfig } from './sqlite-jobs.ts';

/**
 * The writer thread is TypeScript: a small bootstrap registers tsx's loader in the thread, then
 * imports it, whoever started the process (`node --import tsx`, vitest). A thread does not get
 * the loader from `--import` in its execArgv on Node 20, hence the bootstrap.
 */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((api) => { (api.register ?? api.default.register)(); return import(workerData.entry); });`;
const TSX = (() => {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  type Manifest = { exports: { './esm/api': { import: { default: string } } } };
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as Manifest;
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
})();
const ENTRY = new URL('./sqlite-writer.ts', import.meta.url).href;

/** Restarts allowed within `RESTART_WINDOW_MS`; one more failure is fatal. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
/** The first restart waits this long, each next one twice as long (a failing disk is not hammered). */
const FIRST_BACKOFF_MS = 250;

/** What the ledger hears from its writer. */
export interface WriterEvents {
  /** The results of one committed transaction. */
  settle(results: JobResult[]): void;
  /** The thread died: every append it held is lost to its caller (`reason` says why). */
  died(reason: string): void;
  /** It failed more than `MAX_RESTARTS` times in a minute: the process should exit so a supervisor restarts it. */
  onFatal?(reason: string): void;
  log?(event: Record<string, unknown>): void;
}

/** The writer thread as the ledger sees it: one at a time, restarted when it fails. */
export interface SupervisedWriter {
  /** The first thread loaded everything it needs and opened the file; rejects when it could not. */
  readonly ready: Promise<void>;
  post(message: ToWriter): void;
  /** Why appends cannot be taken now (the writer is down or failed), or undefined. */
  down(): string | undefined;
  restarts(): number;
  /** Appends are waiting: keep the process alive for them. */
  busy(): void;
  /** Nothing is waiting: the thread alone does not keep the process alive. */
  idle(): void;
  close(): Promise<void>;
}

/**
 * Starts the SQLite writer thread and keeps one running. A ledger cannot die quietly: a thread
 * that fails (an EMFILE while it loads, an out-of-memory, a crash) fails the appends it held with
 * `STORE_FAILED` (retry), is restarted after a backoff (meanwhile `down()` says why, and `/readyz`
 * with it), and after `MAX_RESTARTS` failures within a minute, or a first start that never got
 * ready, it is fatal: `onFatal` is called so the process exits non-zero and its supervisor
 * restarts it, instead of answering 503 for ever while `/healthz` says 200.
 */
export function superviseWriter(config: Omit<WriterConfig, 'generation'>, events: WriterEvents): SupervisedWriter {
  let current: Worker | undefined;
  let generation = 0;
  let everReady = false;
  let downReason: string | undefined;
  let fatal = false;
  let closing = false;
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restartTimes: number[] = [];
  let restarted = 0;

  function start(): Promise<void> {
    const workerData: WriterConfig & { tsx: string; entry: string } = { ...config, generation, tsx: TSX, entry: ENTRY };
    const worker = new Worker(BOOTSTRAP, { eval: true, execArgv: [], workerData });
    generation += 1;
    current = worker;
    if (!wanted) worker.unref();
    return new Promise((resolve, reject) => {
      let dead = false;
      worker.on('message', (message: FromWriter) => {
        if (message.type === 'ready') {
          everReady = true;
          downReason = undefined;
          resolve();
        } else if (message.type === 'done') events.settle(message.results);
      });
      const died = (reason: string) => {
        if (dead) return;
        dead = true;
        if (current === worker) current = undefined;
        reject(new Error(`the ledger's writer thread could not start (${reason})`));
        if (!closing) lost(reason);
      };
      worker.once('error', (error) => died(error.message));
      worker.once('exit', (code) => died(`it exited with code ${code}`));
    });
  }

  function lost(reason: string): void {
    events.died(reason);
    const now = Date.now();
    while (restartTimes.length > 0 && now - restartTimes[0]! > RESTART_WINDOW_MS) restartTimes.shift();
    if (!everReady || restartTimes.length >= MAX_RESTARTS) {
      fatal = true;
      const how = everReady ? `${MAX_RESTARTS + 1} times within a minute` : 'before it was ready';
      downReason = `the ledger's writer thread failed (${reason}) ${how}; nothing is recorded until a restart`;
      events.log?.({ event: 'ledger-writer-failed', reason, fatal: true });
      events.onFatal?.(downReason);
      return;
    }
    restartTimes.push(now);
    const delay = FIRST_BACKOFF_MS * 2 ** (restartTimes.length - 1);
    downReason =
      `the ledger's writer thread stopped (${reason}) and restarts in ${delay} ms; ` +
      'nothing was recorded: retry in a moment';
    events.log?.({ event: 'ledger-writer-failed', reason, restartInMs: delay });
    timer = setTimeout(() => {
      timer = undefined;
      start().then(
        () => {
          restarted += 1;
          events.log?.({ event: 'ledger-writer-restarted', generation: generation - 1 });
        },
        // A restart that fails is one more loss, handled by `lost` from its own exit.
        () => undefined,
      );
    }, delay);
    timer.unref();
  }

  const ready = start();
  // The caller awaits `ready` (the server before it listens); an unawaited failure is still reported through `died`.
  ready.catch(() => undefined);
  return {
    ready,
    post(message) {
      current?.postMessage(message);
    },
    down: () => {
      if (!fatal && current !== undefined && downReason === undefined) return undefined;
      return downReason ?? "the ledger's writer thread is not running";
    },
    restarts: () => restarted,
    busy() {
      wanted = true;
      current?.ref();
    },
    idle() {
      wanted = false;
      current?.unref();
    },
    async close() {
      closing = true;
      if (timer !== undefined) clearTimeout(timer);
      const worker = current;
      if (worker === undefined) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.ref();
      worker.postMessage({ type: 'close' } satisfies ToWriter);
      await exited;
    },
  };
}
