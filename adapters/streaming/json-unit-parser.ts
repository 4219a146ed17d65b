import { show } from './json-lexical.ts';
import { compilePath } from './json-path.ts';
import { JsonLiteralToken, JsonNumberToken } from './json-scalar-token.ts';
import { JsonStreamCursor } from './json-stream-cursor.ts';
import { JsonStringToken, type TokenFail } from './json-string-token.ts';
import { Expect, JsonUnitTree, type Frame, type UnitTreeHost } from './json-unit-tree.ts';
import type { CuttablePredicate, JsonStreamEvent, JsonUnitParser, JsonUnitParserOptions } from './json-unit-types.ts';
import { DEFAULT_JSON_STREAM_LIMITS, type JsonStreamErrorCode, type JsonStreamLimits } from './limits.ts';

// What the character being read belongs to: structure (between tokens), or the open string, number or literal.
const STRUCT = 0;
const STRING = 1;
const NUMBER = 2;
const LITERAL = 3;

/**
 * The parser behind `createJsonUnitParser`: it reads each chunk once, character by character
 * between tokens and a run at a time inside strings, and routes each character to the unit that
 * owns it: the token readers (`JsonStringToken`, `JsonNumberToken`, `JsonLiteralToken`), the JSON
 * grammar between tokens (here), the document's tree and its units (`JsonUnitTree`) and the stream
 * position (`JsonStreamCursor`). It holds the stream's own state: the mode, a skipped JSONL line,
 * a dead single document, and the events of the push.
 */
export class JsonUnitStreamParser implements JsonUnitParser, UnitTreeHost {
  private out: JsonStreamEvent[] = [];
  private readonly cursor = new JsonStreamCursor();
  private readonly tree: JsonUnitTree;
  private readonly string = new JsonStringToken();
  private readonly number = new JsonNumberToken();
  private readonly literal = new JsonLiteralToken();
  private readonly cuttable: CuttablePredicate | undefined;
  private readonly jsonl: boolean;
  private readonly limits: JsonStreamLimits;
  private mode = STRUCT;
  /** JSONL: a document failed, the rest of its line is skipped. */
  private skipping = false;
  /** Single-document mode: the document failed or ended, the stream yields nothing more. */
  private dead = false;
  private readonly failToken: TokenFail = (code, at, message) => this.fail(code, at, message);

  constructor(options: JsonUnitParserOptions) {
    this.cuttable = options.cuttable;
    this.jsonl = (options.mode ?? 'jsonl') === 'jsonl';
    this.limits = { ...DEFAULT_JSON_STREAM_LIMITS, ...options.limits };
    const units = options.units.map(compilePath);
    const contexts = (options.context ?? []).map(compilePath);
    this.tree = new JsonUnitTree(units, contexts, this.limits, this);
  }

  /** The number of the document being read (for the tree's events). */
  get document(): number {
    return this.cursor.document;
  }

  /** Adds an event of this push (for the tree). */
  emit(event: JsonStreamEvent): void {
    this.out.push(event);
  }

  /** Reports an error at `at` and drops the document: JSONL skips the rest of the line, a single document ends. */
  fail(code: JsonStreamErrorCode, at: number, message: string): void {
    const error = this.cursor.error(code, at, message, this.tree.path);
    this.out.push({ kind: 'error', document: this.cursor.document, error });
    this.reset();
    if (this.jsonl) this.skipping = true;
    else this.dead = true;
  }

  push(s: string): JsonStreamEvent[] {
    this.out = [];
    if (this.dead) return this.out;
    let i = 0;
    while (i < s.length && !this.dead) i = this.step(s, i);
    this.cursor.base += s.length;
    if (!this.dead && !this.skipping) this.showText();
    return this.out;
  }

  end(): JsonStreamEvent[] {
    this.out = [];
    if (this.dead) return this.out;
    const { cursor, tree } = this;
    const at = cursor.base;
    if (this.skipping || !cursor.started) {
      this.reset();
      return this.out;
    }
    if (this.mode === NUMBER && !this.finishNumber(at)) return this.out;
    if (this.mode === STRING || this.mode === LITERAL || !tree.done) {
      const where = `${this.mode === STRING ? 'inside a string, ' : ''}${tree.frames.length} array or object still open`;
      this.fail('INCOMPLETE', at, `the stream ended inside a document (${where})`);
      return this.out;
    }
    this.out.push({ kind: 'document', document: cursor.document, value: tree.root });
    this.reset();
    if (!this.jsonl) this.dead = true;
    return this.out;
  }

  /** Forgets the document being read. */
  private reset(): void {
    this.cursor.endDocument();
    this.tree.reset();
    this.mode = STRUCT;
  }

  /** Reads from `s[i]`; returns the index of the next character to read. */
  private step(s: string, i: number): number {
    const { cursor, limits } = this;
    const at = cursor.base + i;
    if (this.skipping) {
      const lineEnd = s.indexOf('\n', i);
      if (lineEnd === -1) return s.length;
      this.skipping = false;
      return lineEnd;
    }
    if (cursor.pastDocumentLimit(at, limits.maxDocumentChars)) {
      this.fail('LIMIT_EXCEEDED', at, `a document may have at most ${limits.maxDocumentChars} characters; split it`);
      return i;
    }
    if (this.mode === STRING) return this.readString(s, i);
    const c = s[i]!;
    if (this.mode === NUMBER) {
      if (this.number.take(c)) return i + 1;
      if (!this.finishNumber(at)) return i;
    } else if (this.mode === LITERAL) return this.readLiteral(c, at, i);
    this.structural(c, at);
    return i + 1;
  }

