import { errorCodeName, type SuipErrorObject } from '../../shared/index.ts';
import type { Renderer, SuipErrorDetail, SuipStatusDetail, TrafficRecord } from '../../renderer/index.ts';
// From the headless entry: the public index defines the custom elements, and this host is unit-tested in Node.
import { createProgressiveMount, type ProgressiveMount } from '../../renderer/headless.ts';
import type { TransactionOptions } from '../../renderer/headless.ts';
import { createA2uiClient, type A2uiClient } from '../../adapters/a2ui/client.ts';
import { recordedTransactions, replayProgram, toFixture, type Fixture } from '../devtools/fixture.ts';
import { TrafficLog } from '../devtools/traffic-log.ts';
import { WireMirror } from '../devtools/wire-mirror.ts';
import type { RunOutcome } from '../../generator/model/repair-loop.ts';

/** The two generators the playground runs side by side in one renderer. */
export const SLOTS = ['left', 'right'] as const;
/** A slot id, also the generator's mount id in the merged tree. */
export type SlotId = (typeof SLOTS)[number];

/** One error shown next to the code: where it came from and what op and path it names. */
export interface ErrorLine {
  generatorId: string;
  source: 'renderer' | 'generator' | 'sandbox';
  message: string;
  code?: number;
  codeName?: string;
  method?: string;
  path?: readonly string[];
  index?: number;
  line?: number;
}

/** A slot's lifecycle as the playground shows it. */
export type SlotStatus = 'stopped' | 'starting' | 'ready' | 'terminated' | 'error' | 'hibernated';

/**
 * The playground's model: one renderer, two generator slots, the op log with its wire mirror,
 * and the errors per slot. Views listen for `change` (coalesced to one per frame) and read the
 * fields; they never touch the renderer themselves.
 */
export class PlaygroundHost extends EventTarget {
  readonly log = new TrafficLog();
  readonly mirror: WireMirror;
  readonly status = new Map<string, SlotStatus>(SLOTS.map((slot) => [slot, 'stopped']));
  readonly errors = new Map<string, ErrorLine[]>(SLOTS.map((slot) => [slot, []]));
  /** Milliseconds from the last transaction's arrival in the host until its frame was rendered. */
  lastTransactionMs: number | undefined;
  /** Incremented on every attach of a slot, so late events of an old run are told apart. */
  readonly #runs = new Map<string, number>();
  #frame = 0;
  readonly #queue = new Map<string, Promise<void>>();
  /** Slots whose subtree the log says is mounted (so 'unmounted' is logged once). */
  readonly #inTree = new Set<string>();
  /**
   * Slots showing a prefix of a program that is still streaming (errors are not the user's yet),
   * with the mount its next prefix and its final program take over (keep/adopt, one sandbox frame).
   */
  readonly #answers = new Map<string, ProgressiveMount>();
  /** Slots showing an A2UI agent's stream (the A2UI mode) instead of a program. */
  readonly #a2ui = new Map<string, A2uiClient>();
  /** What the A2UI surfaces sent back (actions, errors), for the devtools and tests. */
  readonly a2uiOutbox: unknown[] = [];

