import { measureJson } from '../../json-shape.ts';
import { compile } from '../../check.ts';
import { RpcEnvelope } from './schemas.ts';
import { createLineFramer } from '../../line-framer.ts';

/** The longest line either side accepts (bytes, the `\n` excluded). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** The deepest nesting a line may have (checked before `JSON.parse` builds it). */
export const MAX_DEPTH = 64;

/** A problem with one line: it is reported, the stream goes on with the next line. */
export interface LineProblem {
  kind: 'too-long' | 'not-json' | 'not-rpc' | 'too-deep';
  message: string;
  /** The first bytes of the line, for logs (never a whole line). */
  preview: string;
  /** `not-rpc` only: the id the broken message carried (a string or number), so the answer can name it. */
  id?: string | number;
  /** `not-rpc` only: the broken message was itself a response, which JSON-RPC never answers. */
  response?: true;
}

/** What `createLineSplitter` calls. */
export interface LineSink {
  line(text: string): void;
  problem(problem: LineProblem): void;
}

/**
 * NDJSON framing on a byte stream (a child's stdout, a socket), through the tree's one bounded
 * line framer (`shared/line-framer.ts`): UTF-8 safe across chunks, `\r\n` accepted, empty lines
 * ignored, and a line longer than `maxLineBytes` skipped without being buffered and reported
 * once as `too-long`; the next line is read normally.
 */
export function createLineSplitter(
  sink: LineSink,
  maxLineBytes = MAX_LINE_BYTES,
): { push(chunk: Uint8Array): void; end(): void } {
  return createLineFramer(
    {
      line: (text) => sink.line(text),
      tooLong: ({ preview }) =>
        sink.problem({
          kind: 'too-long',
          message:
            `a line is longer than ${maxLineBytes} bytes; it was skipped (one ` +
            `JSON-RPC message per line, at most ${maxLineBytes} bytes)`,
          preview,
        }),
    },
    { maxLineBytes },
  );
}

const checkEnvelope = compile(RpcEnvelope);

/**
 * One line → one JSON-RPC message, or a problem a peer can act on. The nesting depth is measured
 * before `JSON.parse` (a line of a million `[` would otherwise block the thread), and the shape of
 * the envelope is checked after.
 */
export function parseLine(
  text: string,
  maxLineBytes = MAX_LINE_BYTES,
): { ok: true; message: RpcEnvelope } | { ok: false; problem: LineProblem } {
  const preview = text.slice(0, 80);
  // A UTF-16 length is at most the UTF-8 byte length, so this check never refuses a line that fits.
  if (text.length > maxLineBytes)
    return {
      ok: false,
      problem: { kind: 'too-long', message: `a line is longer than ${maxLineBytes} bytes`, preview },
    };
  const shape = measureJson(text, MAX_DEPTH);
  if (shape.truncated)
    return {
      ok: false,
      problem: { kind: 'too-deep', message: `the line nests deeper than ${MAX_DEPTH} levels`, preview },
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problem: {
        kind: 'not-json',
        message: 'a line is not JSON; stdout carries only NDJSON JSON-RPC messages (logs go to stderr)',
        preview,
      },
    };
  }
  const error = checkEnvelope.firstError(value);
  if (error !== undefined)
    return {
      ok: false,
      problem: {
        kind: 'not-rpc',
        message: `a line is not a JSON-RPC 2.0 message (${error})`,
        preview,
        ...envelopeHints(value),
      },
    };
  const message = value as RpcEnvelope;
  // The envelope fits, but it is neither a request, a notification nor a response.
  if (message.method === undefined && message.result === undefined && message.error === undefined) {
    return {
      ok: false,
      problem: {
        kind: 'not-rpc',
        message: 'a line is not a JSON-RPC 2.0 message (it has no method, result or error)',
        preview,
        ...envelopeHints(value),
      },
    };
  }
  return { ok: true, message };
}

/** What a broken message still says about itself: its id (when usable) and whether it was a response. */
function envelopeHints(value: unknown): { id?: string | number; response?: true } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const id = record.id;
  const usable = (typeof id === 'string' && id.length <= 256) || (typeof id === 'number' && Number.isFinite(id));
  const response =
    !Object.prototype.hasOwnProperty.call(record, 'method') &&
    (Object.prototype.hasOwnProperty.call(record, 'result') || Object.prototype.hasOwnProperty.call(record, 'error'));
  return { ...(usable ? { id: id as string | number } : {}), ...(response ? { response: true as const } : {}) };
}

/** One message as one NDJSON line (JSON.stringify never emits a raw `\n`). */
export function toLine(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}