  /** Reads a run of the open string, up to one character past the document's bound. */
  private readString(s: string, i: number): number {
    const { cursor, string } = this;
    const end = cursor.scanEnd(s.length, this.limits.maxDocumentChars);
    const next = string.read(s, i, end, cursor.base, this.failToken);
    if (string.closed) {
      this.mode = STRUCT;
      if (string.isKey) this.tree.setKey(string.value());
      else this.tree.complete(string.value(), cursor.base + next - 1);
    }
    return next;
  }

  private readLiteral(c: string, at: number, i: number): number {
    const step = this.literal.take(c);
    if (step === 'mismatch') {
      this.mode = STRUCT;
      this.fail('JSON_SYNTAX', at, `expected ${JSON.stringify(this.literal.word)} but found ${show(c)}`);
      return i;
    }
    if (step === 'done') {
      this.mode = STRUCT;
      this.tree.complete(this.literal.value, at + 1);
    }
    return i + 1;
  }

  /** The number ended before offset `at`: it completes, or fails the document. */
  private finishNumber(at: number): boolean {
    this.mode = STRUCT;
    const value = this.number.value();
    if (value === undefined) {
      this.fail('JSON_SYNTAX', at, `${JSON.stringify(this.number.text.slice(0, 40))} is not a JSON number`);
      return false;
    }
    return this.tree.complete(value, at);
  }

  /** One character between tokens. */
  private structural(c: string, at: number): void {
    if (c === ' ' || c === '\t' || c === '\r') return;
    if (c === '\n') return this.lineEnd(at);
    this.cursor.startDocument(at);
    if (this.tree.done) {
      const rule = this.jsonl ? 'write one JSON value per line' : 'the text holds one JSON value';
      return this.fail('JSON_SYNTAX', at, `found ${show(c)} after the end of the JSON value; ${rule}`);
    }
    const top = this.tree.top();
    if (top === undefined) return this.startValue(c, at);
    this.inContainer(top, c, at);
  }

  /** A line end between tokens: in JSONL it ends the document (complete, or `INCOMPLETE`). */
  private lineEnd(at: number): void {
    const { cursor, tree } = this;
    if (this.jsonl && cursor.started) {
      if (tree.done) this.out.push({ kind: 'document', document: cursor.document, value: tree.root });
      else {
        this.fail(
          'INCOMPLETE',
          at,
          `the line ended inside a document (${tree.frames.length} array or object still open); write one whole JSON value per line`,
        );
        this.skipping = false;
      }
      this.reset();
    }
    cursor.newLine(at);
  }

  /** One character between tokens inside an open array or object: the grammar of what it expects. */
  private inContainer(top: Frame, c: string, at: number): void {
    switch (top.expect) {
      case Expect.KeyOrEnd:
      case Expect.Key:
        if (c === '"') {
          this.mode = STRING;
          this.string.start(true);
          return;
        }
        if (c === '}' && top.expect === Expect.KeyOrEnd) return void this.tree.close(at);
        return this.fail(
          'JSON_SYNTAX',
          at,
          `expected a key in double quotes${top.expect === Expect.KeyOrEnd ? ' or "}"' : ' after ","'} but found ${show(c)}`,
        );
      case Expect.Colon:
        if (c === ':') {
          top.expect = Expect.Value;
          return;
        }
        return this.fail(
          'JSON_SYNTAX',
          at,
          `expected ":" after the key ${JSON.stringify(top.key.slice(0, 60))} but found ${show(c)}`,
        );
      case Expect.ValueOrEnd:
        if (c === ']') return void this.tree.close(at);
        return this.startValue(c, at);
      case Expect.Value:
        return this.startValue(c, at);
      default:
        return this.afterMember(top, c, at);
    }
  }

  /** After an item or member: a comma, or the container's end. */
  private afterMember(top: Frame, c: string, at: number): void {
    if (c === ',') {
      top.expect = top.array ? Expect.Value : Expect.Key;
      return;
    }
    const end = top.array ? ']' : '}';
    if (c === end) return void this.tree.close(at);
    this.fail(
      'JSON_SYNTAX',
      at,
      `expected "," or "${end}" after ${top.array ? 'an item' : 'a member'} but found ${show(c)}`,
    );
  }

  /** The first character of a value. */
  private startValue(c: string, at: number): void {
    if (c === '{' || c === '[') return this.tree.open(c === '[', at);
    if (c === '"') {
      this.mode = STRING;
      this.string.start(false);
      return;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      this.mode = NUMBER;
      this.number.start(c);
      return;
    }
    if (this.literal.start(c)) {
      this.mode = LITERAL;
      return;
    }
    this.fail(
      'JSON_SYNTAX',
      at,
      `expected a value (an object, array, string, number, true, false or null) but found ${show(c)}`,
    );
  }

  /** A `text` event for the open string, when it is a cuttable role of a unit and it grew since the last one. */
  private showText(): void {
    const { string, tree, cuttable } = this;
    if (this.mode !== STRING || string.isKey || !tree.inUnit() || cuttable === undefined) return;
    const delta = string.pending();
    if (delta === '') return;
    const text = string.shown();
    const preview = tree.preview(text, cuttable);
    if (preview === undefined) return;
    const { unitPath, path, unit } = preview;
    this.out.push({ kind: 'text', document: this.cursor.document, unitPath, path, text, delta, unit });
    string.markShown();
  }
}
