import { Type, type Static } from '@sinclair/typebox';
import { formatPath } from './describe.ts';
import type { ErrorCodeValue } from './error-codes.ts';

/** What an error points at: the op's method, its path and its index in the transaction. */
export const ErrorData = Type.Object(
  {
    method: Type.Optional(Type.String()),
    path: Type.Optional(Type.Array(Type.String())),
    index: Type.Optional(Type.Integer({ minimum: 0 })),
    type: Type.Optional(Type.String({ description: 'Vocabulary type, for vocabulary violations.' })),
    role: Type.Optional(Type.String({ description: 'Child role, for vocabulary violations.' })),
    reason: Type.Optional(Type.String({ description: 'Machine-readable reason (e.g. "rate", "heartbeat").' })),
  },
  { additionalProperties: false },
);
/** Error data. */
export type ErrorData = Static<typeof ErrorData>;

/** A JSON-RPC error object as SUIP sends it; also the params of `suip/error`. */
export const SuipErrorObject = Type.Object(
  { code: Type.Integer(), message: Type.String(), data: Type.Optional(ErrorData) },
  { additionalProperties: false, $id: 'SuipError' },
);
/** A SUIP error object. */
export type SuipErrorObject = Static<typeof SuipErrorObject>;

/**
 * Build an error whose message starts with where it happened:
 * `op 2 (suip/ops/insert) at path ["list"]: …`, so a model can find the line to fix.
 */
export function opError(
  code: ErrorCodeValue,
  detail: string,
  data: { method?: string; path?: readonly string[]; index?: number } & Omit<ErrorData, 'path' | 'method' | 'index'>,
): SuipErrorObject {
  const where = [
    data.index !== undefined ? `op ${data.index}` : undefined,
    data.method !== undefined ? `(${data.method})` : undefined,
    data.path !== undefined ? `at path ${formatPath(data.path)}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const path =
    data.path === undefined ? undefined : data.path.slice(0, 64).map((s) => (s.length > 256 ? s.slice(0, 256) : s));
  return { code, message: where ? `${where}: ${detail}` : detail, data: { ...data, path } as ErrorData };
}

/**
 * The error for a request in a failed transaction that was not itself the failing op: the same
 * code and `data` as the failure (so `data` points at the op to fix), and a message that says this
 * op was rolled back and then quotes the failure, because a peer may only read its own response.
 */
export function rolledBackError(failed: SuipErrorObject, index: number, method: string): SuipErrorObject {
  const culprit = failed.data?.index === undefined ? 'another op' : `op ${failed.data.index}`;
  const message =
    `op ${index} (${method.slice(0, 64)}): rolled back because ${culprit} ` +
    `failed; nothing in this transaction was applied. ${failed.message}`;
  return failed.data === undefined ? { code: failed.code, message } : { code: failed.code, message, data: failed.data };
}
