import { formatPath, type PathSegment } from './json-path.ts';
import type { JsonStreamError, JsonStreamErrorCode } from './limits.ts';

/**
 * Where a streamed JSON parse stands: stream offsets, the line and column an error names, and the
 * document being read (its number and where it started, for the per-document character bound).
 * Offsets (`at`) count characters from the start of the stream, across pushes.
 */
export class JsonStreamCursor {
  /** Characters of the stream before the chunk being read. */
  base = 0;
  /** 1-based line of the stream. */
  line = 1;
  /** Offset of the current line's first character. */
  lineStart = 0;
  /** Number of the document being read (or last read), from 0; -1 before the first. */
  document = -1;
  /** Whether a document has started and not ended or failed. */
  started = false;
  /** Offset of the current document's first character. */
  docStart = 0;

  /** The first non-blank character of a document: it gets the next number. */
  startDocument(at: number): void {
    if (this.started) return;
    this.started = true;
    this.document += 1;
    this.docStart = at;
  }

  /** The document ended or failed; the next non-blank character starts another. */
  endDocument(): void {
    this.started = false;
  }

  /** A line end at `at`. */
  newLine(at: number): void {
    this.line += 1;
    this.lineStart = at + 1;
  }

  /** Whether offset `at` lies past a started document's bound of `maxChars` characters. */
  pastDocumentLimit(at: number, maxChars: number): boolean {
    return this.started && at - this.docStart > maxChars;
  }

  /**
   * Where a scan of chunk offsets may stop so it reads no more than one character past the
   * document's bound (the check in the push loop then refuses it): `length` when no document is open.
   */
  scanEnd(length: number, maxChars: number): number {
    return this.started ? Math.min(length, this.docStart + maxChars + 1 - this.base) : length;
  }

  /** The error at offset `at`, located by line, column and JSON path, its message a whole sentence. */
  error(code: JsonStreamErrorCode, at: number, message: string, where: readonly PathSegment[]): JsonStreamError {
    const column = at - this.lineStart + 1;
    const path = formatPath(where);
    return {
      code,
      line: this.line,
      column,
      path,
      message: `line ${this.line}, column ${column}, at ${path}: ${message}`,
    };
  }
}
