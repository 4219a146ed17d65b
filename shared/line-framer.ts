/**
 * The one bounded line framer: every line-oriented stream in the tree (NDJSON on a child's stdout,
 * JSONL and SSE bodies over HTTP, a model's streamed text) is cut into lines here.
 *
 * - Lines end at `\n`; a `\r` before it is dropped. With `bareCr` (SSE, whose standard allows
 *   it) a lone `\r` ends a line too, and a `\r\n` split across two chunks is still one ending.
 * - Byte chunks are decoded as UTF-8 once a line is complete, so a multi-byte character split
 *   across chunks arrives intact. Text chunks (already decoded) are framed as they are.
 * - A line longer than `maxLineBytes` is never buffered: its bytes are skipped as they stream up to
 *   the next `\n`, and one `tooLong` report says how long it was. The next line is read normally.
 */

/** A line that was skipped for its length. */
export interface TooLongLine {
  /** The line's length as far as it was seen (bytes for byte chunks, UTF-16 units for text chunks). */
  length: number;
  /** The limit it broke. */
  max: number;
  /** The first characters of the line, for a report (never the whole line). */
  preview: string;
}

/** What the framer calls. */
export interface LineFramerSink {
  /** One complete line, without its `\n` (and `\r`). */
  line(text: string): void;
  /** A line was skipped for its length (reported once, when the line ends or the stream does). */
  tooLong(report: TooLongLine): void;
  /**
   * Text chunks only: each piece of a kept line as it arrives (no line end inside), before `line`
   * delivers the whole line, for a reader that acts on a line while it is still being written (a
   * preview). The pieces of a line joined are its text (a `\r` before the `\n` included). Once a
   * line passes `maxLineBytes` no more of its pieces come, and `tooLong` follows instead of `line`.
   */
  piece?(text: string): void;
}

/** Options of `createLineFramer`. */
export interface LineFramerOptions {
  /** The longest line kept (default 4 MiB). */
  maxLineBytes?: number;
  /** Hand empty lines to the sink too (SSE needs them: they end an event). Default false. */
  keepEmpty?: boolean;
  /** A lone `\r` ends a line too (SSE's rule). Default false (NDJSON/JSONL: only `\n`). */
  bareCr?: boolean;
}

/** A framer fed with chunks as they arrive. */
export interface LineFramer {
  /** Bytes (decoded as UTF-8 per line) or text (framed as is). Do not mix the two in one stream. */
  push(chunk: Uint8Array | string): void;
  /** The stream ended: a last line without its `\n` is delivered (or reported). */
  end(): void;
}

/** The default longest line (bytes). */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
const NL = 0x0a;
const CR = 0x0d;
const PREVIEW = 80;

/** Creates a bounded line framer; see the module comment for its rules. */
export function createLineFramer(sink: LineFramerSink, options: LineFramerOptions = {}): LineFramer {
  const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const keepEmpty = options.keepEmpty === true;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let parts: Array<Uint8Array | string> = [];
  let size = 0;
  /** Length of the over-long line being skipped; -1 when not skipping. */
  let skipped = -1;
  let preview = '';

  const deliver = (text: string) => {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (keepEmpty || line.trim() !== '') sink.line(line);
  };
  const emit = () => {
    const bytes = parts.length > 0 && typeof parts[0] !== 'string';
    const text = bytes ? decoder.decode(concat(parts as Uint8Array[], size)) : (parts as string[]).join('');
    parts = [];
    size = 0;
    deliver(text);
  };
  const startSkipping = (first: Uint8Array | string | undefined, length: number) => {
    skipped = length;
    preview =
      first === undefined
        ? ''
        : typeof first === 'string'
          ? first.slice(0, PREVIEW)
          : decoder.decode(first.subarray(0, PREVIEW));
    parts = [];
    size = 0;
  };
  const report = () => {
    sink.tooLong({ length: skipped, max, preview });
    skipped = -1;
    preview = '';
  };
  /** One piece of a line (no `\n` inside); `ends` = a `\n` followed it. */
  const piece = (part: Uint8Array | string, ends: boolean) => {
    if (skipped >= 0) skipped += part.length;
    else if (size + part.length > max) startSkipping(parts[0] ?? part, size + part.length);
    else if (part.length > 0) {
      // Bytes are copied: the caller may reuse its buffer.
      parts.push(typeof part === 'string' ? part : part.slice());
      size += part.length;
      if (typeof part === 'string') sink.piece?.(part);
    }
    if (!ends) return;
    if (skipped >= 0) report();
    else emit();
  };

  const bareCr = options.bareCr === true;
  /** The last chunk ended in a `\r` that ended a line: a `\n` starting the next chunk belongs to it. */
  let lfOwed = false;
  const code = (chunk: Uint8Array | string, at: number) =>
    typeof chunk === 'string' ? chunk.charCodeAt(at) : chunk[at];
  const find = (chunk: Uint8Array | string, byte: number, start: number): number =>
    typeof chunk === 'string' ? chunk.indexOf(String.fromCharCode(byte), start) : chunk.indexOf(byte, start);

  return {
    push(chunk) {
      let start = 0;
      // The next `\n` and `\r` at or after `start` (-2: not looked for yet; -1: none in the chunk).
      // SECURITY: each is searched for again only once `start` passed it, so a chunk of many `\n`
      // and no `\r` (or the reverse) is scanned once, not once per line: a hostile stream of blank
      // lines must not cost the host thread quadratic time per piece.
      let nextNl = -2;
      let nextCr = -2;
      /** Where the line starting at `start` ends (a `\n`, or with `bareCr` a `\r`), or -1. */
      const lineEnd = (): number => {
        if (nextNl !== -1 && nextNl < start) nextNl = find(chunk, NL, start);
        if (!bareCr) return nextNl;
        if (nextCr !== -1 && nextCr < start) nextCr = find(chunk, CR, start);
        return nextCr === -1 ? nextNl : nextNl === -1 ? nextCr : Math.min(nextCr, nextNl);
      };
      if (lfOwed && chunk.length > 0) {
        lfOwed = false;
        if (code(chunk, 0) === NL) start = 1;
      }
      while (start <= chunk.length) {
        const end = lineEnd();
        if (end === -1) {
          if (start < chunk.length)
            piece(typeof chunk === 'string' ? chunk.slice(start) : chunk.subarray(start), false);
          return;
        }
        piece(typeof chunk === 'string' ? chunk.slice(start, end) : chunk.subarray(start, end), true);
        start = end + 1;
        if (code(chunk, end) !== CR) continue;
        // A `\r` ended the line (bareCr): the `\n` of a `\r\n` is part of the same ending.
        if (start === chunk.length) lfOwed = true;
        else if (code(chunk, start) === NL) start += 1;
      }
    },
    end() {
      if (skipped >= 0) report();
      else if (size > 0) emit();
    },
  };
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
