import type { RpcResponse } from '../../shared/index.ts';

/** Why a request to the generator did not get a result. */
export class RpcRequestError extends Error {
  constructor(
    message: string,
    /**
     * `timeout`: no answer in time; `closed`: the session ended first; `error`: the generator answered with an error.
     */
    readonly reason: 'timeout' | 'closed' | 'error',
  ) {
    super(message);
    this.name = 'RpcRequestError';
  }
}

/**
 * The renderer's side of the JSON-RPC requests and notifications it sends a generator: the
 * notifications (`suip/event`, `suip/input`, `suip/error`) and the one request it makes,
 * `suip/shutdown`. Small on purpose: the `json-rpc-2.0` package bundled its server too (~7 KB
 * gzip of the renderer's entry, issue 31), and the renderer needs none of it. Responses come in
 * through `receive`, already parsed and bounded at the boundary (`parseMessage`); one whose id
 * is not a pending request of ours is ignored.
 */
export class RpcClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(result: unknown): void; reject(error: RpcRequestError): void; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(private readonly post: (payload: unknown) => void) {}

  /** Send a notification (no answer expected). */
  notify(method: string, params: unknown): void {
    this.post({ jsonrpc: '2.0', method, params });
  }

  /** Send a request; resolves with its result, rejects on an error answer, after `timeoutMs`, or when closed. */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RpcRequestError(`no answer to ${method} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.post({ jsonrpc: '2.0', method, params, id });
    });
  }

  /** A response from the generator: settles the request it answers, if it is ours and pending. */
  receive(response: RpcResponse): void {
    if (typeof response.id !== 'number') return;
    const entry = this.pending.get(response.id);
    if (entry === undefined) return;
    this.pending.delete(response.id);
    clearTimeout(entry.timer);
    if (response.error !== undefined)
      entry.reject(new RpcRequestError(String(response.error.message).slice(0, 200), 'error'));
    else entry.resolve(response.result);
  }

  /** The session ended: every pending request is rejected, and nothing waits on a timer. */
  rejectAll(message: string): void {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new RpcRequestError(message, 'closed'));
    }
    this.pending.clear();
  }
}
