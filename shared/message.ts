import { describeValue } from './describe.ts';
import { ErrorCode } from './error-codes.ts';
import { opError, type SuipErrorObject } from './error.ts';
import { measureJson } from './json-shape.ts';
import type { Limits } from './limits.ts';

/** A JSON-RPC id. */
export type JsonRpcId = string | number | null;

/** A JSON-RPC request (with `id`) or notification (without). */
export interface RpcCall {
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
  id?: JsonRpcId;
}

/** A JSON-RPC response. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: SuipErrorObject;
}

/** Anything one port message may carry. */
export type RpcMessage = RpcCall | RpcResponse;

/** One port message, parsed: its JSON-RPC messages in order, and whether it was a batch (a transaction). */
export type ParsedMessage =
  { ok: true; messages: RpcMessage[]; batch: boolean } | { ok: false; error: SuipErrorObject };

/** UTF-8 length of a string, counted without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 3; // BMP, or a lone surrogate (encoded as U+FFFD, 3 bytes)
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** True when `text` is within `max` UTF-8 bytes; cheap length bounds decide most cases without counting. */
export function withinBytes(text: string, max: number): boolean {
  if (text.length > max) return false;
  if (text.length * 3 <= max) return true;
  return utf8Length(text) <= max;
}

/**
 * Parse one port message at the boundary: the size is checked before `JSON.parse`, then the JSON-RPC
 * envelope of each entry. Never throws; a bad message yields one error naming what is wrong.
 */
export function parseMessage(text: unknown, limits: Limits): ParsedMessage {
  if (typeof text !== 'string') {
    return fail(
      ErrorCode.InvalidRequest,
      `a port message must be one JSON text (a string) but was ${describeValue(text)}`,
    );
  }
  if (!withinBytes(text, limits.maxMessageBytes)) {
    return fail(
      ErrorCode.LimitExceeded,
      `the message is larger than maxMessageBytes ${limits.maxMessageBytes}; send fewer or smaller ops per message`,
      'bytes',
    );
  }
  const refused = shapeProblem(text, limits);
  if (refused) return refused;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(ErrorCode.ParseError, 'the message is not valid JSON');
  }
  const batch = Array.isArray(value);
  const entries: unknown[] = batch ? (value as unknown[]) : [value];
  if (entries.length === 0) return fail(ErrorCode.InvalidRequest, 'an empty batch is not a valid message');
  if (entries.length > limits.maxOpsPerMessage) {
    return fail(
      ErrorCode.LimitExceeded,
      `the batch has ${entries.length} entries; maxOpsPerMessage is ${limits.maxOpsPerMessage}; split the transaction`,
      'ops',
    );
  }
  const messages: RpcMessage[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index];
    const problem = envelopeProblem(entry);
    if (problem !== undefined) {
      return { ok: false, error: opError(ErrorCode.InvalidRequest, problem, batch ? { index } : {}) };
    }
    messages.push(entry as RpcMessage);
  }
  return { ok: true, messages, batch };
}

/**
 * The deepest JSON nesting a valid message reaches: a batch, a message and its params (3), the
 * particle at tree depth d at level 3d + 1, and inside a group's `on` three more (the `on` object,
 * a handler, its `keys`). Deeper JSON cannot hold a tree within `maxDepth`.
 */
export function maxJsonDepth(limits: Limits): number {
  return 3 * limits.maxDepth + 4;
}

/**
 * Arrays and objects a valid message may hold besides what its particles need: per particle at most
 * 14 (itself, its `[id, particle]` entry, its `group` array, `on`, five handlers, five `keys`), per
 * top-level entry 8 (the message, its params and path, or a response's error and data).
 */
function containerAllowance(particles: number, entries: number): number {
  return 14 * particles + 8 * entries + 8;
}

/**
 * SECURITY: refuse a message whose structure no valid message has before `JSON.parse` builds it:
 * parsing 1 MiB of pure structure blocks the host for 100 ms or more (docs/security.md), the scan
 * costs a few milliseconds. The bounds are sound: every valid message passes them.
 */
function shapeProblem(text: string, limits: Limits): ParsedMessage | undefined {
  const bound = maxJsonDepth(limits);
  const shape = measureJson(text, bound);
  if (shape.truncated) {
    return fail(
      ErrorCode.LimitExceeded,
      `the message nests arrays and objects more than ${bound} levels deep, deeper ` +
        `than any tree within maxDepth ${limits.maxDepth}; flatten the tree`,
      'depth',
    );
  }
  if (shape.entries > limits.maxOpsPerMessage) {
    return fail(
      ErrorCode.LimitExceeded,
      `the batch has ${shape.entries} entries; maxOpsPerMessage is ${limits.maxOpsPerMessage}; split the transaction`,
      'ops',
    );
  }
  if (shape.particles > limits.maxNodes) {
    return fail(
      ErrorCode.LimitExceeded,
      `the message holds ${shape.particles} particles; maxNodes is ${limits.maxNodes}; render less at once`,
      'nodes',
    );
  }
  if (shape.containers > containerAllowance(shape.particles, shape.entries)) {
    return fail(
      ErrorCode.LimitExceeded,
      `the message holds ${shape.containers} arrays and objects for ${shape.particles} particles; besides ` +
        `particles a message carries only paths and event handlers, so this is not a SUIP message`,
      'shape',
    );
  }
  return undefined;
}

function envelopeProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return (
      `each message must be a JSON-RPC object like {"jsonrpc": "2.0", "method": ` +
      `"suip/ops/append", "params": {...}} but was ${describeValue(entry)}`
    );
  }
  const record = entry as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return 'the "jsonrpc" member must be "2.0"';
  const id = record.id;
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number')
    return `the "id" must be a string, a number or null but was ${describeValue(id)}`;
  if (typeof id === 'string' && id.length > 256) return 'the "id" is longer than 256 characters';
  if (Object.hasOwn(record, 'method')) {
    if (typeof record.method !== 'string')
      return `the "method" must be a string but was ${describeValue(record.method)}`;
    return undefined;
  }
  if (Object.hasOwn(record, 'result') || Object.hasOwn(record, 'error'))
    return id === undefined ? 'a response needs an "id"' : undefined;
  return 'a message needs a "method" (request or notification) or a "result"/"error" (response)';
}

function fail(code: number, message: string, reason?: string): ParsedMessage {
  return { ok: false, error: opError(code as never, message, reason ? { reason } : {}) };
}

/** True for a request or notification (as opposed to a response). */
export function isCall(message: RpcMessage): message is RpcCall {
  return Object.hasOwn(message, 'method');
}