  constructor(
    readonly renderer: Renderer,
    readonly container: HTMLElement,
    mirrorOptions: TransactionOptions = {},
  ) {
    super();
    this.mirror = new WireMirror(mirrorOptions);
    renderer.onTraffic((record) => this.#traffic(record));
    container.addEventListener('suip-error', (event) => this.#error((event as CustomEvent<SuipErrorDetail>).detail));
    container.addEventListener('suip-status', (event) => this.#status((event as CustomEvent<SuipStatusDetail>).detail));
  }

  /**
   * Starts `code` in a slot, replacing what ran there. Resolves once it is initialized (or failed
   * to). After prefix runs of the same program, it takes over what the last prefix shows (adopt).
   */
  run(slot: string, code: string): Promise<void> {
    return this.#enqueue(slot, () => this.#run(slot, code, false));
  }

  /**
   * The A2UI mode: shows an A2UI agent's message stream (`{messages}` JSON, a message list, or
   * JSONL) in a slot through suip's A2UI bridge: one in-page generator per surface, validated by
   * the renderer like any program. What the surfaces send back lands in `a2uiOutbox`.
   */
  runA2ui(slot: string, text: string): Promise<void> {
    return this.#enqueue(slot, async () => {
      await this.stop(slot);
      this.log.resetCounters();
      const client = createA2uiClient(this.renderer, { idPrefix: `${slot}-a2ui`, send: (out) => void this.a2uiOutbox.push(out) });
      this.#a2ui.set(slot, client);
      this.errors.set(slot, []);
      this.status.set(slot, 'starting');
      this.#life(slot, 'A2UI stream');
      this.changed();
      try {
        for (const message of a2uiMessages(text)) client.receive(message);
        await client.settle();
        this.status.set(slot, 'ready');
      } catch (error) {
        this.status.set(slot, 'error');
        this.#push(slot, { generatorId: slot, source: 'renderer', message: `A2UI: ${error instanceof Error ? error.message : String(error)}` });
      }
      this.changed();
    });
  }

  /**
   * Runs a complete prefix of a program that is still streaming (see `createProgressiveRunner`):
   * it takes over what the previous prefix shows, so the UI grows without a flash, and its errors
   * are not reported (a prefix may stop mid-thought); the final `run` reports normally.
   */
  runPrefix(slot: string, code: string): Promise<void> {
    return this.#enqueue(slot, () => this.#run(slot, code, true));
  }

  #enqueue(slot: string, start: () => Promise<void>): Promise<void> {
    // One start at a time per slot: a double click on Run must not attach the same id twice.
    const previous = this.#queue.get(slot) ?? Promise.resolve();
    const next = previous.then(start);
    this.#queue.set(slot, next.catch(() => undefined));
    return next;
  }

