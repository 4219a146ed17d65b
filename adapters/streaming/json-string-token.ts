import { ESCAPES, show } from './json-lexical.ts';
import type { JsonStreamErrorCode } from './limits.ts';

/** Reports a syntax error at a stream offset; the caller resets the parse. */
export type TokenFail = (code: JsonStreamErrorCode, at: number, message: string) => void;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LINE_FEED = 0x0a;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * One JSON string being read, a chunk at a time: its escapes (which may be cut between chunks),
 * its text so far and what of it a `text` event has not shown yet.
 *
 * O(delta): the text is only ever appended to, and a trailing high surrogate is held apart
 * (`held`) instead of being cut off the text, so a push never reads, slices or flattens the text
 * written before it. Reading the whole string on every token made a token at 262k characters cost
 * ~100 µs (bench case `json-units-stream`).
 */
export class JsonStringToken {
  /** Whether the string is an object key (keys never stream). */
  isKey = false;
  /** Set when the closing quote was read. */
  closed = false;
  /** The text so far, without `held`. */
  private settled = '';
  /** A high surrogate at the end of the text: it waits for its other half before it is shown. */
  private held = '';
  /** What of `settled` no `text` event has shown yet. */
  private unsent = '';
  /** 0: no escape; 1: after a backslash; 2: inside `\uXXXX`. */
  private escape = 0;
  private hex = '';

  /** A string (a key when `isKey`) opened. */
  start(isKey: boolean): void {
    this.isKey = isKey;
    this.closed = false;
    this.settled = '';
    this.held = '';
    this.unsent = '';
    // A document that failed inside an escape leaves it set: the next string must not inherit it.
    this.escape = 0;
  }

  /** The whole string (once `closed`). */
  value(): string {
    return this.settled + this.held;
  }

  /** The text a preview may show: all but a trailing half surrogate pair. */
  shown(): string {
    return this.settled;
  }

  /** What was added to `shown()` since `markShown`; empty when nothing new can be shown. */
  pending(): string {
    return this.unsent;
  }

  /** A `text` event showed everything so far. */
  markShown(): void {
    this.unsent = '';
  }

  /**
   * Reads string characters of `s` from `i` up to `end` (the chunk's first character is at stream
   * offset `base`); returns the index after what it consumed. Sets `closed` at the closing quote.
   */
  read(s: string, i: number, end: number, base: number, fail: TokenFail): number {
    if (this.escape !== 0) {
      const c = s[i]!;
      const ok = this.escape === 1 ? this.readEscape(c, base + i, fail) : this.readHex(c, base + i, fail);
      // A line end that fails an escape still ends the line, so JSONL resumes on the next one.
      return ok || c !== '\n' ? i + 1 : i;
    }
    let j = i;
    while (j < end) {
      const code = s.charCodeAt(j);
      if (code === QUOTE || code === BACKSLASH || code < 0x20) break;
      j += 1;
    }
    if (j > i) this.append(s.slice(i, j));
    if (j === end) return j;
    const code = s.charCodeAt(j);
    if (code === BACKSLASH) {
      this.escape = 1;
      return j + 1;
    }
    if (code < 0x20) {
      fail(
        'JSON_SYNTAX',
        base + j,
        `a raw control character (${show(s[j]!)}) inside a string; escape it (\\n, \\t, \\u00XX)`,
      );
      // The line end itself still ends the line.
      return code === LINE_FEED ? j : j + 1;
    }
    this.closed = true;
    return j + 1;
  }

  /** Reads the character after a backslash; false when it failed the parse. */
  private readEscape(c: string, at: number, fail: TokenFail): boolean {
    if (c === 'u') {
      this.escape = 2;
      this.hex = '';
    } else if (ESCAPES[c] !== undefined) {
      this.append(ESCAPES[c]);
      this.escape = 0;
    } else {
      fail(
        'JSON_SYNTAX',
        at,
        `"\\${c === '\n' ? 'n' : c}" is not a JSON escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`,
      );
      return false;
    }
    return true;
  }

  /** Reads a hex digit of `\uXXXX`; false when it failed the parse. */
  private readHex(c: string, at: number, fail: TokenFail): boolean {
    if (!/[0-9a-fA-F]/.test(c)) {
      fail('JSON_SYNTAX', at, `a \\u escape needs 4 hex digits but found ${show(c)}`);
      return false;
    }
    this.hex += c;
    if (this.hex.length === 4) {
      this.append(String.fromCharCode(parseInt(this.hex, 16)));
      this.escape = 0;
    }
    return true;
  }

  /** Appends a non-empty piece, holding a trailing high surrogate apart (see the class comment). */
  private append(piece: string): void {
    const last = piece.length - 1;
    const holdLast = isHighSurrogate(piece.charCodeAt(last));
    const head = this.held + (holdLast ? piece.slice(0, last) : piece);
    this.held = holdLast ? piece[last]! : '';
    this.settled += head;
    this.unsent += head;
  }
}
