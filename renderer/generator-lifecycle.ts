import {
  Method,
  PROTOCOL_VERSION,
  isChannelName,
  utf8Length,
  type InitializeResult,
  type Limits,
  type Op,
  type StatusReason,
} from '../shared/index.ts';
import type { GeneratorConnection, WarmTransport } from './connection.ts';
import type { DialogHost } from './dialogs/host-dialogs.ts';
import { SuipHostError } from './host-error.ts';
import type {
  GeneratorHandle,
  GeneratorStatus,
  MountOptions,
  SuipErrorDetail,
  SuipStatusDetail,
} from './renderer-types.ts';
import { RendererSession, type ApplyResult } from '../core/session/renderer-session.ts';
import { heldUntil } from './held-channel.ts';

/** What the renderer lends every generator's lifecycle. */
export interface LifecycleHost {
  limits: Limits;
  /** The 1.0 part of the initialize result, shared by all generators. */
  baseResult: Omit<InitializeResult, 'outputs' | 'inputs' | 'adopted' | 'capabilities'>;
  initializeTimeoutMs: number;
  /**
   * The vocabulary's prose, installed (a promise while its chunk loads, undefined once there): the initialize result
   * waits for it.
   */
  prose(): Promise<void> | undefined;
  dialogs: DialogHost;
  /** Apply a transaction to this generator's subtree (all or nothing). */
  apply(id: string, ops: readonly Op[]): ApplyResult;
  /**
   * The generator is gone: forget it and remove (or keep) its subtree. A kept subtree may come
   * with its transport, kept warm for the generator that adopts it.
   */
  ended(lifecycle: GeneratorLifecycle, keep: boolean, warm?: WarmTransport): void;
  status(detail: SuipStatusDetail): void;
  error(detail: SuipErrorDetail): void;
  /** Devtools tap; undefined when nobody listens. */
  traffic(id: string, direction: 'in' | 'out', text: string): void;
}

/**
 * One generator from attach to teardown, whatever connects it: the handshake on its channel,
 * status events, the 1.1 data plane and dialogs, and the end (detached, kept, terminated).
 */
export class GeneratorLifecycle {
  status: GeneratorStatus = 'starting';
  session: RendererSession | undefined;
  /** `performance.now()` of the last user event routed to this generator (gates its dialogs). */
  lastUserAction: number | undefined;
  readonly handle: GeneratorHandle;
  readonly started: Promise<void>;
  private readonly outputs = new Set<(channel: string, value: unknown) => void>();
  private settle: ((error?: SuipHostError) => void) | undefined;
  /** An exception reported before `suip/initialized` (reported once ready). */
  private pendingError: string | undefined;
  private over = false;

  constructor(
    readonly options: MountOptions,
    private readonly connection: GeneratorConnection,
    private readonly host: LifecycleHost,
    /** The subtree handed over (`adopt`), sent in the initialize result. */
    private readonly adopted: InitializeResult['adopted'],
  ) {
    this.started = new Promise<void>((resolve, reject) => {
      this.settle = (error) => {
        this.settle = undefined;
        if (error) reject(error);
        else resolve();
      };
    });
    this.started.catch(() => undefined);
    const status = () => this.status;
    this.handle = {
      id: options.id,
      kind: connection.kind,
      get status() {
        return status();
      },
      detach: (detachOptions) => this.detach(detachOptions?.keep === true),
      input: (channel, value) => this.input(channel, value),
      onOutput: (listener) => {
        this.outputs.add(listener);
        return () => this.outputs.delete(listener);
      },
    };
  }

  get id(): string {
    return this.options.id;
  }