  async #run(slot: string, code: string, prefix: boolean): Promise<void> {
    // A program that does not continue an answer's prefixes replaces what the slot shows.
    let answer = this.#answers.get(slot);
    if (answer === undefined) {
      await this.stop(slot);
      // A new run (not the next prefix of an answer still streaming): the counters start over.
      this.log.resetCounters();
      this.lastTransactionMs = undefined;
      if (prefix) {
        answer = createProgressiveMount(this.renderer, { id: slot, name: `playground-${slot}` });
        this.#answers.set(slot, answer);
      }
    } else this.#life(slot, 'kept for the next run');
    if (!prefix) this.#answers.delete(slot);
    this.#runs.set(slot, (this.#runs.get(slot) ?? 0) + 1);
    this.errors.set(slot, []);
    this.status.set(slot, 'starting');
    this.#life(slot, 'attach');
    this.#inTree.add(slot);
    this.changed();
    try {
      await (answer?.run(code) ?? this.renderer.attach({ id: slot, code, name: `playground-${slot}` }));
      if (this.status.get(slot) === 'starting') this.status.set(slot, 'ready');
    } catch (error) {
      this.status.set(slot, 'error');
      if (!prefix) this.#push(slot, { generatorId: slot, source: 'sandbox', message: error instanceof Error ? error.message : String(error) });
    }
    this.changed();
  }

  /** Stops a slot's generator (or A2UI surfaces) and removes its subtree. */
  async stop(slot: string): Promise<void> {
    this.#answers.delete(slot);
    const a2ui = this.#a2ui.get(slot);
    if (a2ui !== undefined) {
      this.#a2ui.delete(slot);
      await a2ui.close();
    }
    if (this.status.get(slot) === 'stopped') return;
    await this.renderer.detach(slot);
    this.status.set(slot, 'stopped');
    this.#life(slot, 'detached');
    this.#unmounted(slot);
    this.changed();
  }

  /** Stops everything and forgets the log, the mirror and the errors. */
  async reset(): Promise<void> {
    for (const slot of [...this.status.keys()]) await this.stop(slot);
    this.log.clear();
    this.mirror.reset();
    this.#inTree.clear();
    this.#answers.clear();
    for (const slot of this.errors.keys()) this.errors.set(slot, []);
    this.lastTransactionMs = undefined;
    this.changed();
  }

  /** The renderer's merged tree. */
  snapshot(): unknown {
    return this.renderer.snapshot();
  }

  /** The op log as a fixture, with the merged tree a replay must reproduce. */
  exportFixture(): Fixture {
    return toFixture(this.log.entries, this.snapshot());
  }

  /**
   * Replays a fixture: each recorded generator is restarted under its recorded id with a replay
   * program (see `replayProgram`) that posts the recorded transactions through the real sandbox.
   * Returns the programs so the editor can show them.
   */
  async replay(fixture: Fixture, delayMs = 0): Promise<Map<string, string>> {
    const programs = new Map<string, string>();
    for (const id of fixture.generators) programs.set(id, replayProgram(recordedTransactions(fixture.messages, id), delayMs));
    await this.reset();
    for (const [id, program] of programs) {
      if (!this.status.has(id)) {
        this.status.set(id, 'stopped');
        this.errors.set(id, []);
      }
      await this.run(id, program);
    }
    return programs;
  }

  /**
   * Runs a program and judges it for the model-in-the-loop: it fails on an exception, a rejected
   * transaction, a watchdog or budget termination, or when nothing renders within `renderMs`.
   * A program that renders is watched for `settleMs` more, since errors often follow the first frame.
   */
  async judge(slot: string, code: string, { renderMs = 4000, settleMs = 800 } = {}): Promise<RunOutcome> {
    await this.run(slot, code);
    const started = performance.now();
    let renderedAt: number | undefined;
    for (;;) {
      const failure = this.failure(slot);
      if (failure !== undefined) return { ok: false, error: failure };
      const now = performance.now();
      if (renderedAt === undefined && this.#hasContent(slot)) renderedAt = now;
      if (renderedAt !== undefined && now - renderedAt >= settleMs) {
        // A fallback box is a failure too: the model used something the host cannot show.
        const fallbacks = this.#fallbacks(slot);
        return fallbacks === 0 ? { ok: true } : { ok: false, error: `The program rendered ${fallbacks} fallback box${fallbacks === 1 ? '' : 'es'} ("Unknown type"): use only the types in suip.vocabulary.` };
      }
      if (renderedAt === undefined && now - started >= renderMs) {
        return { ok: false, error: `The program ran but rendered nothing within ${renderMs / 1000} s. Call render(view()) at the top level of the program.` };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The slot's errors worded for a model, or undefined when it has none and still runs. */
  failure(slot: string): string | undefined {
    const lines = this.errors.get(slot) ?? [];
    if (lines.length === 0) {
      const status = this.status.get(slot);
      return status === 'error' || status === 'terminated' ? `The generator stopped (${status}).` : undefined;
    }
    return lines.map(describeError).join('\n');
  }

  /** Asks views to re-render, once per frame however many messages arrive. */
  changed(): void {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.dispatchEvent(new Event('change'));
    });
  }

  /** Fallback boxes (`<suip-unknown>`) in a slot's view, shadow roots included. */
  #fallbacks(slot: string): number {
    let count = 0;
    const walk = (root: ParentNode) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.localName === 'suip-unknown') count += 1;
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    if (typeof this.container.querySelector !== 'function') return 0;
    const view = this.container.querySelector('suip-tree')?.shadowRoot?.querySelector(`[data-generator="${slot}"]`);
    if (view) walk(view.shadowRoot ?? view);
    return count;
  }

  #hasContent(slot: string): boolean {
    const tree = this.snapshot() as { group?: Array<[string, { group?: unknown[] }]> } | undefined;
    const root = tree?.group?.find(([id]) => id === slot)?.[1];
    return (root?.group?.length ?? 0) > 0;
  }

  #traffic(record: TrafficRecord): void {
    const entry = this.log.add(record);
    this.mirror.feed(record.generatorId, record.direction, record.text);
    if (record.direction === 'in' && entry.summary.ops > 0) {
      const arrived = record.time;
      // The renderer shows transactions in its next animation frame; a task queued from a frame
      // callback runs after that frame's callbacks and Lit updates, so this spans apply + render.
      requestAnimationFrame(() =>
        setTimeout(() => {
          this.lastTransactionMs = performance.now() - arrived;
          this.changed();
        }, 0),
      );
    }
    this.changed();
  }

  #life(generatorId: string, text: string): void {
    this.log.add({ generatorId, direction: 'life', text, bytes: 0, time: performance.now() });
    this.mirror.feed(generatorId, 'life', text);
  }

  #error({ generatorId, error }: SuipErrorDetail): void {
    if (this.#answers.has(generatorId)) return;
    this.#push(generatorId, fromErrorObject(generatorId, error));
    this.changed();
  }

  #status({ generatorId, status, reason, message }: SuipStatusDetail): void {
    if (!this.status.has(generatorId)) return;
    if (this.status.get(generatorId) === 'stopped' && status !== 'starting') return;
    this.status.set(generatorId, status);
    if (status === 'error' || status === 'terminated') {
      this.#life(generatorId, `${status}${reason ? `: ${reason}` : ''}${message && message !== reason ? ` (${message})` : ''}`);
      // The renderer removes a torn-down generator's subtree; the mirror must follow (not on the wire).
      if (!this.#mounted(generatorId)) this.#unmounted(generatorId);
    }
    this.changed();
  }

  /** Logs that a slot's subtree left the merged tree, once per attach. */
  #unmounted(slot: string): void {
    if (!this.#inTree.delete(slot)) return;
    this.#life(slot, 'unmounted');
  }

  #mounted(slot: string): boolean {
    const tree = this.snapshot() as { group?: Array<[string, unknown]> } | undefined;
    return tree?.group?.some(([id]) => id === slot) ?? false;
  }

  #push(slot: string, line: ErrorLine): void {
    const lines = this.errors.get(slot) ?? [];
    // A runaway program can report thousands of errors; the newest 50 tell the story.
    lines.push(line);
    if (lines.length > 50) lines.splice(0, lines.length - 50);
    this.errors.set(slot, lines);
  }
}

