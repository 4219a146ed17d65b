import {
  ErrorCode,
  Method,
  OP_METHODS,
  checkOp,
  isCall,
  opError,
  parseMessage,
  rolledBackError,
  type Channel,
  type EventParams,
  type InitializeParams,
  type InitializeResult,
  type Limits,
  type Op,
  type RpcCall,
  type RpcMessage,
  type RpcResponse,
  type SuipErrorObject,
} from '../../shared/index.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import type { DataParams } from '../../shared/data-plane.ts';
import type { DialogParams, DialogResult } from '../../shared/dialog.ts';
import { isCompatibleVersion } from '../../shared/version.ts';
import { checkDataParams, checkDialogParams, checkInitializeParams } from '../../shared/wire-checks.ts';
import { RpcClient } from './rpc-client.ts';

/** Outcome of applying a transaction to the generator's subtree (the tree's `TransactionResult`). */
export type ApplyResult = { ok: true } | { ok: false; error: SuipErrorObject };

/** What a renderer session needs from the renderer. */
export interface RendererSessionOptions {
  channel: Channel;
  limits: Limits;
  /** The `suip/initialize` result (vocabulary, limits, host context, renderer info). */
  result: InitializeResult;
  /** Apply one transaction to this generator's subtree, all or nothing. */
  apply(ops: readonly Op[]): ApplyResult;
  /** The generator finished the handshake (`suip/initialized`). */
  onInitialized(params: InitializeParams): void;
  /** An error the session sent back to the generator (rejected op, malformed message). */
  onError(error: SuipErrorObject): void;
  /** The generator broke a budget the renderer enforces itself (messages per second). */
  onViolation(reason: 'rate', message: string): void;
  /** Every data text in and out, for devtools. */
  onTraffic?(direction: 'in' | 'out', text: string): void;
  /** 1.1: a `suip/output` on a channel the host allowed (`result.outputs`). */
  onOutput?(channel: string, value: unknown): void;
  /**
   * 1.1: a `suip/dialog` request; resolves with the user's answer or rejects with the error the
   * generator gets (one dialog at a time, no dialog without a recent user action, …).
   */
  onDialog?(params: DialogParams): Promise<DialogResult>;
}

type State = 'new' | 'initializing' | 'ready' | 'closing' | 'closed';

const checkInitialize = checkInitializeParams;
const checkData = checkDataParams;
const checkDialog = checkDialogParams;

/**
 * The renderer end of one generator's session. Everything arriving is hostile: it is parsed at
 * the boundary (size before JSON.parse), ops are accepted only after `suip/initialized`, a batch
 * of ops is one all-or-nothing transaction, and every failure goes back to the generator with
 * the op's index, method and path — a JSON-RPC error for requests, a `suip/error` notification
 * when the failed messages were all notifications. Never throws.
 */
export class RendererSession {
  private state: State = 'new';
  private initializeParams: InitializeParams | undefined;
  private readonly client: RpcClient;
  private readonly rate: { take(): boolean };
  private readonly unsubscribe: () => void;
  /** Set while a lane call runs: what the session would send goes to the lane's caller instead. */
  private capture: ((payload: unknown) => void) | undefined;

  constructor(private readonly options: RendererSessionOptions) {
    this.rate = createRateBudget(options.limits.maxMessagesPerSecond);
    this.client = new RpcClient((payload: unknown) => this.send(payload));
    this.unsubscribe = options.channel.onMessage((text) => this.receive(text));
  }

  /** True once the generator sent `suip/initialized`. */
  get ready(): boolean {
    return this.state === 'ready';
  }

  /** Send a user event to the generator (`suip/event`); dropped unless ready. */
  sendEvent(params: EventParams): void {
    if (this.state === 'ready') this.client.notify(Method.event, params);
  }

  /**
   * Tell the generator of a refusal (a `Refused` warning, shared/refusal-notice.ts) as `suip/error`; dropped unless
   * ready.
   */
  sendNotice(notice: SuipErrorObject): void {
    if (this.state === 'ready') this.client.notify(Method.error, notice);
  }

  /** What the generator announced in `suip/initialize` (undefined before). */
  get capabilities(): InitializeParams['capabilities'] | undefined {
    return this.initializeParams?.capabilities;
  }

  /**
   * Send a value on a data-plane channel (`suip/input`, 1.1). Returns false when the generator is
   * not ready or did not announce the `input` capability (a 1.0 generator never sees the method).
   */
  sendInput(channel: string, value: unknown): boolean {
    if (this.state !== 'ready' || this.initializeParams?.capabilities.input !== true) return false;
    this.client.notify(Method.input, { channel, value });
    return true;
  }

