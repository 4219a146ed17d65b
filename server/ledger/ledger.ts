import { isSessionId } from '../../shared/session-id.ts';
/**
 * The event ledger behind the live channel (seed 004): per session, an append-only list of
 * frames with a gap-free sequence number, read back from any position (resume), tailed live, and
 * trimmed to a window (a reader behind it learns `truncated`). Actions are deduplicated by the
 * client's own sequence number, so a resend after a reconnect counts once.
 *
 * Every store keeps the same budgets per ledger session (a stream such as `<id>` or
 * `<id>.events`): at most `window` entries, at most `window` action keys, and at most `quotaBytes`
 * of kept entries plus heads. An append that would pass the quota first trims the session's oldest
 * entries to make room, never a pinned one (an entry that awaits its acknowledgement, such as a
 * user's action before the agent drains it) nor anything after it; when that cannot make room the
 * append is refused whole with a `LedgerError` (`SESSION_QUOTA`). So nothing a client sends can
 * grow a session's share of the store beyond the quota, and an append may also be held to a
 * smaller share (`AppendItem.share`: what users send) or pass it (`AppendItem.overQuota`: the
 * agent ending its session, once).
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

/** One entry of an atomic multi-append (`appendAll`). */
export interface AppendItem {
  /** The ledger session (stream) it goes to. */
  session: string;
  kind: string;
  /** JSON text. */
  payload: string;
  /** Also make it this head of its session (see `append`). */
  head?: string;
  /**
   * The index of an earlier item of the same call whose sequence number this entry records: the
   * payload (a JSON object's text) is stored with `"seq": <that number>` as its first member. So
   * an event can name the frame it belongs to although neither number exists before the commit.
   */
  seqOf?: number;
  /** The entry awaits an acknowledgement (`release`): trimming for space never removes it or anything after it. */
  pin?: boolean;
  /** Pinned entries of its session through this number are acknowledged (trimmable again), before the quota check. */
  release?: number;
  /** The share of the quota (0–1, default 1) this append may fill its session to, after trimming. */
  share?: number;
  /** Recorded even when its session is over the quota after trimming (small, once-per-session entries only). */
  overQuota?: boolean;
}

/** An action's deduplication key (client id and `clientSeq`) in one ledger session. */
export interface ActionKey {
  session: string;
  key: string;
}

/** Why a ledger operation was refused; stable codes a route can map to its own wire. */
export type LedgerErrorCode =
  /** The append would bring the session's kept entries and heads over `quotaBytes`. */
  | 'SESSION_QUOTA'
  /** A session id, action key, head name or `seqOf` that the ledger does not take. */
  | 'INVALID_INPUT'
  /** The store failed (disk full, lock timeout, a lost Redis connection): nothing of the operation was kept. */
  | 'STORE_FAILED'
  /** More bytes are waiting for the disk than the ledger buffers: nothing was recorded, retry in a moment. */
  | 'BUSY'
  /** The ledger was closed. */
  | 'CLOSED';

/** A refused ledger operation: `code` for programs, `message` written for whoever sent the data (an agent, a model). */
export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    /** The ledger session concerned, when there is one. */
    readonly session?: string,
  ) {
    super(message);
  }
}