  /** Connect, run the handshake, resolve `started` on `suip/initialized` (or reject with why not). */
  start(): Promise<void> {
    this.setStatus('starting');
    const timer = setTimeout(
      () => this.end('error', 'initialize-timeout', `no suip/initialized within ${this.host.initializeTimeoutMs} ms`),
      this.host.initializeTimeoutMs,
    );
    this.connection.channel.then(
      (connected) => {
        if (this.over) return;
        // The initialize result carries the vocabulary's prose: hold the generator's messages while its chunk loads.
        const prose = this.host.prose();
        const channel =
          prose === undefined
            ? connected
            : heldUntil(connected, prose, (error) =>
                this.end(
                  'error',
                  'connect-failed',
                  `the vocabulary's prose could not be ` +
                    `loaded: ${error instanceof Error ? error.message : String(error)}`,
                ),
              );
        this.session = new RendererSession({
          channel,
          limits: this.host.limits,
          result: this.result(),
          apply: (ops) => this.host.apply(this.id, ops),
          onInitialized: () => {
            this.setStatus('ready');
            this.settle?.();
            if (this.pendingError !== undefined) this.setStatus('error', 'exception', this.pendingError);
          },
          onError: (error) => this.host.error({ generatorId: this.id, error }),
          onViolation: (reason, message) => {
            this.host.error({ generatorId: this.id, error: { code: -32005, message, data: { reason } } });
            this.end('terminated', reason, message);
          },
          onTraffic: (direction, text) => this.host.traffic(this.id, direction, text),
          onOutput: (channel, value) => this.emitOutput(channel, value),
          onDialog: (params) =>
            this.host.dialogs.request(params, {
              id: this.id,
              name: this.options.name ?? this.id,
              ...(this.options.originKind === undefined ? {} : { kind: this.options.originKind }),
              lastUserAction: this.lastUserAction,
            }),
        });
        this.connection.begin();
      },
      (error: unknown) =>
        this.end(
          'error',
          'connect-failed',
          `the generator could not be connected: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    return this.started.finally(() => clearTimeout(timer));
  }

  /** The generator's side ended (relay report, navigation, closed channel). */
  ended(reason: StatusReason, message: string): void {
    this.host.error({ generatorId: this.id, error: { code: -32005, message, data: { reason } } });
    this.end('terminated', reason, message);
  }

  /**
   * The program threw: reported; fatal before the handshake. A throwing event handler (`handled`)
   * is reported with its own reason and leaves the status alone: the program keeps running, and
   * a status of "error" would tell the host it had stopped.
   */
  exception(message: string, line: number | undefined, fatal: boolean, handled = false): void {
    const text = `${message}${line !== undefined ? ` (line ${line})` : ''}`;
    this.host.error({
      generatorId: this.id,
      error: {
        code: -32603,
        message: `the generator's code threw: ${text}`,
        data: { reason: handled ? 'handler-exception' : 'exception' },
      },
    });
    if (handled && !fatal) return;
    // A script that failed before the handshake (e.g. a syntax error) cannot recover: tear down.
    if (fatal) this.end('error', 'startup-failed', text);
    // The report travels on another port than the data and may overtake `suip/initialized`.
    else if (this.status === 'starting') this.pendingError = text;
    else this.setStatus('error', 'exception', text);
  }

  /**
   * `suip/shutdown`, then end the connection; the subtree is removed, or kept frozen with `keep`.
   * `hibernate` keeps it too, reported as status `hibernated` (the renderer wakes it later).
   */
  async detach(keep: boolean, hibernate = false): Promise<void> {
    if (this.over) return;
    await this.session?.shutdown();
    this.connection.stop();
    if (hibernate)
      this.end(
        'hibernated',
        'detached',
        'hibernated: its Worker and frame ended, its subtree is kept on screen until the next interaction',
        true,
      );
    else this.end('terminated', 'detached', keep ? 'detached; its subtree is kept on screen' : 'detached', keep);
  }

  /** End everything once; reports the status and settles a pending attach. */
  end(status: 'terminated' | 'error' | 'hibernated', reason: StatusReason, message: string, keep = false): void {
    if (this.over) return;
    this.over = true;
    this.session?.close();
    // Only a generator detached on purpose hands its transport on; a broken one is torn down.
    // A hibernated one frees its frame too: memory is what hibernation is for.
    const warm = keep && reason === 'detached' && status !== 'hibernated' ? this.connection.release?.() : undefined;
    if (warm === undefined) this.connection.destroy();
    this.outputs.clear();
    this.host.ended(this, keep, warm);
    this.setStatus(status, reason, message);
    this.settle?.(
      new SuipHostError('start-failed', `generator ${JSON.stringify(this.id)} did not start: ${message}`, {
        reason,
        generatorId: this.id,
      }),
    );
  }

  private result(): InitializeResult {
    const outputs = this.options.outputs ?? [];
    return {
      ...this.host.baseResult,
      protocolVersion: PROTOCOL_VERSION,
      capabilities: { input: true, output: true, dialogs: true },
      outputs: [...outputs],
      ...(this.options.inputs !== undefined ? { inputs: [...this.options.inputs] } : {}),
      ...(this.adopted !== undefined ? { adopted: this.adopted } : {}),
    };
  }

  private input(channel: string, value: unknown): void {
    if (!isChannelName(channel))
      throw new SuipHostError(
        'invalid-option',
        `input(${JSON.stringify(String(channel).slice(0, 80))}, …): a ` +
          `channel name is 1–64 characters of a-z 0-9 _ : . -`,
        { option: 'channel', generatorId: this.id },
      );
    const declared = this.options.inputs;
    if (declared !== undefined && !declared.includes(channel)) {
      const known =
        declared.length > 0
          ? `the declared ones are ${declared.map((name) => JSON.stringify(name)).join(', ')}`
          : 'it declared none';
      throw new SuipHostError(
        'invalid-option',
        `input(${JSON.stringify(channel)}, …): this mount did not declare the channel ` +
          `at attach (inputs), so the program was told it never comes; ${known}`,
        { option: 'channel', generatorId: this.id },
      );
    }
    const session = this.session;
    if (session === undefined || !session.ready)
      throw new SuipHostError(
        'not-ready',
        `generator ${JSON.stringify(this.id)} is ${this.status}; input needs a ready generator`,
        { generatorId: this.id },
      );
    let text: string | undefined;
    try {
      text = JSON.stringify({ jsonrpc: '2.0', method: Method.input, params: { channel, value } });
    } catch {
      text = undefined;
    }
    if (text === undefined)
      throw new SuipHostError('invalid-option', 'input value is not JSON', { option: 'value', generatorId: this.id });
    if (utf8Length(text) > this.host.limits.maxMessageBytes)
      throw new SuipHostError(
        'limit-exceeded',
        `input on ${JSON.stringify(channel)} is larger than maxMessageBytes ${this.host.limits.maxMessageBytes}`,
        { limit: 'maxMessageBytes', generatorId: this.id },
      );
    if (!session.sendInput(channel, value))
      throw new SuipHostError(
        'unsupported',
        `generator ${JSON.stringify(this.id)} did not announce the "input" capability (a 1.0 generator)`,
        { generatorId: this.id },
      );
  }

  private emitOutput(channel: string, value: unknown): void {
    for (const listener of this.outputs) {
      try {
        listener(channel, value);
      } catch (error) {
        // A host listener's bug must not break the session it listens to.
        reportLater(error);
      }
    }
  }

  private setStatus(status: GeneratorStatus, reason?: StatusReason, message?: string): void {
    this.status = status;
    this.host.status({
      generatorId: this.id,
      status,
      ...(reason !== undefined ? { reason } : {}),
      ...(message !== undefined ? { message } : {}),
    });
  }
}

/** Report a listener's error later, so one broken devtools listener does not stop the others. */
export function reportLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
