import type { LedgerEntry } from './ledger.ts';

/**
 * Where a ledger stream lives in Redis. Every key of one session carries the same hash tag
 * (`{<session>}`, the stream's name up to its first `.` after any leading dots), so a session's
 * outbound stream, its `<id>.events` stream, their heads, meta hashes and action keys share one
 * Redis Cluster slot: the append script touches only keys of one slot and never meets
 * `CROSSSLOT`. On a single server the tag changes nothing but the names.
 */
export interface RedisKeys {
  /** The stream (`XADD`/`XRANGE`). */
  stream(session: string): string;
  /** The hash of its heads (`HSET name seq|payload`). */
  heads(session: string): string;
  /** The hash of its kept `bytes` and its `actions` counter. */
  meta(session: string): string;
  /** The sorted set of its action keys. */
  actionKeys(session: string): string;
  /** The sharded channel the append script announces the stream's newest number on (`SPUBLISH`). */
  appended(session: string): string;
}

/** The hash tag of a ledger stream: `abc` for `abc` and `abc.events` (never empty: a session id is 1+ characters). */
export function slotTagOf(session: string): string {
  return /^\.*[^.]*/.exec(session)![0];
}

/** The key names under `prefix` (no braces: a brace in the prefix would move the hash tag). */
export function redisKeys(prefix: string): RedisKeys {
  if (/[{}]/.test(prefix))
    throw new Error(
      `a Redis key prefix holds no { or } (got ${JSON.stringify(prefix)}): the ledger's hash tag must be the session`,
    );
  const of = (kind: string) => (session: string) => `${prefix}:{${slotTagOf(session)}}:${kind}:${session}`;
  return {
    stream: of('ledger'),
    heads: of('heads'),
    meta: of('meta'),
    actionKeys: of('action-keys'),
    appended: of('appended'),
  };
}

/** A stream entry as XRANGE / XREAD return it: `[id, [field, value, …]]`. */
export type RawEntry = [string, string[]];

/** A ledger entry from its stream entry (the stream id's sequence part is its number). */
export function toEntry([id, fields]: RawEntry): LedgerEntry {
  // Field names sit at even positions: a value that reads like a name is never taken for one.
  const value = (name: string) => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1]!;
    return '';
  };
  return {
    seq: Number(id.slice(id.indexOf('-') + 1)),
    at: Number(value('at')),
    kind: value('kind'),
    payload: value('payload'),
  };
}

/** One tail: its own cursor on a shared read. */
export interface Tail {
  cursor: number;
  onEntry: (entry: LedgerEntry) => void;
  stopped: boolean;
}

/** Hand `entries` of one stream to its tails, each entry once and in order past each tail's cursor. */
export function deliver(tails: Iterable<Tail>, entries: readonly RawEntry[]): void {
  for (const raw of entries) {
    const entry = toEntry(raw);
    for (const tail of tails) {
      if (tail.stopped || entry.seq <= tail.cursor) continue;
      tail.cursor = entry.seq;
      tail.onEntry(entry);
    }
  }
}

/** The tails of a ledger: `tail` registers one (stop with the function it returns). */
export interface RedisTails {
  tail(session: string, fromSeq: number, onEntry: (entry: LedgerEntry) => void): () => void;
  close(): Promise<void>;
}

/** Register a tail in `tailsBy`; the returned function stops it (and drops the session when it was its last). */
export function addTail<G extends { tails: Set<Tail> }>(
  tailsBy: Map<string, G>,
  session: string,
  tail: Tail,
  group: () => G,
): () => void {
  let own = tailsBy.get(session);
  if (own === undefined) tailsBy.set(session, (own = group()));
  own.tails.add(tail);
  return () => {
    tail.stopped = true;
    const current = tailsBy.get(session);
    current?.tails.delete(tail);
    if (current?.tails.size === 0) tailsBy.delete(session);
  };
}
