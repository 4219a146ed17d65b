import { compilePath, formatPath, matchesPath, type PathPattern, type PathSegment } from './json-path.ts';
import {
  DEFAULT_JSON_STREAM_LIMITS,
  type JsonStreamError,
  type JsonStreamErrorCode,
  type JsonStreamLimits,
} from './limits.ts';

/** Which strings inside a unit may be shown before they close (text roles); everything else waits. */
export type CuttablePredicate = (
  pathInUnit: readonly PathSegment[],
  unitSoFar: Readonly<Record<string, unknown>> | readonly unknown[],
  unitPath: readonly PathSegment[],
) => boolean;

/** Options of `createJsonUnitParser`. */
export interface JsonUnitParserOptions {
  /**
   * Where units sit, as path patterns: `$.updateComponents.components.*`, `$.definition.widgets[*]`, `$` (each
   * document).
   */
  units: readonly string[];
  /** Values outside units reported as they close (`$.updateComponents.surfaceId`): the context a unit needs. */
  context?: readonly string[];
  /** Text roles: an open string inside a unit for which this returns true streams as `text` events. Default: none. */
  cuttable?: CuttablePredicate;
  /** `jsonl` (default): one document per line, a bad line is skipped; `document`: the whole stream is one JSON text. */
  mode?: 'jsonl' | 'document';
  limits?: Partial<JsonStreamLimits>;
}

/** What a push yields, in stream order. `document` numbers the documents of the stream from 0. */
export type JsonStreamEvent =
  /** A unit closed: it is exactly the value `JSON.parse` gives at that path. */
  | { kind: 'unit'; document: number; path: PathSegment[]; value: unknown }
  /**
   * A text role of a unit still being written grew. `unit` is a fresh copy of the unit's closed members
   * plus this string so far (`text`); `delta` is what was added since the last event for this string.
   */
  | {
      kind: 'text';
      document: number;
      unitPath: PathSegment[];
      path: PathSegment[];
      text: string;
      delta: string;
      unit: unknown;
    }
  /** A `context` value closed. */
  | { kind: 'value'; document: number; path: PathSegment[]; value: unknown }
  /** A document is complete and valid (JSONL: its line ended): commit what its units previewed. */
  | { kind: 'document'; document: number; value: unknown }
  /** The document is not JSON or passed a bound: drop what its units previewed. JSONL resumes on the next line. */
  | { kind: 'error'; document: number; error: JsonStreamError };

/** An incremental JSON parser fed the stream text piece by piece. */
export interface JsonUnitParser {
  /** Feeds the next piece of text; returns what completed in it. */
  push(chunk: string): JsonStreamEvent[];
  /** The stream ended: the last document completes, or is reported `INCOMPLETE`. */
  end(): JsonStreamEvent[];
}

interface Frame {
  array: boolean;
  value: Record<string, unknown> | unknown[];
  state: number;
  key: string;
}

// Frame states. An object: key or end, key (after a comma), colon, value, after a value. An array: value or end, value,
// after a value.
const KEY_OR_END = 0;
const KEY = 1;
const COLON = 2;
const VALUE = 3;
const AFTER = 4;
const VALUE_OR_END = 5;

// Lexer modes.
const STRUCT = 0;
const STRING = 1;
const NUMBER = 2;
const LITERAL = 3;

const NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const LITERALS: Readonly<Record<string, readonly [string, unknown]>> = {
  t: ['true', true],
  f: ['false', false],
  n: ['null', null],
};

const show = (c: string): string =>
  c === '\n'
    ? 'a line end'
    : c.charCodeAt(0) < 0x20
      ? `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`
      : JSON.stringify(c);