/** The ledger interface every store implements (memory, SQLite, Redis Streams). */
export interface Ledger {
  /**
   * Append a frame; resolves with its sequence number once it is durable in the store. Concurrent
   * appends get distinct, gap-free numbers, in call order within one process. With `head`, the
   * entry also becomes that head (atomically with the append), so the newest render / props /
   * replace-channel value survives the window: the snapshot a reader behind the window is given.
   * Rejects with a `LedgerError` (`SESSION_QUOTA`, `INVALID_INPUT`, `STORE_FAILED`, `BUSY`, `CLOSED`).
   */
  append(session: string, kind: string, payload: string, head?: string): Promise<number>;
  /**
   * Append several entries (to one or several sessions) all or nothing, in one transaction:
   * resolves with their sequence numbers in item order. With `action`, the key is recorded in the
   * same transaction, and when it was recorded before nothing is appended and the result is
   * `null` (a resend). A crash leaves all of it or none of it.
   */
  appendAll(items: readonly AppendItem[], action?: ActionKey): Promise<number[] | null>;
  /** The session's heads (name → newest entry appended under it). */
  heads(session: string): Promise<Record<string, LedgerHead>>;
  /** Entries with `seq > fromSeq`, oldest first, at most `limit`. */
  read(session: string, fromSeq: number, limit?: number): Promise<LedgerRead>;
  /** The newest sequence number of a session (0 when empty). */
  last(session: string): Promise<number>;
  /** Call `onEntry` for every entry with `seq > fromSeq`, now and as they are appended; returns a stop function. */
  tail(session: string, fromSeq: number, onEntry: (entry: LedgerEntry) => void): () => void;
  /**
   * Record an action's key (client id and `clientSeq`); false when it was recorded before (a
   * resend). The newest `window` keys of a session are kept: a resend older than that is recorded
   * again. Prefer `appendAll(items, action)`, which records the key with the action's entry.
   */
  recordAction(session: string, key: string): Promise<boolean>;
  /** The bytes a session holds (kept entries and heads) and the quota they count against. */
  usage(session: string): Promise<LedgerUsage>;
  close(): Promise<void>;
  /** Resolves once the store can write (writer loaded, file open), rejects if never; the server listens after it. */
  ready?(): Promise<void>;
  /** Whether the store can write now, and its figures for `/readyz` and `/metrics`. */
  health?(): LedgerHealth;
}

/** What a store says of itself (`Ledger.health`). */
export interface LedgerHealth {
  /** False while its writer is down or restarting; `reason` says why. */
  writable: boolean;
  reason?: string;
  /** Appends waiting for the store, and their bytes. */
  queueDepth: number;
  queueBytes: number;
  /** Milliseconds from an append to its durable acknowledgement (cumulative, as `server/metrics/histogram.ts`). */
  appendLatency: { bounds: readonly number[]; buckets: number[]; count: number; sum: number };
  /** Times the writer was restarted after it failed. */
  restarts: number;
  /** Ledger sessions (streams) held, their bytes in all and the largest one's. */
  sessions?: { count: number; bytes: number; largest: number };
}

/** What `usage` returns. */
export interface LedgerUsage {
  bytes: number;
  quotaBytes: number;
}

/** Options every ledger takes. */
export interface LedgerOptions {
  /** Entries (and action keys) kept per session; older ones are trimmed (default 10,000). */
  window?: number;
  /**
   * Bytes of kept entries and heads per session (default 64 MiB); an append over it is refused with `SESSION_QUOTA`.
   */
  quotaBytes?: number;
}

/** The default replay window per session. */
export const DEFAULT_WINDOW = 10_000;

/** The default byte budget per ledger session (kept entries + heads). */
export const DEFAULT_QUOTA_BYTES = 64 * 1024 * 1024;

/** Action keys and head names are short printable strings; longer ones are refused. */
export const MAX_NAME_CHARS = 256;

/** Session ids are bounded, printable keys (they name SQLite rows and Redis keys). */
export function checkSession(session: string): void {
  if (!isSessionId(session))
    throw new LedgerError(
      'INVALID_INPUT',
      `a session id is 1–128 characters of letters, digits and _ . : - ` +
        `(got ${JSON.stringify(String(session).slice(0, 40))})`,
    );
}

