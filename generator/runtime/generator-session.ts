import { JSONRPCClient, JSONRPCServer, type JSONRPCRequest, type JSONRPCResponse } from 'json-rpc-2.0';
import type { Channel } from '../../shared/channel.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { EventParams } from '../../shared/event.ts';
import type { InitializeResult } from '../../shared/handshake.ts';
import { DEFAULT_LIMITS, type Limits } from '../../shared/limits.ts';
import { withinBytes } from '../../shared/message.ts';
import { Method } from '../../shared/methods.ts';
import type { Op } from '../../shared/ops.ts';
import type { DialogParams, DialogResult } from '../../shared/dialog.ts';
import type { GroupParticle } from '../../shared/particle.ts';
import type { SuipErrorObject } from '../../shared/error.ts';
import { PROTOCOL_VERSION } from '../../shared/version.ts';
import { diff } from '../diff/diff.ts';
import { patchOps } from './patch-ops.ts';
import type { HandlerEvent, ModelParticle } from './builders.ts';
import { DataPlane } from './data-plane.ts';
import { handled } from './handled.ts';
import { createFlushScheduler } from './flush-queue.ts';
import { HandlerError } from './handler-error.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { ProgramError, checkTypes } from './model-check.ts';
import type { TextNoticeHook } from './text-notice.ts';
import { SuipError, toErrorObject } from './suip-error.ts';
import { createNoticeGate, refusalNotice } from '../../shared/refusal-notice.ts';
import { laneWithinBytes, type InPageLane } from './in-page-lane.ts';

/** Options of a generator session. */
export interface GeneratorSessionOptions {
  /** The data channel to the renderer (a MessagePort in the Worker, a memory channel in tests). */
  channel: Channel;
  /** Name and version announced in `suip/initialize`. */
  generator?: { name: string; version: string };
  /** Called with exceptions thrown by the model's handlers (the host reports them). */
  onUncaught?: (error: unknown) => void;
  /**
   * The in-page lane: when the renderer has filled in `dispatch` (an adapter's translator running
   * in the host page, `createLocalGenerator({lane: true})`), the handshake and every transaction
   * are handed to it as JSON-RPC values and answered by its return value: no JSON text written or
   * parsed. Events from the renderer, `suip/error` notices and the shutdown stay on `channel`.
   */
  lane?: InPageLane;
}

interface Deferred {
  resolve(): void;
  reject(error: SuipError): void;
}

/** One unit of work waiting for the channel: a raw `ops()` call. */
interface RawJob {
  ops: readonly Op[];
  waiters: Deferred[];
  /** The root the renderer holds once this job is applied (render jobs only). */
  root?: GroupParticle;
}

/**
 * The generator end of a SUIP session: the handshake, `render` (diff against what the renderer
 * has, one transaction per task), raw `ops`, events to handler functions, and errors back to the
 * model. At most one transaction is unacknowledged at a time; renders issued meanwhile coalesce
 * into the newest tree, so a fast loop cannot queue unbounded work.
 */
export class GeneratorSession {
  /** The handshake result, once initialized. */
  result: InitializeResult | undefined;
  private readonly client: JSONRPCClient;
  private readonly server = new JSONRPCServer();
  private readonly registry = new HandlerRegistry();
  private readonly errorHooks = new Set<(error: SuipError) => void>();
  private readonly shutdownHooks = new Set<() => void>();
  private readonly schedule: () => void;
  /** The 1.1 data plane and dialogs. */
  private readonly plane: DataPlane;
  private readonly raw: RawJob[] = [];
  /** The root the renderer holds (acknowledged). */
  private acked: GroupParticle | undefined;
  /**
   * The newest root asked for by `render`, not yet sent: the program's own tree, converted to the
   * wire only when it is sent. A program that renders per token while a transaction is in flight
   * pays for the conversion of the one tree that goes, not of every tree it superseded.
   */
  private wanted: ModelParticle | undefined;
  private waiters: Deferred[] = [];
  private inFlight = false;
  /** Model groups whose subtree `checkTypes` passed against this session's vocabulary. */
  private readonly typesChecked = new WeakSet<object>();
  /** Refusal warnings the program hears, once each and rate-limited (shared/refusal-notice.ts). */
  private readonly notices = createNoticeGate();
  /** Registry size above which handlers of removed groups are pruned. */
  private pruneAt = 64;
  private closed = false;
  /**
   * The last render's transaction was applied: `acked` is what its caller last asked for (`renderChange` builds on it).
   */
  private clean = true;
  /** Shutdown was asked for: nothing is sent but its answer. */
  private stopping = false;

