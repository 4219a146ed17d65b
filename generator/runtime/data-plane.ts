import type { JSONRPCClient } from 'json-rpc-2.0';
import { isChannelName } from '../../shared/data-plane.ts';
import type { DialogParams, DialogResult } from '../../shared/dialog.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { InitializeResult } from '../../shared/handshake.ts';
import { DEFAULT_LIMITS } from '../../shared/limits.ts';
import { withinBytes } from '../../shared/message.ts';
import { Method } from '../../shared/methods.ts';
import { handled } from './handled.ts';
import { SuipError, toErrorObject } from './suip-error.ts';

/** What the data plane borrows from its session. */
export interface DataPlaneDeps {
  client: JSONRPCClient;
  /** Send a text (dropped once the session is shut down). */
  send(text: string): void;
  /** The handshake result, once initialized. */
  result(): InitializeResult | undefined;
  /** False after shutdown. */
  open(): boolean;
  onUncaught(error: unknown): void;
  /** The program's `onError` hears a refused call too, not only the `try` around it. */
  onRefused(error: SuipError): void;
}

/**
 * The program's side of protocol 1.1 beyond the tree: `suip/input` hooks per channel,
 * `suip/output` on the channels the host allowed, and `suip/dialog` requests. Every refusal is
 * an error the program can read and act on, raised before anything is sent.
 */
export class DataPlane {
  private readonly hooks = new Map<string, Set<(value: unknown) => void>>();

  constructor(private readonly deps: DataPlaneDeps) {}

  /** A channel refusal: the program's `onError` hears it, and the call throws it. */
  private refused(error: SuipError): SuipError {
    this.deps.onRefused(error);
    return error;
  }

  /** Hear values the host sends on `channel` (`suip/input`, protocol 1.1). Returns an unsubscribe. */
  onInput(channel: string, hook: (value: unknown) => void): () => void {
    if (!isChannelName(channel))
      throw new SuipError({
        code: ErrorCode.InvalidParams,
        message:
          `onInput(${JSON.stringify(String(channel).slice(0, 80))}): a ` +
          `channel name is 1–64 characters of a-z 0-9 _ : . -`,
      });
    // A host that declared its input channels never sends on another: listening there would wait
    // forever in silence, so the program is told now, with the channels that do come.
    const announced = this.deps.result()?.inputs;
    if (announced !== undefined && !announced.includes(channel)) {
      const known =
        announced.length > 0
          ? `it sends on ${announced.map((name) => JSON.stringify(name)).join(', ')}`
          : 'it sends no input to this program; put the data in the program itself';
      throw this.refused(
        new SuipError({
          code: ErrorCode.PolicyViolation,
          message: `onInput(${JSON.stringify(channel)}, …): the host never sends input on this channel; ${known}`,
          data: { method: Method.input },
        }),
      );
    }
    let hooks = this.hooks.get(channel);
    if (hooks === undefined) this.hooks.set(channel, (hooks = new Set()));
    hooks.add(hook);
    return () => hooks.delete(hook);
  }

  /**
   * Send `value` to the host on `channel` (`suip/output`, protocol 1.1). Throws at once when the
   * host did not allow the channel or the value is not JSON or too large, so the model sees why.
   */
  output(channel: string, value: unknown): void {
    const allowed = this.deps.result()?.outputs ?? [];
    if (!allowed.includes(channel)) {
      const list =
        allowed.length > 0
          ? `it allows ${allowed.map((name) => JSON.stringify(name)).join(', ')}; send on one of them`
          : "it allows no output channel for this program; show the result in the program's own UI instead";
      throw this.refused(
        new SuipError({
          code: ErrorCode.PolicyViolation,
          message:
            `output(${JSON.stringify(String(channel).slice(0, 80))}, …): the ` +
            `host does not accept output on this channel; ${list}`,
          data: { method: Method.output },
        }),
      );
    }
    let text: string | undefined;
    try {
      text = JSON.stringify({ jsonrpc: '2.0', method: Method.output, params: { channel, value } });
    } catch (error) {
      throw new SuipError({
        code: ErrorCode.InvalidParams,
        message:
          `output(${JSON.stringify(channel)}, …): the value is not JSON ` +
          `(${error instanceof Error ? error.message : String(error)}); ` +
          'send plain data (objects, arrays, strings, numbers)',
        data: { method: Method.output },
      });
    }
    const max = (this.deps.result()?.limits ?? DEFAULT_LIMITS).maxMessageBytes;
    if (text === undefined || !withinBytes(text, max)) {
      throw new SuipError({
        code: ErrorCode.LimitExceeded,
        message:
          `output(${JSON.stringify(channel)}, …): the value is larger ` +
          `than maxMessageBytes ${max}; send less at once`,
        data: { method: Method.output, reason: 'bytes' },
      });
    }
    this.deps.send(text);
  }

  /**
   * Ask the user through a host dialog (`suip/dialog`, protocol 1.1) and resolve with the answer.
   * Rejects with the renderer's error when the host refuses (no dialogs offered, one already
   * open, no recent user action in this program's UI).
   */
  dialog(params: DialogParams): Promise<DialogResult> {
    if (!this.deps.open())
      return handled(
        Promise.reject(
          new SuipError({ code: ErrorCode.NotInitialized, message: 'the renderer shut this generator down' }),
        ),
      );
    if (this.deps.result()?.capabilities?.dialogs !== true)
      return handled(
        Promise.reject(
          new SuipError({
            code: ErrorCode.MethodNotFound,
            message:
              'this host offers no dialogs (its renderer does not announce the ' +
              '"dialogs" capability); show the question in your own UI instead',
            data: { method: Method.dialog },
          }),
        ),
      );
    // Like render(): a program that does not await a refused dialog gets no unhandled rejection
    // (each would be an exception report spending its message budget).
    return handled(
      Promise.resolve(this.deps.client.request(Method.dialog, params)).then(
        (result) => result as DialogResult,
        (error: unknown) => {
          const record = error as { code?: unknown; message?: unknown; data?: unknown };
          throw new SuipError(toErrorObject({ code: record.code, message: record.message, data: record.data }));
        },
      ),
    );
  }

  /** Hand a `suip/input` to the program's hooks for its channel (unknown channels are dropped). */
  dispatchInput(params: unknown): void {
    if (!this.deps.open() || typeof params !== 'object' || params === null) return;
    const { channel, value } = params as { channel?: unknown; value?: unknown };
    const hooks = typeof channel === 'string' ? this.hooks.get(channel) : undefined;
    if (hooks === undefined) return; // a channel nobody listens on: dropped, like an event for a stale handler
    for (const hook of hooks) {
      try {
        const result: unknown = hook(value);
        if (result instanceof Promise) result.catch((error: unknown) => this.deps.onUncaught(error));
      } catch (error) {
        this.deps.onUncaught(error);
      }
    }
  }
}
