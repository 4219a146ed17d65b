/**
 * Stable error codes: JSON-RPC 2.0's own, then SUIP's in the implementation range -32000…-32099.
 * The numbers never change meaning; docs/protocol.md has an example message for each.
 */
export const ErrorCode = {
  /** The message was not valid JSON (or was cut off). */
  ParseError: -32700,
  /** The message is JSON but not a JSON-RPC 2.0 request, notification, response or batch. */
  InvalidRequest: -32600,
  /** The method does not exist (or is not one this peer accepts). */
  MethodNotFound: -32601,
  /** The params do not have the shape the method needs. */
  InvalidParams: -32602,
  /** The receiver failed; not the sender's fault. */
  InternalError: -32603,
  /** An op arrived before `suip/initialized`, or after shutdown. */
  NotInitialized: -32000,
  /** The path names no particle (or runs through a text/data particle). */
  PathNotFound: -32001,
  /** The id is already taken among the siblings. */
  IdExists: -32002,
  /** The path names a text or data particle where a group is needed. */
  NotAGroup: -32003,
  /** A group breaks its vocabulary type's structure (roles, kinds, events). */
  VocabularyViolation: -32004,
  /** A size, depth, count or rate budget was exceeded. */
  LimitExceeded: -32005,
  /** The host's policy refused a value (URL, mime type, forbidden key). */
  PolicyViolation: -32006,
  /**
   * A warning, never fatal: the UI was applied and shown, but one part of it was refused,
   * replaced or shown literally (a link, an image, a channel, markdown in a plain string). Sent as
   * a `suip/error` notification so the program's `onError` hears it (shared/refusal-notice.ts).
   */
  Refused: -32007,
} as const;

/** One of the stable SUIP / JSON-RPC error codes. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const names = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/** The symbolic name of a code (`-32001` → `"PathNotFound"`), for logs and error text. */
export function errorCodeName(code: number): string {
  return names.get(code) ?? 'UnknownError';
}
