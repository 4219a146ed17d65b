import { OP_METHODS, PROTOCOL_VERSION, type Op } from '../../shared/index.ts';
import type { LogEntry } from './traffic-log.ts';

/** One recorded line of a fixture: a port message (`in`/`out`) or a lifecycle line (`life`). */
export interface FixtureMessage {
  generatorId: string;
  direction: 'in' | 'out' | 'life';
  /** Milliseconds since the first recorded line. */
  time: number;
  text: string;
}

/**
 * An exported op log: what crossed the wire, in order, for every generator, and the merged tree
 * the renderer held when it was exported (what a replay must reproduce).
 */
export interface Fixture {
  suipFixture: 1;
  protocolVersion: string;
  recordedAt: string;
  generators: string[];
  messages: FixtureMessage[];
  snapshot: unknown;
}

/** Builds a fixture from the op log and the renderer's snapshot. */
export function toFixture(entries: readonly LogEntry[], snapshot: unknown, recordedAt = new Date()): Fixture {
  const start = entries[0]?.time ?? 0;
  const generators = [...new Set(entries.map((e) => e.generatorId))];
  return {
    suipFixture: 1,
    protocolVersion: PROTOCOL_VERSION,
    recordedAt: recordedAt.toISOString(),
    generators,
    messages: entries.map((e) => ({ generatorId: e.generatorId, direction: e.direction, time: Math.round((e.time - start) * 1000) / 1000, text: e.text })),
    snapshot,
  };
}

/** Reads a fixture file; throws an error that says which field is wrong. */
export function parseFixture(json: string): Fixture {
  const value = JSON.parse(json) as Partial<Fixture>;
  if (typeof value !== 'object' || value === null || value.suipFixture !== 1) throw new Error('not a suip fixture: "suipFixture": 1 is missing');
  if (!Array.isArray(value.messages)) throw new Error('the fixture has no "messages" array');
  for (const [index, m] of value.messages.entries()) {
    const ok = typeof m === 'object' && m !== null && typeof m.generatorId === 'string' && typeof m.text === 'string' && (m.direction === 'in' || m.direction === 'out' || m.direction === 'life');
    if (!ok) throw new Error(`fixture message ${index} needs generatorId, direction ("in", "out" or "life") and text`);
  }
  return { ...value, generators: [...new Set(value.messages.map((m) => m.generatorId))] } as Fixture;
}

/**
 * The transactions one generator sent, in order: each `in` message that carried ops becomes one
 * list of ops (a batch stays one transaction). Only the latest lifetime counts: a new
 * `suip/initialize` from the same generator starts over, as the renderer does.
 */
export function recordedTransactions(messages: readonly FixtureMessage[], generatorId: string): Op[][] {
  let transactions: Op[][] = [];
  for (const message of messages) {
    if (message.generatorId !== generatorId) continue;
    if (message.direction === 'life') {
      if (message.text === 'unmounted') transactions = [];
      continue;
    }
    if (message.direction !== 'in') continue;
    let value: unknown;
    try {
      value = JSON.parse(message.text);
    } catch {
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    const ops: Op[] = [];
    for (const item of items) {
      if (typeof item !== 'object' || item === null) continue;
      const { method, params } = item as { method?: unknown; params?: unknown };
      if (method === 'suip/initialize') transactions = [];
      if (typeof method === 'string' && OP_METHODS.has(method)) ops.push({ method, params } as Op);
    }
    if (ops.length > 0) transactions.push(ops);
  }
  return transactions;
}

/**
 * The replay generator: an ordinary suip program that posts the recorded transactions with
 * `suip.ops`, one awaited call per recorded message, so each stays one transaction. It goes
 * through the same sandbox, relay and validation as the original. Recorded handler ids are kept:
 * clicks on a replayed UI reach a generator that has no such handlers and are ignored.
 */
export function replayProgram(transactions: readonly Op[][], delayMs = 0): string {
  return [
    '// Replay of a recorded suip op log: posts the recorded transactions in order.',
    `const transactions = ${JSON.stringify(transactions)};`,
    `const delay = ${Math.max(0, Math.floor(delayMs))};`,
    'for (const ops of transactions) {',
    '  try {',
    '    await suip.ops(ops);',
    '  } catch (error) {',
    "    // A transaction the renderer rejected when recorded is rejected again; go on like it did.",
    '  }',
    '  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));',
    '}',
    '',
  ].join('\n');
}