  /** Ask the generator to shut down; resolves on its answer or after `timeoutMs`. Then the session is closed. */
  async shutdown(timeoutMs = 300): Promise<void> {
    if (this.state === 'closed' || this.state === 'closing') return;
    const wasReady = this.state === 'ready';
    // Closing: only responses are read now (the shutdown answer); calls and ops are ignored.
    this.state = 'closing';
    if (wasReady) {
      try {
        await this.client.request(Method.shutdown, {}, timeoutMs);
      } catch {
        // No answer in time: the frame is removed anyway.
      }
    }
    this.close();
  }

  /** Stop reading and writing. */
  close(): void {
    this.state = 'closed';
    this.unsubscribe();
    this.client.rejectAll('the session is closed');
  }

  private send(payload: unknown): void {
    if (this.capture !== undefined) return this.capture(payload);
    const text = JSON.stringify(payload);
    this.options.onTraffic?.('out', text);
    this.options.channel.send(text);
  }

  private receive(text: unknown): void {
    if (this.state === 'closed') return;
    if (typeof text === 'string') this.options.onTraffic?.('in', text);
    try {
      if (!this.rate.take()) {
        this.options.onViolation(
          'rate',
          `the generator sent more than ` +
            `maxMessagesPerSecond ${this.options.limits.maxMessagesPerSecond} ` +
            `messages per second`,
        );
        return;
      }
      const parsed = parseMessage(text, this.options.limits);
      if (!parsed.ok) return this.reject([], parsed.error, false, true);
      this.dispatch(parsed.messages, parsed.batch);
    } catch (error) {
      // Defence in depth: a bug here must not take the host down.
      this.reject(
        [],
        opError(
          ErrorCode.InternalError,
          `the renderer failed on this message (${error instanceof Error ? error.message : 'unknown'})`,
          {},
        ),
        false,
        true,
      );
    }
  }

  private dispatch(messages: RpcMessage[], batch: boolean): void {
    const calls: RpcCall[] = [];
    for (const message of messages) {
      if (isCall(message)) calls.push(message);
      else this.client.receive(message as RpcResponse);
    }
    if (calls.length === 0 || this.state === 'closing') return;
    const ops = calls.filter((call) => OP_METHODS.has(call.method));
    if (ops.length > 0) {
      if (ops.length !== calls.length) {
        const index = calls.findIndex((call) => !OP_METHODS.has(call.method));
        return this.reject(
          calls,
          opError(
            ErrorCode.InvalidRequest,
            `a batch is one transaction and may hold only ops, but entry ${index} ` +
              `is ${JSON.stringify(String(calls[index]!.method).slice(0, 64))}`,
            { index },
          ),
          batch,
        );
      }
      return this.transaction(calls, batch);
    }
    const responses: RpcResponse[] = [];
    let firstError: SuipErrorObject | undefined;
    let unanswered: SuipErrorObject | undefined;
    for (const call of calls) {
      const { response, error } = this.control(call);
      if (response) responses.push(response);
      firstError ??= error;
      if (error && !response) unanswered ??= error;
    }
    // SECURITY: one message yields at most one host event and one suip/error, however many
    // failing calls a hostile batch holds (no amplification of a flood into the host).
    if (firstError) this.options.onError(firstError);
    if (responses.length > 0) this.send(batch ? responses : responses[0]);
    if (unanswered) this.client.notify(Method.error, unanswered);
  }