  constructor(private readonly options: GeneratorSessionOptions) {
    this.client = new JSONRPCClient((payload: unknown) => {
      if (!this.closed) options.channel.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
    }, nextId);
    this.schedule = createFlushScheduler(() => this.flush());
    this.plane = new DataPlane({
      client: this.client,
      send: (text) => {
        if (!this.closed && !this.stopping) options.channel.send(text);
      },
      result: () => this.result,
      open: () => !this.closed && !this.stopping,
      onUncaught: (error) => options.onUncaught?.(error),
      onRefused: (error) => this.emitError(error),
    });
    this.server.addMethod(Method.event, (params) => this.dispatchEvent(params as EventParams));
    this.server.addMethod(Method.error, (params) => this.emitError(new SuipError(toErrorObject(params))));
    this.server.addMethod(Method.shutdown, () => this.shutdown());
    this.server.addMethod(Method.input, (params) => this.plane.dispatchInput(params));
    options.channel.onMessage((text) => this.receive(text));
  }

  /** The limits in force (announced by the renderer). */
  get limits(): Limits {
    return this.result?.limits ?? DEFAULT_LIMITS;
  }

  /** `suip/initialize` → result → `suip/initialized`. Resolves with the renderer's result. */
  async initialize(): Promise<InitializeResult> {
    const generator = this.options.generator ?? { name: 'suip-generator', version: '0.1.0' };
    const capabilities = { textAppend: true, moves: true, input: true, output: true, adopt: true };
    const params = { protocolVersion: PROTOCOL_VERSION, generator, capabilities };
    const lane = this.options.lane;
    if (lane?.dispatch !== undefined) {
      // The renderer's session for this mount starts a microtask after the attach that made it.
      await Promise.resolve();
      const id = nextId();
      const answer = lane.dispatch([{ jsonrpc: '2.0', method: Method.initialize, params, id }]);
      // Nothing taken (the vocabulary's prose is still loading): the channel carries the handshake.
      if (answer.length > 0) {
        const reply = answerTo(answer, id);
        if (reply.error !== undefined) throw new SuipError(reply.error);
        const result = reply.result as InitializeResult;
        this.result = result;
        const error = answerTo(
          lane.dispatch([{ jsonrpc: '2.0', method: Method.initialized, params: {} }]),
          undefined,
        ).error;
        if (error !== undefined) throw new SuipError(error);
        return result;
      }
    }
    const result = (await this.client.request(Method.initialize, params)) as InitializeResult;
    this.result = result;
    // Hand-over (1.1): the renderer already shows this subtree; the first render is diffed against
    // it, so what is on screen is changed, not rebuilt.
    const adopted = result.adopted;
    if (adopted !== undefined && typeof adopted === 'object' && adopted !== null && 'group' in adopted)
      this.acked = adopted;
    this.client.notify(Method.initialized, {});
    return result;
  }

  /**
   * Show `tree`: a plain group (no type, no `on`) becomes the generator root's children; any
   * other particle is rendered as the root's single child `"root"`. Resolves when the renderer
   * applied the transaction holding this tree (or a newer one); rejects with its error.
   */
  render(tree: ModelParticle): Promise<void> {
    if (this.closed || this.stopping)
      return handled(
        Promise.reject(
          new SuipError({
            code: ErrorCode.NotInitialized,
            message: 'the renderer shut this generator down; render() does nothing now',
          }),
        ),
      );
    try {
      // An unknown type would only show the host's fallback box: say so now, with the nearest type.
      checkTypes(
        tree,
        this.result?.vocabulary ?? [],
        this.typesChecked,
        this.textNotices(asRoot(tree) === tree ? [] : ['root']),
      );
    } catch (error) {
      if (error instanceof ProgramError) {
        // The program's mistake, found before sending: the program hears it (onError, the
        // rejected promise) and so does the host, with the program's line (an exception report).
        const problem = new SuipError({ code: ErrorCode.InvalidParams, message: error.message });
        this.emitError(problem);
        this.options.onUncaught?.(error);
        return handled(Promise.reject(problem));
      }
      return handled(
        Promise.reject(
          new SuipError({
            code: ErrorCode.InvalidParams,
            message: `render() could not read the tree: ${messageOf(error)}`,
          }),
        ),
      );
    }
    this.wanted = asRoot(tree);
    const promise = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return handled(promise);
  }

