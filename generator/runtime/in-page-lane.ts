import type { SuipErrorObject } from '../../shared/error.ts';
import type { Op } from '../../shared/ops.ts';
import type { InitializeParams, InitializeResult } from '../../shared/handshake.ts';
import { withinBytes } from '../../shared/message.ts';

/**
 * The in-page lane between a generator session and the renderer's session for the same mount,
 * both in the host page: the renderer fills in `transact` once its session exists
 * (`attachRemote({lane})`), and the generator hands it each transaction as ops. `transact`
 * validates and applies them exactly like a transaction that came as a JSON text and returns the
 * answer the wire would have given the transaction's last op.
 */
export interface InPageLane {
  transact?(ops: readonly Op[]): { ok: true } | { ok: false; error: SuipErrorObject };
  /**
   * The handshake as two calls (the session's `initializeInPage`): the initialize result itself,
   * or undefined when the lane cannot take it now (the session is not up yet, the vocabulary's
   * prose is still loading, a subtree is handed over): then the channel carries it.
   */
  initialize?(params: InitializeParams): { ok: true; result: InitializeResult } | { ok: false; error: SuipErrorObject } | undefined;
}

/** The JSON-RPC envelope around one op's params, with room for any id: `{"jsonrpc":"2.0","method":"…","params":…,"id":…},`. */
const ENVELOPE_BYTES = 72;
/** A UTF-16 code unit is at most 6 bytes of JSON text (`\u001f`), and 3 of UTF-8 otherwise. */
const MAX_BYTES_PER_UNIT = 6;

/**
 * True when the transaction's JSON text would be within `max` UTF-8 bytes, as `flush` checks on
 * the wire — without writing that text: an upper bound of its size is summed over the values
 * first, and only when that bound passes `max` is the text written and measured exactly (an id
 * of 16 digits stands for the counter's). A transaction of a few KB, the usual one, costs one walk.
 */
export function laneWithinBytes(ops: readonly Op[], max: number): boolean {
  let bound = 2;
  const stack: unknown[] = [];
  for (const op of ops) {
    bound += ENVELOPE_BYTES + op.method.length;
    stack.push(op.params);
  }
  while (stack.length > 0 && bound <= max) {
    const value = stack.pop();
    if (typeof value === 'string') bound += MAX_BYTES_PER_UNIT * value.length + 2;
    else if (typeof value === 'number') bound += 24;
    else if (typeof value !== 'object' || value === null) bound += 5;
    else if (Array.isArray(value)) {
      bound += 1 + value.length;
      for (const item of value) stack.push(item);
    } else {
      for (const key of Object.keys(value)) {
        bound += MAX_BYTES_PER_UNIT * key.length + 4;
        stack.push((value as Record<string, unknown>)[key]);
      }
      bound += 2;
    }
  }
  if (bound <= max) return true;
  const requests = ops.map((op, index) => (index === ops.length - 1 ? { jsonrpc: '2.0', method: op.method, params: op.params, id: 1e15 } : { jsonrpc: '2.0', method: op.method, params: op.params }));
  return withinBytes(JSON.stringify(requests.length === 1 ? requests[0] : requests), max);
}