  /** The non-op methods: the handshake. Anything else is not a method a generator may call. */
  private control(call: RpcCall): { response?: RpcResponse; error?: SuipErrorObject } {
    const id = call.id;
    const fail = (error: SuipErrorObject) =>
      id === undefined ? { error } : { error, response: { jsonrpc: '2.0', id, error } as RpcResponse };
    if (call.method === Method.initialize) {
      if (this.state !== 'new')
        return fail(
          opError(ErrorCode.InvalidRequest, 'suip/initialize may be sent only once', { method: call.method }),
        );
      const problem = checkInitialize.firstError(call.params);
      if (problem !== undefined)
        return fail(
          opError(ErrorCode.InvalidParams, `initialize params are malformed at ${problem}`, { method: call.method }),
        );
      if (id === undefined)
        return fail(
          opError(ErrorCode.InvalidRequest, 'suip/initialize must be a request (with an id)', { method: call.method }),
        );
      const version = (call.params as InitializeParams).protocolVersion;
      if (!isCompatibleVersion(version))
        return fail(
          opError(
            ErrorCode.InvalidParams,
            `protocolVersion ${JSON.stringify(version.slice(0, 16))} is not supported; this ` +
              `renderer speaks ${this.options.result.protocolVersion} and accepts any 1.x`,
            { method: call.method },
          ),
        );
      this.state = 'initializing';
      this.initializeParams = call.params as InitializeParams;
      return { response: { jsonrpc: '2.0', id, result: this.options.result } };
    }
    if (call.method === Method.initialized) {
      if (this.state === 'ready')
        return fail(
          opError(
            ErrorCode.InvalidRequest,
            'suip/initialized was sent already; send it once, after the suip/initialize result',
            { method: call.method },
          ),
        );
      if (this.state !== 'initializing')
        return fail(
          opError(ErrorCode.NotInitialized, 'suip/initialized must follow the suip/initialize result', {
            method: call.method,
          }),
        );
      this.state = 'ready';
      this.options.onInitialized(this.initializeParams!);
      return id === undefined ? {} : { response: { jsonrpc: '2.0', id, result: {} } };
    }
    if (call.method === Method.output) return this.output(call, fail);
    if (call.method === Method.dialog) return this.dialog(call, fail);
    // A model that invents an op (suip/ops/move, suip/ops/update) learns how the four ops do it.
    if (String(call.method).startsWith('suip/ops/')) {
      const name = String(call.method).slice(0, 64);
      return fail(
        opError(
          ErrorCode.MethodNotFound,
          `${JSON.stringify(name)} is not an op; the ops are suip/ops/append, insert, remove ` +
            `and replace. A move is a remove of the id followed, in the same batch, by an insert ` +
            `(or append) of the same id without "particle"; an update is a replace`,
          {},
        ),
      );
    }
    return fail(
      opError(
        ErrorCode.MethodNotFound,
        `${JSON.stringify(String(call.method).slice(0, 64))} is not a method a ` +
          `generator may call; it may call suip/initialize, suip/initialized, the ops ` +
          `suip/ops/append|insert|remove|replace and (1.1) suip/output, suip/dialog`,
        {},
      ),
    );
  }

  /** `suip/output` (1.1): accepted only when ready, announced, and on a channel the host allowed. */
  private output(
    call: RpcCall,
    fail: (error: SuipErrorObject) => { response?: RpcResponse; error?: SuipErrorObject },
  ): { response?: RpcResponse; error?: SuipErrorObject } {
    const method = call.method;
    if (this.state !== 'ready')
      return fail(opError(ErrorCode.NotInitialized, 'accepted only after suip/initialized', { method }));
    if (this.initializeParams?.capabilities.output !== true)
      return fail(
        opError(ErrorCode.MethodNotFound, 'needs the "output" capability in suip/initialize (protocol 1.1)', {
          method,
        }),
      );
    const problem = checkData.firstError(call.params);
    if (problem !== undefined)
      return fail(
        opError(
          ErrorCode.InvalidParams,
          `params are malformed at ${problem}; send {channel, value} with a channel of 1–64 characters a-z 0-9 _ : . -`,
          { method },
        ),
      );
    const { channel, value } = call.params as DataParams;
    const allowed = this.options.result.outputs ?? [];
    // SECURITY: a program reaches only the channels the host opened for it at attach.
    if (!allowed.includes(channel)) {
      const list =
        allowed.length > 0
          ? `it allows ${allowed.map((name) => JSON.stringify(name)).join(', ')}`
          : 'it allows none for this generator';
      return fail(
        opError(ErrorCode.PolicyViolation, `channel ${JSON.stringify(channel)} is not allowed by the host; ${list}`, {
          method,
        }),
      );
    }
    this.options.onOutput?.(channel, value);
    return call.id === undefined ? {} : { response: { jsonrpc: '2.0', id: call.id, result: {} } };
  }