  /**
   * `render(tree)` when the caller knows the one place `tree` differs from the tree it rendered
   * last: `change.path` (ids below the generator root, as `render` places them) now holds
   * `change.particle`. Only that particle is type-checked, converted and diffed against what the
   * renderer holds there, and the ops are the ones `render`'s diff would send (the same choice
   * between fine ops and replacing an ancestor; see `patchOps`); the renderer validates, applies
   * and answers them as any transaction. Falls back to `render(tree)` whenever that cannot be
   * guaranteed: work still queued, the last transaction refused (the renderer's tree is then not the
   * caller's last one), no such path on screen, moves, or a tree the particle does not type-check in.
   */
  renderChange(tree: ModelParticle, change: { path: readonly string[]; particle: ModelParticle }): Promise<void> {
    const base = this.acked;
    if (
      !this.clean ||
      base === undefined ||
      this.inFlight ||
      this.raw.length > 0 ||
      this.wanted !== undefined ||
      this.closed ||
      this.stopping ||
      change.path.length === 0
    )
      return this.render(tree);
    let patched: { ops: Op[]; root: GroupParticle } | undefined;
    try {
      checkTypes(change.particle, this.result?.vocabulary ?? [], this.typesChecked, this.textNotices(change.path));
      patched = patchOps(base, change.path, this.registry.toWire(change.particle, change.path));
    } catch {
      patched = undefined;
    }
    if (patched === undefined) return this.render(tree);
    const { ops, root } = patched;
    const promise = new Promise<void>((resolve, reject) =>
      this.raw.push({ ops, waiters: [{ resolve, reject }], root }),
    );
    this.schedule();
    return handled(promise);
  }

  /** Send raw ops as one transaction (not diffed; `render` keeps diffing against its own last tree). */
  ops(list: readonly Op[]): Promise<void> {
    if (this.closed || this.stopping)
      return handled(
        Promise.reject(
          new SuipError({ code: ErrorCode.NotInitialized, message: 'the renderer shut this generator down' }),
        ),
      );
    const promise = new Promise<void>((resolve, reject) =>
      this.raw.push({ ops: [...list], waiters: [{ resolve, reject }] }),
    );
    this.schedule();
    return handled(promise);
  }

  /** Register an error hook: every error the renderer reports reaches it. Returns an unsubscribe. */
  onError(hook: (error: SuipError) => void): () => void {
    this.errorHooks.add(hook);
    return () => this.errorHooks.delete(hook);
  }

  /** Hear values the host sends on `channel` (`suip/input`, protocol 1.1). Returns an unsubscribe. */
  onInput(channel: string, hook: (value: unknown) => void): () => void {
    return this.plane.onInput(channel, hook);
  }

  /** Send `value` to the host on `channel` (`suip/output`, protocol 1.1); throws when the host did not allow it. */
  output(channel: string, value: unknown): void {
    this.plane.output(channel, value);
  }

  /** Ask the user through a host dialog (`suip/dialog`, protocol 1.1) and resolve with the answer. */
  dialog(params: DialogParams): Promise<DialogResult> {
    return this.plane.dialog(params);
  }

  /** Register a hook run when the renderer shuts the generator down. */
  onShutdown(hook: () => void): () => void {
    this.shutdownHooks.add(hook);
    return () => this.shutdownHooks.delete(hook);
  }

