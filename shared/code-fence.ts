/**
 * The one scanner of fenced code in a model's answer. Models wrap programs, UI commands and pick
 * blocks in Markdown fences (```js ... ```) and chat around them; every reader of an answer (the
 * program extractor, the AG-UI splitter, the runtime's prose lines, the GenUI command reader) cuts
 * it here, whole or as it streams.
 *
 * Rules (the property tests in `code-fence.test.ts` hold them against a plain reference model):
 * - A fence is three backticks. It opens at the start of a line after at most 3 spaces or tabs, or
 *   with `opens: 'anywhere'` wherever it appears in prose ("Sure! ```js" from a model that forgot
 *   the line break). The rest of its line is the info string; its first word is the language.
 * - Inside a fence a line that starts (after at most 3 spaces or tabs) with three backticks closes
 *   it; the rest of that line is dropped. A fence inside a fence is therefore never nested: its
 *   opening line closes the outer one, as in CommonMark. A block that `closesIndented` accepts
 *   closes at any indent (up to `MAX_INDENT`): a model that indents a whole block of commands
 *   indents its closing fence too.
 * - The newline before the closing fence belongs to neither side. A fence still open when the
 *   answer ends keeps its body (the answer was cut): `end()` flushes what was held back.
 * - Streaming is monotonic: text that could still become a fence (a line start of spaces and up to
 *   two backticks, or trailing backticks in `anywhere` mode) is held back until it cannot, so
 *   events are append-only and the same for any way of cutting the answer into pieces.
 * - Work per push is its delta plus the held-back characters (a few); the scanner keeps no copy of
 *   the answer, and an info string is kept to its first `MAX_INFO` characters.
 * - With `verbatim` the fence lines' own characters stream as `fence` pieces (never held whole), so
 *   the text, code and fence pieces joined are the answer itself: a reader that shows some fences as
 *   prose (GenUI, the canvas transcript) loses nothing.
 */

/** What the scanner found, in answer order. */
export type FenceEvent =
  /** Prose outside any fence. */
  | { kind: 'text'; text: string }
  /** A fence's three backticks arrived (its info line may still be streaming). */
  | { kind: 'open' }
  /** The fence's line ended: its body starts. `lang` is the info's first word, lower-cased. */
  | { kind: 'body'; info: string; lang: string }
  /** A piece of the open fence's body. */
  | { kind: 'code'; text: string }
  /** The closing fence's backticks arrived. */
  | { kind: 'close' }
  /**
   * `verbatim` only: a piece of a fence line as written (its indent, backticks, info or rest and
   * line end; for a closing fence, the newline before it too). An opening line's pieces come
   * between `open` and `body`, a closing line's after `close`.
   */
  | { kind: 'fence'; text: string };

/** Options of `createFenceScanner`. */
export interface FenceScannerOptions {
  /** Where a fence may open: at a line start (Markdown's rule, the default) or anywhere in prose. */
  opens?: 'line-start' | 'anywhere';
  /** `first`: after the first fence closes the rest is prose, fences included. Default `all`. */
  blocks?: 'all' | 'first';
  /** Blocks (by their info string) that close on a fence line at any indent up to `MAX_INDENT`. Default none. */
  closesIndented?: (info: string) => boolean;
  /** Emit the fence lines' own characters as `fence` pieces too (see the module comment). Default false. */
  verbatim?: boolean;
}

/** A scanner fed an answer piece by piece. */
export interface FenceScanner {
  /** Takes the next piece; answers the events it completes. */
  push(delta: string): FenceEvent[];
  /** The answer ended: flushes what was held back (a cut fence keeps its body). */
  end(): FenceEvent[];
  /** What `end()` would flush now as code, without ending: the held-back end of an open body ('' elsewhere). */
  heldCode(): string;
}

/** The fence marker. */
export const FENCE = '```';
/** The longest info string kept (the rest of a fence line is skipped as it streams, never held). */
export const MAX_INFO = 200;

/** The deepest indent of a closing fence in a block that `closesIndented` accepts (held back while it grows). */
export const MAX_INDENT = 200;

