import { PROTOCOL_VERSION, type Op } from '../../shared/index.ts';
import { fixtureTransactions } from '../../renderer/testing/fixture.ts';
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
    messages: entries.map((e) => ({
      generatorId: e.generatorId,
      direction: e.direction,
      time: Math.round((e.time - start) * 1000) / 1000,
      text: e.text,
    })),
    snapshot,
  };
}

/**
 * Each generator's latest run, in log order (what "Export fixture" saves, issue 48: a file with
 * every run since the page loaded held runs the user had replaced). A run starts at the first line
 * after the generator's `detached` line (Run and Stop log one; the prefixes of one streamed answer
 * are one run); the `unmounted` line that follows a `detached` one still belongs to the run it ends.
 * Reset clears the log, so a recording made after it starts there.
 */
export function latestRuns<T extends { generatorId: string; direction: string; text: string }>(
  entries: readonly T[],
): T[] {
  const starts = new Map<string, number>();
  const ended = new Set<string>();
  entries.forEach((entry, index) => {
    const id = entry.generatorId;
    if (entry.direction === 'life' && entry.text === 'detached') ended.add(id);
    else if (ended.has(id) && !(entry.direction === 'life' && entry.text === 'unmounted')) {
      ended.delete(id);
      starts.set(id, index);
    }
  });
  return entries.filter((entry, index) => index >= (starts.get(entry.generatorId) ?? 0));
}

/** Reads a fixture file; throws an error that says which field is wrong. */
export function parseFixture(json: string): Fixture {
  const value = JSON.parse(json) as Partial<Fixture>;
  if (typeof value !== 'object' || value === null || value.suipFixture !== 1)
    throw new Error('not a suip fixture: "suipFixture": 1 is missing');
  if (!Array.isArray(value.messages)) throw new Error('the fixture has no "messages" array');
  for (const [index, m] of value.messages.entries()) {
    const ok =
      typeof m === 'object' &&
      m !== null &&
      typeof m.generatorId === 'string' &&
      typeof m.text === 'string' &&
      (m.direction === 'in' || m.direction === 'out' || m.direction === 'life');
    if (!ok) throw new Error(`fixture message ${index} needs generatorId, direction ("in", "out" or "life") and text`);
  }
  return { ...value, generators: [...new Set(value.messages.map((m) => m.generatorId))] } as Fixture;
}

/**
 * The transactions one generator sent, in order (the same reading as `suip/testing`'s
 * `fixtureTransactions`: one list of ops per `in` message, only the latest lifetime).
 */
export function recordedTransactions(messages: readonly FixtureMessage[], generatorId: string): Op[][] {
  return fixtureTransactions({ messages }, generatorId);
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
    '    // A transaction the renderer rejected when recorded is rejected again; go on like it did.',
    '  }',
    '  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));',
    '}',
    '',
  ].join('\n');
}