/**
 * An error the renderer reported: a rejected op or transaction (with the op it names), the
 * program's own exception (with its line), or a sandbox budget or watchdog termination.
 */
export function fromErrorObject(generatorId: string, error: SuipErrorObject): ErrorLine {
  const reason = error.data?.reason;
  const source: ErrorLine['source'] = reason === 'exception' ? 'generator' : reason !== undefined ? 'sandbox' : 'renderer';
  const line: ErrorLine = { generatorId, source, message: error.message, code: error.code, codeName: errorCodeName(error.code) };
  if (error.data?.method !== undefined) line.method = error.data.method;
  if (error.data?.path !== undefined) line.path = error.data.path;
  if (error.data?.index !== undefined) line.index = error.data.index;
  const lineNumber = /\(line (\d+)\)/.exec(error.message)?.[1];
  if (lineNumber !== undefined) line.line = Number(lineNumber);
  return line;
}

/** One error as a sentence for the model (and the error list's title attribute). */
export function describeError(line: ErrorLine): string {
  const where = [
    line.codeName !== undefined ? `${line.codeName} (${line.code})` : undefined,
    line.line !== undefined ? `line ${line.line}` : undefined,
  ].filter(Boolean);
  return `${line.source} error${where.length ? ` [${where.join(', ')}]` : ''}: ${line.message}`;
}

/** The messages of an A2UI stream as text: `{messages: [...]}` (the corpus form), a JSON list, or JSONL. */
export function a2uiMessages(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      if (Array.isArray(value)) return value;
      const messages = (value as { messages?: unknown }).messages;
      if (Array.isArray(messages)) return messages;
      return [value];
    } catch {
      // Not one JSON text: read it as JSONL below.
    }
  }
  return trimmed.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
}
