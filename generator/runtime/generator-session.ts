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
import { PROTOCOL_VERSION } from '../../shared/version.ts';
import { diff } from '../diff/diff.ts';
import type { HandlerEvent, ModelParticle } from './builders.ts';
import { DataPlane } from './data-plane.ts';
import { handled } from './handled.ts';
import { createFlushScheduler } from './flush-queue.ts';
import { HandlerError } from './handler-error.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { ProgramError, checkTypes } from './model-check.ts';
import { SuipError, toErrorObject } from './suip-error.ts';

/** Options of a generator session. */
export interface GeneratorSessionOptions {
  /** The data channel to the renderer (a MessagePort in the Worker, a memory channel in tests). */
  channel: Channel;
  /** Name and version announced in `suip/initialize`. */
  generator?: { name: string; version: string };
  /** Called with exceptions thrown by the model's handlers (the host reports them). */
  onUncaught?: (error: unknown) => void;
}

interface Deferred {
  resolve(): void;
  reject(error: SuipError): void;
}

/**
 * Most op transactions this generator keeps unacknowledged when the renderer offers pipelining
 * (docs/protocol.md §6.1). 16 covers a stream of 150 tokens a second across a frame the renderer
 * takes 100 ms to acknowledge, and keeps the rollback after a refusal small.
 */
export const PIPELINE_WINDOW = 16;

