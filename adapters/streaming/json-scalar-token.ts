import { isNumberChar, LITERALS, NUMBER_RE } from './json-lexical.ts';

/** A JSON number being read: its characters are gathered, then checked whole once a non-number character ends it. */
export class JsonNumberToken {
  /** The characters so far. */
  text = '';

  /** A number starting with `c` (a digit or `-`). */
  start(c: string): void {
    this.text = c;
  }

  /** Takes `c` when it may continue the number; false when the number ended before it. */
  take(c: string): boolean {
    if (!isNumberChar(c)) return false;
    this.text += c;
    return true;
  }

  /** The number's value, or undefined when the characters are not a JSON number. */
  value(): number | undefined {
    return NUMBER_RE.test(this.text) ? Number(this.text) : undefined;
  }
}

/** `true`, `false` or `null` being read, a character at a time (it may be cut between chunks). */
export class JsonLiteralToken {
  /** The whole word. */
  word = '';
  /** Its value. */
  value: unknown;
  /** Characters of the word read so far. */
  private read = 0;

  /** Starts the literal beginning with `c`; false when no literal begins with `c`. */
  start(c: string): boolean {
    const literal = LITERALS[c];
    if (literal === undefined) return false;
    [this.word, this.value] = literal;
    this.read = 1;
    return true;
  }

  /** Takes the next character: `mismatch` when it is not the word's, `done` when the word is whole. */
  take(c: string): 'mismatch' | 'more' | 'done' {
    if (c !== this.word[this.read]) return 'mismatch';
    this.read += 1;
    return this.read === this.word.length ? 'done' : 'more';
  }
}