  private flush(): void {
    if (this.inFlight || this.closed || this.stopping) return;
    const job = this.raw.shift() ?? this.takeRender();
    if (job === undefined) return;
    const { ops, waiters, root } = job;
    if (ops.length === 0) return this.settle(waiters, root, undefined);
    // Only the last op carries an id: one answer acknowledges the whole transaction. Ids are the
    // client's own counter, so they never collide with the handshake's.
    const requests: JSONRPCRequest[] = ops.map((op, index) =>
      index === ops.length - 1
        ? { jsonrpc: '2.0', method: op.method, params: op.params, id: nextId() }
        : { jsonrpc: '2.0', method: op.method, params: op.params },
    );
    // A one-op transaction goes as a single request rather than a batch of one: streaming sends one
    // op per token, and the envelope is most of its bytes.
    const dispatch = this.options.lane?.dispatch;
    if (dispatch !== undefined) return this.flushInPage(requests, waiters, root, dispatch);
    const text = JSON.stringify(requests.length === 1 ? requests[0] : requests);
    // Checked here so the model gets a repairable error instead of being terminated by the relay.
    if (!withinBytes(text, this.limits.maxMessageBytes)) {
      return this.settle(
        waiters,
        undefined,
        new SuipError({
          code: ErrorCode.LimitExceeded,
          message:
            `this transaction is larger than ` +
            `maxMessageBytes ${this.limits.maxMessageBytes}; render less at ` +
            `once (it was not sent)`,
          data: { reason: 'bytes' },
        }),
      );
    }
    this.inFlight = true;
    const answered =
      requests.length === 1
        ? this.client.requestAdvanced(requests[0]!).then((response) => [response])
        : this.client.requestAdvanced(requests);
    answered.then(
      (responses: JSONRPCResponse[]) => {
        this.inFlight = false;
        const failed = responses.find((response) => response.error !== undefined && response.error !== null);
        this.settle(waiters, root, failed ? new SuipError(toErrorObject(failed.error)) : undefined);
      },
      // No answer will come (the session closed with the transaction in flight): the waiters learn
      // it instead of hanging, and the renderer's tree is not assumed to hold `root`.
      (error: unknown) => {
        this.inFlight = false;
        this.settle(
          waiters,
          undefined,
          new SuipError({
            code: ErrorCode.NotInitialized,
            message: `the transaction was not acknowledged: ${error instanceof Error ? error.message : String(error)}`,
          }),
        );
      },
    );
  }

  /**
   * `flush` on the in-page lane: the same requests, handed to the renderer's session as values; its
   * answer to the last one settles the transaction. The byte bound is the wire's, on the text the
   * requests would make (`laneWithinBytes`), and `maxOpsPerMessage` the parse's.
   */
  private flushInPage(
    requests: JSONRPCRequest[],
    waiters: Deferred[],
    root: GroupParticle | undefined,
    dispatch: NonNullable<InPageLane['dispatch']>,
  ): void {
    const limits = this.limits;
    if (!laneWithinBytes(requests, limits.maxMessageBytes) || requests.length > limits.maxOpsPerMessage) {
      const bytes = requests.length <= limits.maxOpsPerMessage;
      return this.settle(
        waiters,
        undefined,
        new SuipError({
          code: ErrorCode.LimitExceeded,
          message: bytes
            ? `this transaction is larger than ` +
              `maxMessageBytes ${limits.maxMessageBytes}; render less at once ` +
              `(it was not sent)`
            : `this transaction has ${requests.length} ops; maxOpsPerMessage ` +
              `is ${limits.maxOpsPerMessage}; render less at once (it was not sent)`,
          data: { reason: bytes ? 'bytes' : 'ops' },
        }),
      );
    }
    const error = answerTo(dispatch(requests), requests.at(-1)!.id).error;
    this.settle(
      waiters,
      error === undefined ? root : undefined,
      error === undefined ? undefined : new SuipError(error),
    );
  }

  private takeRender(): RawJob | undefined {
    const model = this.wanted;
    if (model === undefined) return undefined;
    const waiters = this.waiters;
    this.wanted = undefined;
    this.waiters = [];
    let root: GroupParticle;
    try {
      root = this.registry.toWire(model, []) as GroupParticle;
    } catch (error) {
      return this.refuseRender(waiters, `render() could not read the tree: ${messageOf(error)}`);
    }
    try {
      return { ops: diff(this.acked, root), waiters, root };
    } catch (error) {
      return this.refuseRender(waiters, `render() could not diff the tree: ${messageOf(error)}`);
    }
  }

  /** Settle a render that cannot be sent with `message`, and take the next one. */
  private refuseRender(waiters: Deferred[], message: string): RawJob | undefined {
    this.settle(waiters, undefined, new SuipError({ code: ErrorCode.InvalidParams, message }));
    return this.takeRender();
  }

  private settle(waiters: Deferred[], root: GroupParticle | undefined, error: SuipError | undefined): void {
    if (error === undefined && root !== undefined) this.acked = root;
    if (root !== undefined || error !== undefined) this.clean = error === undefined;
    // Handlers of removed groups would pile up in a long session; pruning is a full walk, so it
    // runs only when the registry has doubled since the last one (amortized O(1) per handler).
    if (this.acked !== undefined && this.wanted === undefined && this.registry.size > this.pruneAt) {
      this.registry.prune(this.acked);
      this.pruneAt = 2 * this.registry.size + 64;
    }
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    if (error) this.emitError(error);
    if (this.raw.length > 0 || this.wanted !== undefined) this.schedule();
  }