/** A transaction sent and not yet acknowledged. */
interface Sent {
  /** The request id of its last op: the id the answer, `suip/ack` or the refusal names. */
  id: number;
  waiters: Deferred[];
  /** The root the renderer holds once it is applied (render transactions only). */
  root?: GroupParticle;
  /** Length of its message in UTF-16 units (at least its UTF-8 bytes ÷ 3; the in-flight bound). */
  bytes: number;
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
 * model. At most one transaction is unacknowledged at a time — or up to the pipelining window
 * both ends announced (each diffed against the tree sent before it, optimistically) — and at most
 * `maxMessageBytes` of them; renders issued meanwhile coalesce into the newest tree, so a fast
 * loop cannot queue unbounded work. A refusal inside the window rolls back to the acknowledged
 * tree and re-diffs the newest wanted tree from there (docs/protocol.md §6.1).
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
  /** The root the renderer will hold once every transaction in flight is applied (optimistic). */
  private sent: GroupParticle | undefined;
  /** The newest root asked for by `render`, not yet sent. */
  private wanted: GroupParticle | undefined;
  private waiters: Deferred[] = [];
  /** Transactions sent and not yet acknowledged, oldest first. */
  private readonly inFlight: Sent[] = [];
  private inFlightBytes = 0;
  /** Most transactions in flight: 1, or the pipelining window both ends announced. */
  private window = 1;
  /** Model groups whose subtree `checkTypes` passed against this session's vocabulary. */
  private readonly typesChecked = new WeakSet<object>();
  /** Registry size above which handlers of removed groups are pruned. */
  private pruneAt = 64;
  private closed = false;
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
    const capabilities = { textAppend: true, moves: true, input: true, output: true, adopt: true, pipeline: { window: PIPELINE_WINDOW } };
    const result = (await this.client.request(Method.initialize, { protocolVersion: PROTOCOL_VERSION, generator, capabilities })) as InitializeResult;
    this.result = result;
    // Hand-over (1.1): the renderer already shows this subtree; the first render is diffed against
    // it, so what is on screen is changed, not rebuilt.
    const adopted = result.adopted;
    if (adopted !== undefined && typeof adopted === 'object' && adopted !== null && 'group' in adopted) this.acked = this.sent = adopted;
    // Pipelining only when the renderer offers it: a renderer that does not would apply a
    // transaction diffed against a refused one.
    const offered = result.capabilities?.pipeline?.window;
    if (typeof offered === 'number' && Number.isInteger(offered) && offered > 1) this.window = Math.min(offered, PIPELINE_WINDOW);
    this.client.notify(Method.initialized, {});
    return result;
  }

  /**
   * Show `tree`: a plain group (no type, no `on`) becomes the generator root's children; any
   * other particle is rendered as the root's single child `"root"`. Resolves when the renderer
   * applied the transaction holding this tree (or a newer one); rejects with its error.
   */
  render(tree: ModelParticle): Promise<void> {
    if (this.closed || this.stopping) return handled(Promise.reject(new SuipError({ code: ErrorCode.NotInitialized, message: 'the renderer shut this generator down; render() does nothing now' })));
    let root: GroupParticle;
    try {
      // An unknown type would only show the host's fallback box: say so now, with the nearest type.
      checkTypes(tree, this.result?.vocabulary ?? [], this.typesChecked);
      root = this.registry.toWire(asRoot(tree), []) as GroupParticle;
    } catch (error) {
      if (error instanceof ProgramError) {
        // The program's mistake, found before sending: the program hears it (onError, the
        // rejected promise) and so does the host, with the program's line (an exception report).
        const problem = new SuipError({ code: ErrorCode.InvalidParams, message: error.message });
        this.emitError(problem);
        this.options.onUncaught?.(error);
        return handled(Promise.reject(problem));
      }
      return handled(Promise.reject(new SuipError({ code: ErrorCode.InvalidParams, message: `render() could not read the tree: ${error instanceof Error ? error.message : String(error)}` })));
    }
    this.wanted = root;
    const promise = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return handled(promise);
  }

  /** Send raw ops as one transaction (not diffed; `render` keeps diffing against its own last tree). */
  ops(list: readonly Op[]): Promise<void> {
    if (this.closed || this.stopping) return handled(Promise.reject(new SuipError({ code: ErrorCode.NotInitialized, message: 'the renderer shut this generator down' })));
    const promise = new Promise<void>((resolve, reject) => this.raw.push({ ops: [...list], waiters: [{ resolve, reject }] }));
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

  /** Send what is queued, as long as the window (transactions and bytes in flight) allows. */
  private flush(): void {
    while (!this.closed && !this.stopping && this.inFlight.length < this.window) {
      // SECURITY: bytes in flight are bounded too, so a loop of big renders cannot fill the port
      // with window × maxMessageBytes; one transaction may always go when nothing is in flight.
      if (this.inFlight.length > 0 && this.inFlightBytes >= this.limits.maxMessageBytes) return;
      const job = this.raw.shift() ?? this.takeRender();
      if (job === undefined) return;
      this.send(job);
    }
  }

  private send({ ops, waiters, root }: RawJob): void {
    if (ops.length === 0) {
      // Nothing to change: held once what is in flight is applied.
      const last = this.inFlight[this.inFlight.length - 1];
      if (last === undefined) return this.settle(waiters, root, undefined);
      last.waiters.push(...waiters);
      return;
    }
    // Only the last op carries an id: one answer acknowledges the whole transaction. Ids are the
    // client's own counter, so they never collide with the handshake's.
    const id = nextId();
    const requests: JSONRPCRequest[] = ops.map((op, index) => (index === ops.length - 1 ? { jsonrpc: '2.0', method: op.method, params: op.params, id } : { jsonrpc: '2.0', method: op.method, params: op.params }));
    // A one-op transaction goes as a single request rather than a batch of one: streaming sends one
    // op per token, and the envelope is most of its bytes.
    const text = JSON.stringify(requests.length === 1 ? requests[0] : requests);
    // Checked here so the model gets a repairable error instead of being terminated by the relay.
    if (!withinBytes(text, this.limits.maxMessageBytes)) {
      return this.settle(waiters, undefined, new SuipError({ code: ErrorCode.LimitExceeded, message: `this transaction is larger than maxMessageBytes ${this.limits.maxMessageBytes}; render less at once (it was not sent)`, data: { reason: 'bytes' } }));
    }
    const bytes = text.length;
    this.inFlight.push(root === undefined ? { id, waiters, bytes } : { id, waiters, root, bytes });
    this.inFlightBytes += bytes;
    if (root !== undefined) this.sent = root;
    try {
      this.options.channel.send(text);
    } catch (error) {
      // No answer will come (the port closed under it): the waiters learn it instead of hanging,
      // and the renderer's tree is not assumed to hold `root`.
      this.inFlight.pop();
      this.inFlightBytes -= bytes;
      this.sent = this.inFlight.findLast((entry) => entry.root !== undefined)?.root ?? this.acked;
      this.settle(waiters, undefined, new SuipError({ code: ErrorCode.NotInitialized, message: `the transaction was not acknowledged: ${error instanceof Error ? error.message : String(error)}` }));
    }
  }

  /** Every transaction up to and including `id` was applied (its answer, or `suip/ack`). */
  private applied(id: unknown): void {
    const at = this.inFlight.findIndex((entry) => entry.id === id);
    if (at < 0) return; // not ours, or dropped by a rollback: nothing to settle
    for (const entry of this.inFlight.splice(0, at + 1)) {
      this.inFlightBytes -= entry.bytes;
      this.settle(entry.waiters, entry.root, undefined);
    }
  }

  /**
   * The renderer refused transaction `id` (or, `id` null, could not read a message): everything
   * before it was applied, it and everything after it were not. With one transaction in flight
   * that is today's rule; with a window, the later ones were diffed against a tree the renderer
   * never held, so the session rolls back to the acknowledged tree, tells the renderer
   * (`suip/resync`) and re-diffs the newest wanted tree from there.
   */
  private refused(id: number | null, error: SuipError): void {
    const at = id === null ? 0 : this.inFlight.findIndex((entry) => entry.id === id);
    if (at < 0) return;
    for (const entry of this.inFlight.splice(0, id === null ? 0 : at)) {
      this.inFlightBytes -= entry.bytes;
      this.settle(entry.waiters, entry.root, undefined);
    }
    const failed = id === null ? undefined : this.inFlight.shift();
    const later = this.inFlight.splice(0);
    this.inFlightBytes = 0;
    this.sent = this.acked;
    if (this.window > 1 && !this.closed && !this.stopping) this.options.channel.send(JSON.stringify({ jsonrpc: '2.0', method: Method.resync, params: { id } }));
    // Renders after the refused one move onto the newest tree, re-diffed from the acknowledged
    // one: they resolve when it is applied, or reject with its own error. Raw ops were not
    // diffed, so they are not replayed: they fail, saying why.
    let newest: GroupParticle | undefined;
    const waiters: Deferred[] = [];
    const notApplied = new SuipError({ code: ErrorCode.OutOfSync, message: `not applied: transaction ${id ?? '(unreadable message)'} before it was refused (${error.message.slice(0, 200)}); send these ops again`, data: { reason: 'out-of-sync' } });
    for (const entry of later) {
      if (entry.root === undefined) this.settle(entry.waiters, undefined, notApplied, false);
      else {
        newest = entry.root;
        waiters.push(...entry.waiters);
      }
    }
    if (newest !== undefined) {
      this.wanted ??= newest;
      this.waiters = [...waiters, ...this.waiters];
    }
    if (failed !== undefined) this.settle(failed.waiters, undefined, error);
    else this.emitError(error);
    this.schedule();
  }

  private takeRender(): RawJob | undefined {
    const root = this.wanted;
    if (root === undefined) return undefined;
    const waiters = this.waiters;
    this.wanted = undefined;
    this.waiters = [];
    try {
      return { ops: diff(this.sent, root), waiters, root };
    } catch (error) {
      this.settle(waiters, undefined, new SuipError({ code: ErrorCode.InvalidParams, message: `render() could not diff the tree: ${error instanceof Error ? error.message : String(error)}` }));
      return this.takeRender();
    }
  }

  private settle(waiters: Deferred[], root: GroupParticle | undefined, error: SuipError | undefined, report = true): void {
    if (error === undefined && root !== undefined) this.acked = root;
    // Nothing in flight: what was sent is what is held (a transaction refused before sending).
    if (this.inFlight.length === 0) this.sent = this.acked;
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
    if (error && report) this.emitError(error);
    if (this.raw.length > 0 || this.wanted !== undefined) this.schedule();
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
    if (payload && Array.isArray(payload.formData)) event.formData = Object.fromEntries(payload.formData as Array<[string, string]>);
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
    // The renderer acknowledged what it applied before asking; the rest will never be applied.
    const gone = new SuipError({ code: ErrorCode.NotInitialized, message: 'the transaction was not acknowledged: the renderer shut this generator down' });
    for (const entry of this.inFlight.splice(0)) this.settle(entry.waiters, undefined, gone, false);
    for (const job of this.raw.splice(0)) this.settle(job.waiters, undefined, gone, false);
    this.wanted = undefined;
    this.settle(this.waiters.splice(0), undefined, gone, false);
    this.inFlightBytes = 0;
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
      if (record.method === Method.ack) {
        // The renderer's cumulative answer (pipelining): read here, not by the JSON-RPC server,
        // because it comes once a frame while streaming.
        const params = record.params as { through?: unknown } | null;
        if (typeof params === 'object' && params !== null) this.applied(params.through);
      } else if (typeof record.method === 'string') {
        void this.server.receive(record as unknown as JSONRPCRequest).then((response) => {
          if (response !== null && !this.closed) this.options.channel.send(JSON.stringify(response));
          if (this.stopping) this.closed = true;
        });
      } else if (record.id === null && record.error !== undefined) {
        // A message the renderer could not even parse: no request to answer, so it is reported;
        // with a window, what is in flight was sent after it and refused (docs/protocol.md §6.1).
        if (this.window > 1 && this.inFlight.length > 0) this.refused(null, new SuipError(toErrorObject(record.error)));
        else this.emitError(new SuipError(toErrorObject(record.error)));
      } else if (typeof record.id === 'number' && this.inFlight.some((entry) => entry.id === record.id)) {
        if (record.error !== undefined && record.error !== null) this.refused(record.id, new SuipError(toErrorObject(record.error)));
        else this.applied(record.id);
      } else {
        this.client.receive(record as unknown as JSONRPCResponse);
      }
    }
  }
}

let counter = 0;
function nextId(): number {
  counter += 1;
  return counter;
}

function asRoot(tree: ModelParticle): ModelParticle {
  if (typeof tree === 'object' && tree !== null && 'group' in tree && tree.type === undefined && tree.on === undefined) return tree;
  return { group: [['root', tree]] };
}

