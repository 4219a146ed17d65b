/**
 * The event ledger behind the live channel (seed 004): per session, an append-only list of
 * frames with a gap-free sequence number, read back from any position (resume), tailed live, and
 * trimmed to a window (a reader behind it learns `truncated`). Actions are deduplicated by the
 * client's own sequence number, so a resend after a reconnect counts once.
 */

/** One recorded frame. */
export interface LedgerEntry {
  /** 1, 2, 3 … per session, with no gap. */
  seq: number;
  /** Milliseconds since the epoch when it was appended. */
  at: number;
  /** What it is (`render`, `props`, `data`, `action` …). */
  kind: string;
  /** The frame as JSON text. */
  payload: string;
}

/** What `read` returns. */
export interface LedgerRead {
  entries: LedgerEntry[];
  /** Entries after `fromSeq` were trimmed away by the window: the reader needs a snapshot. */
  truncated: boolean;
}

/** The newest entry appended under one head name (kept outside the window). */
export interface LedgerHead {
  seq: number;
  payload: string;
}

/** The ledger interface every store implements (memory, SQLite, Redis Streams). */
export interface Ledger {
  /**
   * Append a frame; resolves with its sequence number. Concurrent appends get distinct, gap-free
   * numbers. With `head`, the entry also becomes that head (atomically with the append), so the
   * newest render / props / replace-channel value survives the window: the snapshot a reader
   * behind the window is given.
   */
  append(session: string, kind: string, payload: string, head?: string): Promise<number>;
  /** The session's heads (name → newest entry appended under it). */
  heads(session: string): Promise<Record<string, LedgerHead>>;
  /** Entries with `seq > fromSeq`, oldest first, at most `limit`. */
  read(session: string, fromSeq: number, limit?: number): Promise<LedgerRead>;
  /** The newest sequence number of a session (0 when empty). */
  last(session: string): Promise<number>;
  /** Call `onEntry` for every entry with `seq > fromSeq`, now and as they are appended; returns a stop function. */
  tail(session: string, fromSeq: number, onEntry: (entry: LedgerEntry) => void): () => void;
  /** Record an action's key (client id and `clientSeq`); false when it was recorded before (a resend). */
  recordAction(session: string, key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Options every ledger takes. */
export interface LedgerOptions {
  /** Entries kept per session; older ones are trimmed (default 10,000). */
  window?: number;
}

/** The default replay window per session. */
export const DEFAULT_WINDOW = 10_000;

/** Session ids are bounded, printable keys (they name SQLite rows and Redis keys). */
export function checkSession(session: string): void {
  if (typeof session !== 'string' || !/^[\w.:-]{1,128}$/.test(session)) throw new TypeError(`a session id is 1–128 characters of letters, digits and _ . : - (got ${JSON.stringify(String(session).slice(0, 40))})`);
}
