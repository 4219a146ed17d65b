import { OP_METHODS, type Op } from '../../shared/index.ts';

/**
 * One recorded line of a fixture: a port message (`in`: generator → host, `out`: host → generator) or a lifecycle line
 * (`life`).
 */
export interface SuipFixtureMessage {
  generatorId: string;
  direction: 'in' | 'out' | 'life';
  /** Milliseconds since the first recorded line. */
  time?: number;
  text: string;
}

/**
 * A fixture as the playground's "Export fixture" writes it (`suipFixture: 1`): every message that
 * crossed the wire, in order, for every generator, and the merged tree the renderer held then.
 */
export interface SuipFixture {
  suipFixture: 1;
  protocolVersion?: string;
  recordedAt?: string;
  /** The generators that appear in `messages`, in order of first appearance. */
  generators: string[];
  messages: SuipFixtureMessage[];
  /** The merged tree when it was exported (what a replay reproduces). */
  snapshot?: unknown;
}

/** The largest fixture read (a recording is kilobytes; anything this big is the wrong file). */
export const MAX_FIXTURE_BYTES = 16 << 20;

/**
 * Read a fixture file's text (or an already parsed value). Throws an error that says which field
 * is wrong and what it must hold; nothing in it is trusted before that.
 */
export function parseSuipFixture(input: string | unknown): SuipFixture {
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.length > MAX_FIXTURE_BYTES)
      throw new Error(
        `the fixture is larger than ${MAX_FIXTURE_BYTES} bytes; export a shorter recording from the playground`,
      );
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new Error(
        `the fixture is not JSON ` +
          `(${error instanceof Error ? error.message : String(error)}); use the file ` +
          `the playground's "Export fixture" saved`,
      );
    }
  }
  const fixture = value as Partial<SuipFixture> | null;
  if (typeof fixture !== 'object' || fixture === null || fixture.suipFixture !== 1)
    throw new Error(
      'not a suip fixture: "suipFixture": 1 is missing (export one with the playground\'s "Export fixture")',
    );
  if (!Array.isArray(fixture.messages)) throw new Error('the fixture has no "messages" array');
  const messages: SuipFixtureMessage[] = [];
  for (const [index, m] of (fixture.messages as unknown[]).entries()) {
    const message = m as Partial<SuipFixtureMessage> | null;
    const ok =
      typeof message === 'object' &&
      message !== null &&
      typeof message.generatorId === 'string' &&
      typeof message.text === 'string' &&
      (message.direction === 'in' || message.direction === 'out' || message.direction === 'life');
    if (!ok)
      throw new Error(
        `fixture message ${index} needs generatorId (string), direction ("in", "out" or "life") and text (string)`,
      );
    messages.push({
      generatorId: message.generatorId!,
      direction: message.direction!,
      text: message.text!,
      ...(typeof message.time === 'number' ? { time: message.time } : {}),
    });
  }
  return { ...(fixture as SuipFixture), messages, generators: [...new Set(messages.map((m) => m.generatorId))] };
}

/**
 * The transactions one generator sent, in order: each `in` message carrying ops is one list of ops
 * (a batch stays one transaction). Only its latest lifetime counts: a new `suip/initialize` or an
 * `unmounted` line starts over, as the renderer does.
 */
export function fixtureTransactions(
  fixture: { readonly messages: readonly SuipFixtureMessage[] },
  generatorId: string,
): Op[][] {
  let transactions: Op[][] = [];
  for (const message of fixture.messages) {
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
    const ops: Op[] = [];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'object' || item === null) continue;
      const { method, params } = item as { method?: unknown; params?: unknown };
      if (method === 'suip/initialize') transactions = [];
      if (typeof method === 'string' && OP_METHODS.has(method)) ops.push({ method, params } as Op);
    }
    if (ops.length > 0) transactions.push(ops);
  }
  return transactions;
}

/** Options of `fixtureProgram`. */
export interface FixtureProgramOptions {
  /** The recorded generator to replay; needed when the fixture holds more than one. */
  generatorId?: string;
  /** Milliseconds between transactions (default 0: as fast as the renderer takes them). */
  delayMs?: number;
}

/**
 * A suip program that replays a recorded generator: it posts the recorded transactions with
 * `suip.ops`, one awaited call each, through the same sandbox, validation and renderer as the
 * original, so the page ends with the UI that was recorded, with no model and no key. The recorded
 * handler ids are kept, so a click on the replayed UI reaches no handler: assert what was rendered,
 * not what a click would have done.
 */
export function fixtureProgram(fixture: SuipFixture | string, options: FixtureProgramOptions = {}): string {
  const parsed = typeof fixture === 'string' ? parseSuipFixture(fixture) : fixture;
  const withOps = parsed.generators.filter((id) => fixtureTransactions(parsed, id).length > 0);
  const id = options.generatorId ?? (withOps.length === 1 ? withOps[0] : undefined);
  if (id === undefined)
    throw new Error(
      withOps.length === 0
        ? 'the fixture holds no transaction of any generator; record one that rendered something'
        : `the fixture holds ${withOps.length} generators ` +
            `(${withOps.map((g) => JSON.stringify(g)).join(', ')}); pass { generatorId ` +
            `} to pick one`,
    );
  const transactions = fixtureTransactions(parsed, id);
  if (transactions.length === 0)
    throw new Error(
      `the fixture holds no transaction of generator ${JSON.stringify(id)}; it ` +
        `has ${parsed.generators.map((g) => JSON.stringify(g)).join(', ') || 'none'}`,
    );
  const delay = Math.max(0, Math.floor(options.delayMs ?? 0));
  return [
    `// Replay of generator ${JSON.stringify(id)} from a suip fixture: posts the recorded transactions in order.`,
    `const transactions = ${JSON.stringify(transactions)};`,
    'for (const ops of transactions) {',
    '  // A transaction the renderer refused when recorded is refused again; go on as it did.',
    '  await suip.ops(ops).catch(() => undefined);',
    delay > 0 ? `  await new Promise((resolve) => setTimeout(resolve, ${delay}));` : '',
    '}',
    '',
  ]
    .filter((line, index, all) => line !== '' || index === all.length - 1)
    .join('\n');
}
