import type { TrafficRecord } from '../../renderer/index.ts';
import { OP_METHODS } from '../../shared/index.ts';

/** One port message as the renderer's devtools tap reports it (`renderer.onTraffic`). */
export type { TrafficRecord };

/** A lifecycle line the playground adds to the log (attach, ready, detach, terminated, error). */
export interface LifecycleRecord {
  generatorId: string;
  direction: 'life';
  text: string;
  bytes: 0;
  time: number;
}

/** What one message did, in a line: its methods, op count, and any error it carried. */
export interface MessageSummary {
  methods: string[];
  ops: number;
  batch: boolean;
  error?: string;
  label: string;
}

/** A log entry: the record plus its sequence number and summary. */
export type LogEntry = (TrafficRecord | LifecycleRecord) & { seq: number; summary: MessageSummary };

/** Summarizes a port message without trusting it: anything unparseable is labelled, never thrown. */
export function summarize(text: string): MessageSummary {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { methods: [], ops: 0, batch: false, label: 'not JSON' };
  }
  const batch = Array.isArray(value);
  const items: unknown[] = batch ? (value as unknown[]) : [value];
  const methods: string[] = [];
  let ops = 0;
  let error: string | undefined;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as {
      method?: unknown;
      params?: { message?: unknown };
      error?: { message?: unknown };
      id?: unknown;
    };
    if (typeof record.method === 'string') {
      methods.push(record.method);
      if (OP_METHODS.has(record.method)) ops += 1;
      if (record.method === 'suip/error' && typeof record.params?.message === 'string') error = record.params.message;
    } else if (record.error !== undefined) {
      methods.push(`response #${String(record.id)}`);
      error = typeof record.error.message === 'string' ? record.error.message : 'error';
    } else {
      methods.push(`response #${String(record.id)}`);
    }
  }
  const distinct = [...new Set(methods)];
  const label = batch ? `batch[${items.length}] ${distinct.join(', ')}` : (distinct[0] ?? 'empty');
  return error === undefined ? { methods, ops, batch, label } : { methods, ops, batch, error, label };
}

/** What the op log's filter row selects. */
export interface LogFilter {
  /** Substring of the method names, the generator id or the message text; case-insensitive. */
  query: string;
  direction: 'all' | 'in' | 'out' | 'life';
  generatorId: string | 'all';
}

/** True when the entry passes the filter. */
export function matchesFilter(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.direction !== 'all' && entry.direction !== filter.direction) return false;
  if (filter.generatorId !== 'all' && entry.generatorId !== filter.generatorId) return false;
  const query = filter.query.trim().toLowerCase();
  if (query === '') return true;
  return (
    entry.summary.label.toLowerCase().includes(query) ||
    entry.generatorId.toLowerCase().includes(query) ||
    entry.text.toLowerCase().includes(query)
  );
}

/** The counters panel's figures. */
export interface Counters {
  messages: number;
  ops: number;
  /** Ops that arrived in the last second. */
  opsPerSecond: number;
  bytesIn: number;
  bytesOut: number;
  errors: number;
}

/**
 * The op log: every message both ways, in order, for every generator of the renderer. Bounded so
 * a flood cannot grow it without end; `dropped` counts what fell off the front.
 */
export class TrafficLog {
  readonly entries: LogEntry[] = [];
  dropped = 0;
  #seq = 0;
  #totals = { messages: 0, ops: 0, bytesIn: 0, bytesOut: 0, errors: 0 };

  constructor(readonly capacity = 20_000) {}

  /** Records one message or lifecycle line and returns its entry. */
  add(record: TrafficRecord | LifecycleRecord): LogEntry {
    const summary =
      record.direction === 'life' ? { methods: [], ops: 0, batch: false, label: record.text } : summarize(record.text);
    const entry: LogEntry = { ...record, seq: (this.#seq += 1), summary };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) {
      this.entries.splice(0, this.entries.length - this.capacity);
      this.dropped += 1;
    }
    if (record.direction !== 'life') {
      this.#totals.messages += 1;
      this.#totals.ops += summary.ops;
      if (record.direction === 'in') this.#totals.bytesIn += record.bytes;
      else this.#totals.bytesOut += record.bytes;
      if (summary.error !== undefined) this.#totals.errors += 1;
    }
    return entry;
  }

  /** Forgets everything (the Reset button). */
  clear(): void {
    this.entries.length = 0;
    this.dropped = 0;
    this.resetCounters();
  }

  /**
   * Starts the counters over (a new run: issue 30 saw the error count of one example carried into
   * the next). The entries stay: the op log is the history, the counters are this run's.
   */
  resetCounters(): void {
    this.#totals = { messages: 0, ops: 0, bytesIn: 0, bytesOut: 0, errors: 0 };
    this.#runStart = this.#seq;
  }

  /** The sequence number the current run's entries start after (ops/s counts only those). */
  #runStart = 0;

  /** Totals since the last clear or run start, plus the ops of the last second before `now`. */
  counters(now: number): Counters {
    let opsPerSecond = 0;
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const entry = this.entries[i];
      if (entry === undefined || now - entry.time > 1000 || entry.seq <= this.#runStart) break;
      if (entry.direction === 'in') opsPerSecond += entry.summary.ops;
    }
    return { ...this.#totals, opsPerSecond };
  }
}
