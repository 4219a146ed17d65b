import type { ActionKey, AppendItem, LedgerErrorCode } from './ledger.ts';

/**
 * The messages between the SQLite ledger (main thread) and its writer thread. The main thread
 * posts batches of jobs; the writer commits every job it has received in one transaction (group
 * commit) and answers once that transaction is durable.
 */

/** One `appendAll` (an `append` is one item, a `recordAction` an action without items). */
export interface WriteJob {
  id: number;
  /** When the caller appended (ms since the epoch). */
  at: number;
  items: AppendItem[];
  action?: ActionKey;
}

/** What the writer opens. */
export interface WriterConfig {
  file: string;
  window: number;
  quotaBytes: number;
  /** 0 for the first writer, then 1, 2 … for each restart. */
  generation: number;
}

/** Main → writer. */
export type ToWriter = { type: 'jobs'; jobs: WriteJob[] } | { type: 'close' };

/** The outcome of one job. */
export type JobResult =
  | { id: number; seqs: number[] }
  | { id: number; duplicate: true }
  | { id: number; error: { code: LedgerErrorCode; message: string; session?: string } };

/** Writer → main: the results of one committed transaction, in job order. */
export type FromWriter = { type: 'ready' } | { type: 'done'; results: JobResult[] } | { type: 'closed' };
