import { isChannelName, isGroup, utf8Length, type GroupParticle } from '../shared/index.ts';
import type { GeneratorLifecycle } from './generator-lifecycle.ts';
import { SuipHostError } from './host-error.ts';
import { lookup } from '../core/tree/index.ts';
import type { AttachOptions, GeneratorHandle, GeneratorStatus } from './renderer-types.ts';
import type { ViewEvent } from './view/view-context.ts';

/**
 * The data-plane channel of a program's saved state: a program that keeps state its inputs do not
 * hold (a counter, a half-filled form's step) sends it with `suip.output('suip:state', value)`
 * whenever it changes; the renderer keeps the last value and hands it back after a wake with
 * `suip/input` on the same channel (`suip.onInput('suip:state', …)`). It is allowed as an output
 * of every sandboxed program and is not passed to the host's output listeners.
 */
export const STATE_CHANNEL = 'suip:state';

/** Events a hibernated (or waking) program queues before it can hear them; later ones are refused. */
export const MAX_QUEUED_EVENTS = 16;

/**
 * One sandboxed program as the host knows it across hibernations: the code and options it was
 * attached with, its last inputs and saved state, and the events that arrived while it slept.
 * The handle given to the host is this record's, so it stays valid through hibernate and wake.
 */
export interface ProgramRecord {
  readonly options: AttachOptions;
  /** The running (or last) lifecycle; its status is the program's unless hibernated. */
  lifecycle: GeneratorLifecycle | undefined;
  hibernated: boolean;
  /** Set while `hibernate` runs: the lifecycle's end is a hibernation, not a detach. */
  hibernating: boolean;
  /** The wake in progress, if any. */
  waking: Promise<void> | undefined;
  /** Last value per input channel, replayed in this order on wake. */
  readonly inputs: Map<string, unknown>;
  /** The last value sent on STATE_CHANNEL. */
  state: { value: unknown } | undefined;
  /** User events that arrived while hibernated or waking. */
  readonly queued: ViewEvent[];
  /** Events handed to a woken program, checked against its first transaction (see `holdsHandler`). */
  replayed: ViewEvent[] | undefined;
  /** `performance.now()` of the last user event, host input, attach, wake or first render since either. */
  lastActive: number;
  /**
   * The program applied a transaction since it was attached or woken. Until then it never
   * hibernates: on a slow machine the idle limit can pass before the first render, and a program
   * asleep with nothing on screen could never be woken by a click.
   */
  rendered: boolean;
  /** Since when its mount has had no pixel in the viewport; undefined while visible. */
  offscreenSince: number | undefined;
  readonly outputs: Set<(channel: string, value: unknown) => void>;
  readonly handle: GeneratorHandle;
}

/** What a program record needs from its renderer. */
export interface ProgramHost {
  readonly maxMessageBytes: number;
  /** Wake the program (idempotent while a wake runs). */
  wake(record: ProgramRecord): Promise<void>;
  /** Detach the program for good, whether running or hibernated. */
  detach(record: ProgramRecord, keep: boolean): Promise<void>;
}

/** A record for a program attached with `options`, whose handle follows whichever lifecycle runs it. */
export function createProgramRecord(options: AttachOptions, host: ProgramHost): ProgramRecord {
  const record: ProgramRecord = {
    options,
    lifecycle: undefined,
    hibernated: false,
    hibernating: false,
    waking: undefined,
    inputs: new Map(),
    state: undefined,
    queued: [],
    replayed: undefined,
    lastActive: performance.now(),
    rendered: false,
    offscreenSince: undefined,
    outputs: new Set(),
    handle: {
      id: options.id,
      kind: 'sandbox',
      get status(): GeneratorStatus {
        return record.hibernated ? 'hibernated' : (record.lifecycle?.status ?? 'starting');
      },
      detach: (detachOptions) => host.detach(record, detachOptions?.keep === true),
      input(channel, value) {
        record.lastActive = performance.now();
        if (!record.hibernated && record.waking === undefined) {
          // Checks and sends exactly as before; remembered only once it was accepted.
          record.lifecycle?.handle.input(channel, value);
          rememberInput(record, channel, value);
          return;
        }
        // Asleep: the same checks as a live input, then remembered and delivered by the wake
        // (inputs are replayed before events).
        if (!isChannelName(channel))
          throw new SuipHostError(
            'invalid-option',
            `input(${JSON.stringify(String(channel).slice(0, 80))}, …): a ` +
              `channel name is 1–64 characters of a-z 0-9 _ : . -`,
            { option: 'channel', generatorId: options.id },
          );
        let text: string | undefined;
        try {
          text = JSON.stringify(value);
        } catch {
          text = undefined;
        }
        if (text === undefined)
          throw new SuipHostError('invalid-option', 'input value is not JSON', {
            option: 'value',
            generatorId: options.id,
          });
        if (utf8Length(text) > host.maxMessageBytes)
          throw new SuipHostError(
            'limit-exceeded',
            `input on ${JSON.stringify(channel)} is larger than maxMessageBytes ${host.maxMessageBytes}`,
            { limit: 'maxMessageBytes', generatorId: options.id },
          );
        rememberInput(record, channel, value);
        void host.wake(record).catch(() => undefined);
      },
      onOutput(listener) {
        record.outputs.add(listener);
        return () => record.outputs.delete(listener);
      },
    },
  };
  return record;
}

/** Last value per channel, most recent last (a Map keeps insertion order; delete first to move it). */
function rememberInput(record: ProgramRecord, channel: string, value: unknown): void {
  record.inputs.delete(channel);
  record.inputs.set(channel, value);
}

/** True when the tree still holds the event's handler at the event's path (the program can take it). */
export function holdsHandler(merged: GroupParticle, event: ViewEvent): boolean {
  const node = lookup(merged, event.path);
  return (
    node !== undefined &&
    isGroup(node) &&
    node.on !== undefined &&
    Object.hasOwn(node.on, event.event) &&
    node.on[event.event]?.handler === event.handler
  );
}