  /**
   * Warn of texts under `prefix` the host shows other than written (text-notice.ts: markdown in a
   * plain string, HTML).
   */
  private textNotices(prefix: readonly string[]): TextNoticeHook {
    return (path, { reason, detail, fix }) => this.refused(refusalNotice([...prefix, ...path], reason, detail, fix));
  }

  /** The program hears a refusal (a `Refused` warning) through its `onError`, once and rate-limited. */
  private refused(notice: SuipErrorObject): void {
    const passed = this.notices(notice);
    // After the current task's render: a notice found while render() checks the tree would
    // otherwise reach an onError that renders (showing the notice) inside that render, whose own
    // older tree then replaced the one the handler rendered.
    if (passed !== undefined) queueMicrotask(() => this.emitError(new SuipError(passed)));
  }

  private emitError(error: SuipError): void {
    for (const hook of this.errorHooks) {
      try {
        hook(error);
      } catch (thrown) {
        this.options.onUncaught?.(thrown);
      }
    }
  }

  private dispatchEvent(params: EventParams): void {
    const fn = this.closed || this.stopping ? undefined : this.registry.lookup(params?.handler);
    if (fn === undefined) return; // unknown, stale or post-shutdown ids are ignored
    const event: HandlerEvent = { event: params.event, path: [...(params.path ?? [])] };
    const payload = params.payload as Record<string, unknown> | null;
    if (payload && typeof payload.value === 'string') event.value = payload.value;
    if (payload && typeof payload.checked === 'boolean') event.checked = payload.checked;
    if (payload && Array.isArray(payload.formData))
      event.formData = Object.fromEntries(payload.formData as Array<[string, string]>);
    if (typeof params.key === 'string') event.key = params.key;
    // A throwing handler is the program's bug in one place: it is reported with the handler's
    // name (to the host and to the program's onError), and the session goes on serving events.
    const fail = (error: unknown) => {
      const wrapped = new HandlerError(event.event, event.path, error);
      this.emitError(wrapped.report);
      this.options.onUncaught?.(wrapped);
    };
    try {
      const result = fn(event);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  }

  private shutdown(): Record<string, never> {
    for (const hook of this.shutdownHooks) {
      try {
        hook();
      } catch (error) {
        this.options.onUncaught?.(error);
      }
    }
    // Go quiet now; the answer itself is still sent (see `receive`), then the session closes.
    this.stopping = true;
    this.registry.clear();
    return {};
  }

  private receive(text: unknown): void {
    if (typeof text !== 'string') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    for (const message of Array.isArray(value) ? value : [value]) {
      if (typeof message !== 'object' || message === null) continue;
      const record = message as Record<string, unknown>;
      if (typeof record.method === 'string') {
        void this.server.receive(record as unknown as JSONRPCRequest).then((response) => {
          if (response !== null && !this.closed) this.options.channel.send(JSON.stringify(response));
          if (this.stopping) this.closed = true;
        });
      } else if (record.id === null && record.error !== undefined) {
        // A message the renderer could not even parse: no request to answer, so it is reported.
        this.emitError(new SuipError(toErrorObject(record.error)));
      } else {
        this.client.receive(record as unknown as JSONRPCResponse);
      }
    }
  }
}

/**
 * The in-page lane's reply to the request `id` among what the renderer answered: its result, or
 * the error it (or, with no answer to that id, a `suip/error` notice or an id-less error) carries.
 * No answer at all: the session is gone or ended the generator, as an unanswered request on the wire.
 */
function answerTo(answer: unknown[], id: unknown): { result?: unknown; error?: SuipErrorObject } {
  const replies = answer.flat() as Array<{ id?: unknown; result?: unknown; error?: unknown; params?: unknown }>;
  const reply = replies.find((r) => id !== undefined && r.id === id) ?? replies[0];
  const error = reply?.error ?? reply?.params;
  if (error !== undefined) return { error: toErrorObject(error) };
  if (reply === undefined && id !== undefined)
    return {
      error: {
        code: ErrorCode.NotInitialized,
        message: 'the transaction was not acknowledged: the renderer ended this generator',
      },
    };
  return { result: reply?.result };
}

let counter = 0;
function nextId(): number {
  counter += 1;
  return counter;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function asRoot(tree: ModelParticle): ModelParticle {
  if (typeof tree === 'object' && tree !== null && 'group' in tree && tree.type === undefined && tree.on === undefined)
    return tree;
  return { group: [['root', tree]] };
}