/** Check a multi-append before any store sees it (the same rules for every store). */
export function checkItems(items: readonly AppendItem[], action?: ActionKey): void {
  if (!Array.isArray(items) || (items.length === 0 && action === undefined))
    throw new LedgerError('INVALID_INPUT', 'appendAll needs at least one item (or an action key)');
  for (const [index, item] of items.entries()) {
    checkSession(item.session);
    if (typeof item.kind !== 'string' || item.kind.length === 0 || item.kind.length > 64)
      throw new LedgerError('INVALID_INPUT', `item ${index}: kind is 1–64 characters`, item.session);
    if (typeof item.payload !== 'string')
      throw new LedgerError('INVALID_INPUT', `item ${index}: payload is JSON text`, item.session);
    if (
      item.head !== undefined &&
      (typeof item.head !== 'string' || item.head.length === 0 || item.head.length > MAX_NAME_CHARS)
    )
      throw new LedgerError(
        'INVALID_INPUT',
        `item ${index}: a head name is 1–${MAX_NAME_CHARS} characters`,
        item.session,
      );
    if (item.release !== undefined && (!Number.isInteger(item.release) || item.release < 0)) {
      throw new LedgerError('INVALID_INPUT', `item ${index}: release is a sequence number`, item.session);
    }
    if (item.share !== undefined && !(item.share > 0 && item.share <= 1)) {
      throw new LedgerError('INVALID_INPUT', `item ${index}: share is in (0, 1]`, item.session);
    }
    if (
      item.seqOf !== undefined &&
      (!Number.isInteger(item.seqOf) || item.seqOf < 0 || item.seqOf >= index || !item.payload.startsWith('{'))
    )
      throw new LedgerError(
        'INVALID_INPUT',
        `item ${index}: seqOf names an earlier item of the same call, and the payload is a JSON object`,
        item.session,
      );
  }
  if (action !== undefined) {
    checkSession(action.session);
    if (typeof action.key !== 'string' || action.key.length === 0 || action.key.length > MAX_NAME_CHARS)
      throw new LedgerError(
        'INVALID_INPUT',
        `an action key is 1–${MAX_NAME_CHARS} characters (client id / clientSeq)`,
        action.session,
      );
  }
}

/** The payload an item is stored with, given the numbers of the items before it (`seqOf`). */
export function payloadOf(item: AppendItem, seqs: readonly number[]): string {
  if (item.seqOf === undefined) return item.payload;
  const rest = item.payload.slice(1).trimStart();
  return `{"seq":${seqs[item.seqOf]}${rest.startsWith('}') ? '' : ','}${rest}`;
}

/**
 * What an entry costs in a session's quota: the bytes of its kind and payload as given (a
 * `seqOf` entry counts 24 bytes more for its number). The same figure in every store, so the
 * conformance suite can hold them to one quota.
 */
export function sizeOf(item: AppendItem): number {
  return Buffer.byteLength(item.kind) + Buffer.byteLength(item.payload) + (item.seqOf === undefined ? 0 : 24);
}

/** What a head costs in a session's quota: its name and payload. */
export function headSizeOf(name: string, payload: string): number {
  return Buffer.byteLength(name) + Buffer.byteLength(payload);
}

/** The bytes a session may hold after these items: the smallest share any allows (no bound with `overQuota`). */
export function limitOf(items: readonly AppendItem[], session: string, quota: number): number {
  let limit = quota;
  for (const item of items) {
    if (item.session !== session) continue;
    if (item.overQuota === true) return Infinity;
    if (item.share !== undefined) limit = Math.min(limit, Math.floor(item.share * quota));
  }
  return limit;
}

/** The newest `release` the items give a session (undefined: none). */
export function releaseOf(items: readonly AppendItem[], session: string): number | undefined {
  let through: number | undefined;
  for (const item of items) {
    if (item.session === session && item.release !== undefined) through = Math.max(through ?? 0, item.release);
  }
  return through;
}

/** The error for an append over a session's quota, with what to do about it. */
export function quotaError(session: string, kept: number, adding: number, quota: number, limit = quota): LedgerError {
  const share = `the ${limit} bytes (of its quota of ${quota}) this kind of entry may fill`;
  const bound = limit === quota ? `its quota of ${quota} bytes` : share;
  return new LedgerError(
    'SESSION_QUOTA',
    `ledger session ${session} holds ${kept} bytes of entries and heads that cannot be trimmed yet ` +
      `(the oldest unacknowledged entry and what follows it stay); this append of ${adding} bytes ` +
      `would pass ${bound}, so nothing was recorded. Drain consumed actions (they become trimmable), ` +
      'send smaller frames (publish a change, not the whole state, or keep large data elsewhere and ' +
      'send a reference), or start a new session; the operator can raise the quota (quotaBytes).',
    session,
  );
}