function setMember(target: Record<string, unknown> | unknown[], key: PathSegment, value: unknown): void {
  if (Array.isArray(target)) target.push(value);
  // SECURITY: "__proto__" is an own data property, as JSON.parse makes it; an assignment would set the prototype.
  else if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

function shallowCopy(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.slice();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setMember(out, key, value[key]);
  return out;
}

/**
 * Creates an incremental, O(n) JSON parser that yields each **unit** (a value at a configured
 * path: an A2UI component, a GenUI widget, a canvas op) the moment it closes, and, for cuttable
 * text roles only, the growing text of a string still open. Keys, ids, types, URLs and numbers
 * are never yielded before they close, so nothing structural is ever guessed. A unit yielded from
 * a document that later turns out invalid was still in the text, but the document never commits:
 * consumers treat units as previews until the `document` event and drop them on `error`.
 *
 * Bounded: nesting depth, characters per document and units per document; each problem is an
 * `error` event naming the line, column, JSON path, what was expected and what was found.
 */
export function createJsonUnitParser(options: JsonUnitParserOptions): JsonUnitParser {
  const units: PathPattern[] = options.units.map(compilePath);
  const contexts: PathPattern[] = (options.context ?? []).map(compilePath);
  const cuttable = options.cuttable;
  const jsonl = (options.mode ?? 'jsonl') === 'jsonl';
  const limits: JsonStreamLimits = { ...DEFAULT_JSON_STREAM_LIMITS, ...options.limits };

  let out: JsonStreamEvent[] = [];
  // Where we are in the stream.
  let base = 0;
  let line = 1;
  let lineStart = 0;
  // The document being read.
  let document = -1;
  let started = false;
  let docStart = 0;
  let done = false;
  let root: unknown;
  let unitCount = 0;
  let skipping = false;
  let dead = false;
  const frames: Frame[] = [];
  const path: PathSegment[] = [];
  let unitLevel = -1;
  // The token being read.
  let mode = STRUCT;
  let isKey = false;
  let buf = '';
  let escape = 0;
  let hex = '';
  let emitted = 0;
  let literal = '';
  let literalValue: unknown;
  let literalAt = 0;

  const childSegment = (): PathSegment => {
    const top = frames[frames.length - 1]!;
    return top.array ? (top.value as unknown[]).length : top.key;
  };
  const anyMatch = (patterns: PathPattern[]) => patterns.some((p) => matchesPath(p, path));

  const reset = () => {
    started = false;
    done = false;
    root = undefined;
    unitCount = 0;
    frames.length = 0;
    path.length = 0;
    unitLevel = -1;
    mode = STRUCT;
  };

  const fail = (code: JsonStreamErrorCode, at: number, message: string, where: readonly PathSegment[] = path): void => {
    const column = at - lineStart + 1;
    const jsonPath = formatPath(where);
    out.push({
      kind: 'error',
      document,
      error: {
        code,
        line,
        column,
        path: jsonPath,
        message: `line ${line}, column ${column}, at ${jsonPath}: ${message}`,
      },
    });
    reset();
    if (jsonl) skipping = true;
    else dead = true;
  };

  const complete = (value: unknown, at: number): boolean => {
    if (frames.length === 0) {
      if (unitLevel === 0 || (unitLevel === -1 && anyMatch(units)))
        out.push({ kind: 'unit', document, path: [], value });
      unitLevel = -1;
      root = value;
      done = true;
      return true;
    }
    const parent = frames[frames.length - 1]!;
    const segment = childSegment();
    path.push(segment);
    if (unitLevel === frames.length || (unitLevel === -1 && anyMatch(units))) {
      unitCount += 1;
      if (unitCount > limits.maxUnits) {
        fail(
          'LIMIT_EXCEEDED',
          at,
          `a document may yield at most ${limits.maxUnits} units; split it into several messages`,
        );
        return false;
      }
      out.push({ kind: 'unit', document, path: path.slice(), value });
      unitLevel = -1;
    } else if (unitLevel === -1 && anyMatch(contexts)) out.push({ kind: 'value', document, path: path.slice(), value });
    path.pop();
    setMember(parent.value, segment, value);
    parent.state = AFTER;
    return true;
  };

  const open = (array: boolean, at: number): void => {
    if (frames.length >= limits.maxDepth)
      return fail(
        'LIMIT_EXCEEDED',
        at,
        `arrays and objects nest deeper than ${limits.maxDepth} levels; flatten the structure`,
      );
    if (frames.length > 0) path.push(childSegment());
    if (unitLevel === -1 && anyMatch(units)) unitLevel = frames.length;
    frames.push({ array, value: array ? [] : {}, state: array ? VALUE_OR_END : KEY_OR_END, key: '' });
  };

  const close = (at: number): boolean => {
    const frame = frames.pop()!;
    if (frames.length > 0) path.pop();
    return complete(frame.value, at);
  };

  const startValue = (c: string, at: number): void => {
    if (c === '{' || c === '[') return open(c === '[', at);
    if (c === '"') {
      mode = STRING;
      isKey = false;
      buf = '';
      emitted = 0;
      return;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      mode = NUMBER;
      buf = c;
      return;
    }
    const lit = LITERALS[c];
    if (lit !== undefined) {
      mode = LITERAL;
      [literal, literalValue] = lit;
      literalAt = 1;
      return;
    }
    fail(
      'JSON_SYNTAX',
      at,
      `expected a value (an object, array, string, number, true, false or null) but found ${show(c)}`,
    );
  };

  const finishNumber = (at: number): boolean => {
    mode = STRUCT;
    if (!NUMBER_RE.test(buf)) {
      fail('JSON_SYNTAX', at, `${JSON.stringify(buf.slice(0, 40))} is not a JSON number`);
      return false;
    }
    return complete(Number(buf), at);
  };

  /** One structural character (not inside a token). */
  const struct = (c: string, at: number): void => {
    if (c === ' ' || c === '\t' || c === '\r') return;
    if (c === '\n') {
      if (jsonl && started) {
        if (done) out.push({ kind: 'document', document, value: root });
        else {
          fail(
            'INCOMPLETE',
            at,
            `the line ended inside a document (${frames.length} array or object still open); write one whole JSON value per line`,
          );
          skipping = false;
        }
        reset();
      }
      line += 1;
      lineStart = at + 1;
      return;
    }
    if (!started) {
      started = true;
      document += 1;
      docStart = at;
    }
    if (done)
      return fail(
        'JSON_SYNTAX',
        at,
        `found ${show(c)} after the end of the JSON value; ${jsonl ? 'write one JSON value per line' : 'the text holds one JSON value'}`,
      );
    if (frames.length === 0) return startValue(c, at);
    const top = frames[frames.length - 1]!;
    switch (top.state) {
      case KEY_OR_END:
      case KEY:
        if (c === '"') {
          mode = STRING;
          isKey = true;
          buf = '';
          return;
        }
        if (c === '}' && top.state === KEY_OR_END) return void close(at);
        return fail(
          'JSON_SYNTAX',
          at,
          `expected a key in double quotes${top.state === KEY_OR_END ? ' or "}"' : ' after ","'} but found ${show(c)}`,
        );
      case COLON:
        if (c === ':') {
          top.state = VALUE;
          return;
        }
        return fail(
          'JSON_SYNTAX',
          at,
          `expected ":" after the key ${JSON.stringify(top.key.slice(0, 60))} but found ${show(c)}`,
        );
      case VALUE_OR_END:
        if (c === ']') return void close(at);
        return startValue(c, at);
      case VALUE:
        return startValue(c, at);
      default:
        if (c === ',') {
          top.state = top.array ? VALUE : KEY;
          return;
        }
        if (c === (top.array ? ']' : '}')) return void close(at);
        return fail(
          'JSON_SYNTAX',
          at,
          `expected "," or "${top.array ? ']' : '}'}" after ${top.array ? 'an item' : 'a member'} but found ${show(c)}`,
        );
    }
  };

  /** Reads string characters from `i`; returns the index after what it consumed. */
  const stringPart = (s: string, i: number, end: number): number => {
    if (escape === 1) {
      const c = s[i]!;
      if (c === 'u') {
        escape = 2;
        hex = '';
      } else if (ESCAPES[c] !== undefined) {
        buf += ESCAPES[c];
        escape = 0;
      } else
        fail(
          'JSON_SYNTAX',
          base + i,
          `"\\${c === '\n' ? 'n' : c}" is not a JSON escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`,
        );
      return i + 1;
    }
    if (escape === 2) {
      const c = s[i]!;
      if (!/[0-9a-fA-F]/.test(c)) {
        fail('JSON_SYNTAX', base + i, `a \\u escape needs 4 hex digits but found ${show(c)}`);
        return i + 1;
      }
      hex += c;
      if (hex.length === 4) {
        buf += String.fromCharCode(parseInt(hex, 16));
        escape = 0;
      }
      return i + 1;
    }
    let j = i;
    while (j < end) {
      const code = s.charCodeAt(j);
      if (code === 0x22 || code === 0x5c || code < 0x20) break;
      j += 1;
    }
    if (j > i) buf += s.slice(i, j);
    if (j === end) return j;
    const code = s.charCodeAt(j);
    if (code === 0x5c) {
      escape = 1;
      return j + 1;
    }
    if (code < 0x20) {
      fail(
        'JSON_SYNTAX',
        base + j,
        `a raw control character (${show(s[j]!)}) inside a string; escape it (\\n, \\t, \\u00XX)`,
      );
      // The line end itself still ends the line.
      return code === 0x0a ? j : j + 1;
    }
    mode = STRUCT;
    if (isKey) {
      const top = frames[frames.length - 1]!;
      top.key = buf;
      top.state = COLON;
    } else complete(buf, base + j);
    return j + 1;
  };

  /** A text event for the open string, when it is a cuttable role of a unit and it grew. */
  const partialText = (): void => {
    if (mode !== STRING || isKey || unitLevel < 0 || cuttable === undefined) return;
    let text = buf;
    const last = text.charCodeAt(text.length - 1);
    // Half a surrogate pair waits for its other half.
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    if (text.length <= emitted) return;
    const segment = childSegment();
    path.push(segment);
    const unitPath = path.slice(0, unitLevel);
    const inUnit = path.slice(unitLevel);
    path.pop();
    if (!cuttable(inUnit, frames[unitLevel]!.value, unitPath)) return;
    const unit = shallowCopy(frames[unitLevel]!.value);
    let at = unit;
    for (let k = unitLevel + 1; k < frames.length; k += 1) {
      const child = shallowCopy(frames[k]!.value);
      setMember(at, path[k - 1]!, child);
      at = child;
    }
    setMember(at, segment, text);
    out.push({
      kind: 'text',
      document,
      unitPath,
      path: unitPath.concat(inUnit),
      text,
      delta: text.slice(emitted),
      unit,
    });
    emitted = text.length;
  };

  const push = (s: string): JsonStreamEvent[] => {
    out = [];
    if (dead) return out;
    const n = s.length;
    let i = 0;
    while (i < n && !dead) {
      if (skipping) {
        const nl = s.indexOf('\n', i);
        if (nl === -1) break;
        skipping = false;
        i = nl;
        continue;
      }
      if (started && base + i - docStart > limits.maxDocumentChars) {
        fail('LIMIT_EXCEEDED', base + i, `a document may have at most ${limits.maxDocumentChars} characters; split it`);
        continue;
      }
      if (mode === STRING) {
        const end = started ? Math.min(n, docStart + limits.maxDocumentChars + 1 - base) : n;
        i = stringPart(s, i, end);
        continue;
      }
      const c = s[i]!;
      if (mode === NUMBER) {
        if ((c >= '0' && c <= '9') || c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-') {
          buf += c;
          i += 1;
          continue;
        }
        if (!finishNumber(base + i)) continue;
      } else if (mode === LITERAL) {
        if (c !== literal[literalAt]) {
          mode = STRUCT;
          fail('JSON_SYNTAX', base + i, `expected ${JSON.stringify(literal)} but found ${show(c)}`);
          continue;
        }
        literalAt += 1;
        i += 1;
        if (literalAt === literal.length) {
          mode = STRUCT;
          complete(literalValue, base + i);
        }
        continue;
      }
      struct(c, base + i);
      i += 1;
    }
    base += n;
    if (!dead && !skipping) partialText();
    return out;
  };

  return {
    push,
    end() {
      out = [];
      if (dead) return out;
      const at = base;
      if (skipping || !started) {
        reset();
        return out;
      }
      if (mode === NUMBER && !finishNumber(at)) return out;
      if (mode === STRING || mode === LITERAL || !done) {
        fail(
          'INCOMPLETE',
          at,
          `the stream ended inside a document (${mode === STRING ? 'inside a string, ' : ''}${frames.length} array or object still open)`,
        );
        return out;
      }
      out.push({ kind: 'document', document, value: root });
      reset();
      if (!jsonl) dead = true;
      return out;
    },
  };
}
