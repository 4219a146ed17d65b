import { withinBytes } from '../../shared/message.ts';

/**
 * The in-page lane between a generator session and the renderer's session for the same mount,
 * both in the host page: the renderer fills in `dispatch` once its session exists
 * (`attachRemote({lane})`), and the generator hands it the handshake's and each transaction's
 * JSON-RPC messages as values; the session runs its own dispatch on them (the same checks,
 * apply and errors as for a JSON text) and returns its answers as values.
 */
export interface InPageLane {
  /**
   * The mount's session takes these JSON-RPC messages as if they had arrived as one JSON text (a
   * batch when more than one) and returns the messages it answers with, as values.
   */
  dispatch?(messages: object[]): unknown[];
}

/** The JSON-RPC envelope around one request's params: `{"jsonrpc":"2.0","method":"…","params":…,"id":…},`. */
const ENVELOPE_BYTES = 72;
/** A UTF-16 code unit is at most 6 bytes of JSON text (`\u001f`), and 3 of UTF-8 otherwise. */
const MAX_BYTES_PER_UNIT = 6;

/**
 * True when the JSON text of `requests` (one transaction, as `flush` would send it) is within
 * `max` UTF-8 bytes — without writing that text: an upper bound of its size is summed over the
 * values first, and only when that bound passes `max` is the text written and measured exactly.
 * A transaction of a few KB, the usual one, costs one walk.
 */
export function laneWithinBytes(requests: ReadonlyArray<{ method: string; params?: unknown }>, max: number): boolean {
  let bound = 2;
  const stack: unknown[] = [];
  for (const request of requests) {
    bound += ENVELOPE_BYTES + request.method.length;
    stack.push(request.params);
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
  return bound <= max || withinBytes(JSON.stringify(requests.length === 1 ? requests[0] : requests), max);
}