  /** `suip/dialog` (1.1): a request answered when the user answers (or with the host's refusal). */
  private dialog(
    call: RpcCall,
    fail: (error: SuipErrorObject) => { response?: RpcResponse; error?: SuipErrorObject },
  ): { response?: RpcResponse; error?: SuipErrorObject } {
    const method = call.method;
    const id = call.id;
    if (this.state !== 'ready')
      return fail(opError(ErrorCode.NotInitialized, 'accepted only after suip/initialized', { method }));
    if (id === undefined)
      return fail(
        opError(ErrorCode.InvalidRequest, 'must be a request (with an id): its answer is the response', { method }),
      );
    const onDialog = this.options.onDialog;
    if (onDialog === undefined || this.options.result.capabilities?.dialogs !== true)
      return fail(opError(ErrorCode.MethodNotFound, 'this renderer offers no dialogs', { method }));
    const problem = checkDialog.firstError(call.params);
    if (problem !== undefined)
      return fail(
        opError(
          ErrorCode.InvalidParams,
          `params are malformed at ${problem}; send {kind: "confirm"|"prompt"|"pick", title, …}`,
          { method },
        ),
      );
    onDialog(call.params as DialogParams).then(
      (result) => {
        if (this.state === 'ready') this.send({ jsonrpc: '2.0', id, result });
      },
      (error: unknown) => {
        const answer =
          typeof error === 'object' &&
          error !== null &&
          'code' in error &&
          typeof (error as SuipErrorObject).code === 'number'
            ? (error as SuipErrorObject)
            : opError(ErrorCode.InternalError, 'the dialog failed', { method });
        this.options.onError(answer);
        if (this.state === 'ready')
          this.send({ jsonrpc: '2.0', id, error: { code: answer.code, message: answer.message, data: answer.data } });
      },
    );
    return {};
  }

  /** One batch of ops = one transaction: checked, applied all or nothing, answered. */
  private transaction(calls: RpcCall[], batch: boolean): void {
    if (this.state !== 'ready') {
      return this.reject(
        calls,
        opError(ErrorCode.NotInitialized, 'ops are accepted only after suip/initialize and suip/initialized', {
          index: 0,
          method: calls[0]!.method,
        }),
        batch,
      );
    }
    const ops: Op[] = [];
    for (let index = 0; index < calls.length; index += 1) {
      const check = checkOp(calls[index]!.method, calls[index]!.params, index, this.options.limits);
      if (!check.ok) return this.reject(calls, check.error, batch);
      ops.push(check.op);
    }
    const result = this.options.apply(ops);
    if (!result.ok) return this.reject(calls, result.error, batch);
    const responses: RpcResponse[] = calls
      .filter((call) => call.id !== undefined)
      .map((call) => ({ jsonrpc: '2.0', id: call.id!, result: {} }));
    if (responses.length > 0) this.send(batch ? responses : responses[0]);
  }

  /**
   * The in-page lane (`attachRemote({lane})`, an adapter's translator generator in this page):
   * JSON-RPC messages handed over as values instead of one JSON text, dispatched as if that text
   * had arrived and been parsed, so everything after the parse is the wire's own code: the rate
   * budget, the handshake's checks, ops only once ready, every op through `checkOp`, one
   * all-or-nothing apply, the host's `onError`, the answers. Returns what the session answered (the
   * values it would have sent as text; the initialize result is the object itself, not a copy). Not
   * the parse's size and shape checks: they bound `JSON.parse`, which the lane does not run (the
   * generator's runtime checks the bytes and `maxOpsPerMessage` before it calls).
   */
  dispatchInPage(messages: RpcMessage[]): unknown[] {
    const sent: unknown[] = [];
    if (this.state === 'closed') return sent;
    this.capture = (payload) => void sent.push(payload);
    try {
      if (this.rate.take()) this.dispatch(messages, messages.length > 1);
      else
        this.options.onViolation(
          'rate',
          `the generator sent more than ` +
            `maxMessagesPerSecond ${this.options.limits.maxMessagesPerSecond} ` +
            `messages per second`,
        );
    } finally {
      this.capture = undefined;
    }
    return sent;
  }

  /**
   * Report a failure: every request in the message gets the error as its response; when there was
   * no request to answer, one `suip/error` notification carries it (`unparsed`: the message could
   * not be read at all, so JSON-RPC's `id: null` error response is used).
   */
  private reject(calls: RpcCall[], error: SuipErrorObject, batch: boolean, unparsed = false): void {
    this.options.onError(error);
    if (unparsed) {
      this.send({ jsonrpc: '2.0', id: null, error });
      return;
    }
    // The failing op's request gets the error itself; every other request says it was rolled back (docs/protocol.md
    // §6).
    const responses: RpcResponse[] = calls
      .map((call, index) => ({
        call,
        error: index === error.data?.index ? error : rolledBackError(error, index, String(call.method)),
      }))
      .filter(({ call }) => call.id !== undefined)
      .map(({ call, error: answer }) => ({ jsonrpc: '2.0', id: call.id!, error: answer }));
    if (responses.length === 0) this.client.notify(Method.error, error);
    else this.send(batch ? responses : responses[0]);
  }
}