/** At a line start: the indent a fence may have and the backticks so far. */
const LINE_FENCE = /[ \t]{0,3}(`{0,3})/y;
/** The same in a block that closes at any indent. */
const INDENTED_FENCE = new RegExp(`[ \\t]{0,${MAX_INDENT}}(\`{0,3})`, 'y');

/** The language of a fence's info string: its first word, lower-cased (`js` for "js title=x"). */
export function fenceLang(info: string): string {
  return (/^[\w+-]*/.exec(info.trim())?.[0] ?? '').toLowerCase();
}

/** A whole line read as a fence line: its info string, or undefined when the line is not a fence. */
export function readFenceLine(line: string): { info: string; lang: string } | undefined {
  LINE_FENCE.lastIndex = 0;
  const match = LINE_FENCE.exec(line);
  if (match?.[1] !== FENCE) return undefined;
  const info = line.slice(match[0].length).trim();
  return { info, lang: fenceLang(info) };
}

/**
 * A fence's opening line as a `verbatim` scanner streams it (its `fence` pieces between `open` and
 * `body`), held until the info string decides what the fence is: its first `max` + 1 characters
 * (a longer line is never held whole, only counted) and its whole length. The GenUI answer parser
 * and the canvas fence reader show an opening line that is not theirs as prose.
 */
export class HeldFenceLine {
  /** The line's first `max` + 1 characters (line end included when it fits). */
  text = '';
  /** The whole line's length so far. */
  length = 0;

  constructor(private readonly max: number) {}

  /** A new opening line starts (the scanner's `open`). */
  start(): void {
    this.text = '';
    this.length = 0;
  }

  /** The next piece of it (a `fence` event). */
  add(piece: string): void {
    this.length += piece.length;
    if (this.text.length <= this.max) this.text += piece.slice(0, this.max + 1 - this.text.length);
  }

  /** Its info string, for a stream that ended on the line ('' when it is no fence line). */
  info(): string {
    return readFenceLine(this.text)?.info ?? '';
  }
}

/** True while a line that starts with `prefix` could still turn out to be a fence line. */
export function couldBeFence(prefix: string): boolean {
  LINE_FENCE.lastIndex = 0;
  const match = LINE_FENCE.exec(prefix);
  return match !== null && (match[1] === FENCE || match[0].length === prefix.length);
}

/** Where a fence stands in `s` from `from` on: found (at `marker`), maybe (held from `hold`), or none. */
type Search = { found: true; before: number; marker: number } | { found: false; hold: number };

/**
 * Looks for a fence at a line start in `s`. `startsLine`: `s[0]` begins a line. `keepNewline`:
 * the newline before a fence is part of what comes before it (prose), else of neither (code).
 */
function fenceAtLineStart(s: string, startsLine: boolean, keepNewline: boolean, fence = LINE_FENCE): Search {
  let newline = startsLine ? -1 : s.indexOf('\n');
  let lineAt = startsLine ? 0 : newline + 1;
  while (startsLine || newline !== -1) {
    startsLine = false;
    fence.lastIndex = lineAt;
    const match = fence.exec(s)!;
    const cut = keepNewline || newline === -1 ? lineAt : newline;
    if (match[1] === FENCE) return { found: true, before: cut, marker: lineAt + match[0].length };
    if (lineAt + match[0].length === s.length) return { found: false, hold: cut };
    newline = s.indexOf('\n', lineAt);
    lineAt = newline + 1;
  }
  return { found: false, hold: s.length };
}

/** Looks for a fence anywhere in `s`; trailing backticks are held (they may be its start). */
function fenceAnywhere(s: string): Search {
  const at = s.indexOf(FENCE);
  if (at !== -1) return { found: true, before: at, marker: at + FENCE.length };
  return { found: false, hold: s.endsWith('``') ? s.length - 2 : s.endsWith('`') ? s.length - 1 : s.length };
}

/**
 * Creates a scanner of fenced code; see the module comment for its rules. One state machine with
 * named fields: where it is (`phase`), what it holds back, and whether that starts a line.
 */
export function createFenceScanner(options: FenceScannerOptions = {}): FenceScanner {
  return new FenceMachine(
    options.opens ?? 'line-start',
    options.blocks ?? 'all',
    options.closesIndented ?? (() => false),
    options.verbatim === true,
  );
}

class FenceMachine implements FenceScanner {
  /** prose / the fence's info line / its body / the rest of the closing line / prose for good. */
  private phase: 'text' | 'info' | 'code' | 'closing' | 'rest' = 'text';
  /** Characters that may still be the start of a fence, held back until they cannot. */
  private held = '';
  /** `held` (or the next piece) begins a line. */
  private startsLine = true;
  private info = '';
  /** The open block closes at any indent (`closesIndented` accepted its info). */
  private indented = false;
  private out: FenceEvent[] = [];

  constructor(
    private readonly opens: 'line-start' | 'anywhere',
    private readonly blocks: 'all' | 'first',
    private readonly closesIndented: (info: string) => boolean,
    private readonly verbatim: boolean,
  ) {}

  push(delta: string): FenceEvent[] {
    let s = this.held + delta;
    this.held = '';
    while (s !== '') s = this.step(s);
    return this.take();
  }

  end(): FenceEvent[] {
    if (this.held !== '') this.emit(this.phase === 'code' ? 'code' : 'text', this.held);
    this.held = '';
    return this.take();
  }

  heldCode(): string {
    return this.phase === 'code' ? this.held : '';
  }

  /** Consumes the start of `s` in the current phase; answers what is left for the next phase. */
  private step(s: string): string {
    switch (this.phase) {
      case 'rest':
        this.emit('text', s);
        return '';
      case 'info':
      case 'closing':
        return this.skipLine(s);
      case 'text': {
        const search = this.opens === 'anywhere' ? fenceAnywhere(s) : fenceAtLineStart(s, this.startsLine, true);
        return this.advance(s, search, 'text');
      }
      case 'code':
        return this.advance(
          s,
          fenceAtLineStart(s, this.startsLine, false, this.indented ? INDENTED_FENCE : LINE_FENCE),
          'code',
        );
    }
  }

  /** Emits what comes before a fence (or holds what may start one) and moves past its marker. */
  private advance(s: string, search: Search, kind: 'text' | 'code'): string {
    if (!search.found) {
      this.emit(kind, s.slice(0, search.hold));
      this.held = s.slice(search.hold);
      // Nothing held: the next piece starts a line when this one ended one. A held piece starts a line
      // unless it is the newline before a possible closing fence (held with it, code only).
      this.startsLine = this.held === '' ? s.endsWith('\n') : !this.held.startsWith('\n');
      return '';
    }
    this.emit(kind, s.slice(0, search.before));
    this.out.push({ kind: kind === 'text' ? 'open' : 'close' });
    this.emit('fence', s.slice(search.before, search.marker));
    this.phase = kind === 'text' ? 'info' : 'closing';
    this.info = '';
    return s.slice(search.marker);
  }

  /** The rest of a fence line: an opening one's info is kept (bounded), a closing one's dropped. */
  private skipLine(s: string): string {
    const newline = s.indexOf('\n');
    const line = newline === -1 ? s : s.slice(0, newline);
    if (this.phase === 'info' && this.info.length < MAX_INFO) this.info += line.slice(0, MAX_INFO - this.info.length);
    this.emit('fence', newline === -1 ? s : s.slice(0, newline + 1));
    if (newline === -1) return '';
    if (this.phase === 'info') {
      const info = this.info.trim();
      this.indented = this.closesIndented(info);
      this.out.push({ kind: 'body', info, lang: fenceLang(info) });
      this.phase = 'code';
    } else this.phase = this.blocks === 'first' ? 'rest' : 'text';
    this.startsLine = true;
    return s.slice(newline + 1);
  }

  private emit(kind: 'text' | 'code' | 'fence', text: string): void {
    if (text === '' || (kind === 'fence' && !this.verbatim)) return;
    const last = this.out[this.out.length - 1];
    if (last?.kind === kind) last.text += text;
    else this.out.push({ kind, text });
  }

  private take(): FenceEvent[] {
    const events = this.out;
    this.out = [];
    return events;
  }
}

/** One fenced block of a whole answer. */
export interface FencedBlock {
  info: string;
  lang: string;
  code: string;
  /** False when the answer ended inside the block. */
  closed: boolean;
}

/** A whole answer scanned at once: its prose (joined) and its fenced blocks whose body started. */
export function scanFences(answer: string, options: FenceScannerOptions = {}): { text: string; blocks: FencedBlock[] } {
  const scanner = createFenceScanner(options);
  let text = '';
  const blocks: FencedBlock[] = [];
  for (const event of [...scanner.push(answer), ...scanner.end()]) {
    if (event.kind === 'text') text += event.text;
    else if (event.kind === 'body') blocks.push({ info: event.info, lang: event.lang, code: '', closed: false });
    else if (event.kind === 'code') blocks[blocks.length - 1]!.code += event.text;
    else if (event.kind === 'close' && blocks.length > 0) blocks[blocks.length - 1]!.closed = true;
  }
  return { text, blocks };
}
