import { couldBeFence, readFenceLine } from '../../shared/code-fence.ts';
import { createLineFramer, type LineFramer } from '../../shared/line-framer.ts';
import { BARE_COMMAND, cutCommand, parseCommandLine } from './command-line.ts';

export { parseCommandLine } from './command-line.ts';

/**
 * What the model's answer holds, in order: prose, UI commands, and lines that could not be read.
 * With `partial: true`, the text of a line that may be a command streams as `partial` pieces
 * before its `command` (or `error`, or `text`) event: the progressive path previews from them.
 */
export type AnswerEvent =
  | { kind: 'text'; text: string }
  | { kind: 'command'; value: unknown }
  | { kind: 'error'; message: string }
  | { kind: 'partial'; text: string };

/** An incremental reader of the model's content. */
export interface AnswerParser {
  /** Feed the next piece of content (split anywhere, even inside a character sequence). */
  push(delta: string): AnswerEvent[];
  /** The answer ended (or was cut): flush what is left. */
  end(): AnswerEvent[];
}

/** Fence languages (whole info strings) whose lines are UI commands. */
const COMMAND_FENCES = new Set(['', 'genui', 'jsonl', 'json', 'ndjson']);

/**
 * Reads a model's content as it streams. Prose streams out as `text` as soon as it can no longer
 * be the start of a fence (so text is not held back a line at a time); a ```genui (or ```jsonl,
 * ```json, bare ```) fence holds JSONL UI commands, one per line, each emitted when its line ends.
 * Outside fences a line that starts with `{` and parses as an object is a command too (models
 * forget fences). Other fences (```python) are prose. Lines are bounded by `maxLineChars`: a
 * longer one is dropped while it streams (never buffered whole) and reported once. What a fence
 * line is comes from the tree's one fence scanner (`shared/code-fence.ts`).
 */
export function createAnswerParser(options: { maxLineChars?: number; partial?: boolean } = {}): AnswerParser {
  return new AnswerReader(options.maxLineChars ?? 2_000_000, options.partial === true);
}

/** The parser's state as named fields: the fence it is in, the line it holds, what it will answer. */
class AnswerReader implements AnswerParser {
  /** Prose, inside a command fence, or inside another fence (prose too, but never commands). */
  private mode: 'text' | 'commands' | 'other' = 'text';
  /** The current line while it may still be a fence or a command. */
  private held = '';
  /** Characters of the held line already sent as `partial`. */
  private partialSent = 0;
  /** The current text line has been decided to be prose: its characters stream straight out. */
  private flowing = false;
  /** The last line is being delivered by `end()` (it had no line end). */
  private ending = false;
  private out: AnswerEvent[] = [];
  // The tree's one line splitter (shared/line-framer.ts): `piece` sees each piece of a line as it
  // streams (prose flows out, a command line previews), `line` its end; a line over `max` is
  // skipped as it streams, never buffered whole.
  private readonly framer: LineFramer;

  constructor(
    private readonly max: number,
    private readonly partial: boolean,
  ) {
    this.framer = createLineFramer(
      {
        piece: (piece) => this.piece(piece),
        line: () => this.lineEnded(),
        tooLong: ({ length }) => this.tooLong(length),
      },
      { maxLineBytes: max, keepEmpty: true },
    );
  }

  push(delta: string): AnswerEvent[] {
    this.framer.push(delta);
    return this.take();
  }

  end(): AnswerEvent[] {
    this.ending = true;
    this.framer.end();
    this.ending = false;
    this.reset();
    return this.take();
  }

  private piece(piece: string): void {
    if (this.flowing) return this.text(piece);
    this.held += piece;
    if (this.mode !== 'commands' && !this.undecided(this.held)) {
      this.flowing = true;
      this.text(this.held);
      this.held = '';
    } else if (
      this.partial &&
      (this.mode === 'commands'
        ? // A line that may still be the closing fence ("`", "``") is no command yet.
          !couldBeFence(this.held.trim())
        : this.held.trimStart().startsWith('{'))
    ) {
      this.out.push({ kind: 'partial', text: this.held.slice(this.partialSent) });
      this.partialSent = this.held.length;
    }
  }

  private lineEnded(): void {
    // The candidate's line ended: its incremental reader ends the document too.
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    if (this.flowing) {
      if (!this.ending) this.text('\n');
    } else if (!this.ending) this.endLine(this.held, true);
    else if (this.mode === 'commands') {
      const parsed = parseCommandLine(this.held.trim());
      this.out.push(parsed.kind === 'command' ? parsed : cutCommand(this.held.trim()));
    } else this.endLine(this.held, false);
    this.reset();
  }

  private tooLong(length: number): void {
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    // Prose that flowed out before the line passed the limit: the rest of it is not shown, and said so.
    this.out.push({
      kind: 'error',
      message: this.flowing
        ? `the rest of a line of ${length} characters was not shown (the limit is ${this.max})`
        : `a line of ${length} characters was dropped (the limit is ${this.max}); send smaller surfaces`,
    });
    this.reset();
  }

  /** The held line may still be a fence line, or (in prose) a bare command. */
  private undecided(line: string): boolean {
    return couldBeFence(line) || (this.mode === 'text' && line.replace(/^ {0,3}/, '').startsWith('{'));
  }

  /** A whole line that was held: a fence line, a command, or prose after all. */
  private endLine(line: string, newline: boolean): void {
    const t = line.trim();
    const asText = line + (newline ? '\n' : '');
    if (this.mode === 'commands') {
      // A command fence closes on a fence line at any indent (a model indents the whole block).
      if (readFenceLine(t) !== undefined) this.mode = 'text';
      else if (t !== '') this.out.push(parseCommandLine(t));
      return;
    }
    const fence = readFenceLine(line);
    if (fence !== undefined) {
      if (this.mode === 'other') this.mode = 'text';
      else if (COMMAND_FENCES.has(fence.info.toLowerCase())) return void (this.mode = 'commands');
      else this.mode = 'other';
      return this.text(asText);
    }
    if (this.mode === 'text' && t.startsWith('{') && this.bareCommand(t, newline)) return;
    this.text(asText);
  }

  /** A line outside fences that starts with `{`: a command, a broken UI command, or (false) prose. */
  private bareCommand(t: string, newline: boolean): boolean {
    const parsed = parseCommandLine(t);
    // A UI command without its fence that does not parse is a broken command, never raw JSON shown as prose.
    if (parsed.kind !== 'command' && !BARE_COMMAND.test(t)) return false;
    this.out.push(
      parsed.kind === 'command'
        ? parsed
        : newline && parsed.kind === 'error'
          ? {
              kind: 'error',
              message: parsed.message.replace('a line in the genui fence', 'a UI command line without its fence'),
            }
          : cutCommand(t),
    );
    return true;
  }

  private text(t: string): void {
    if (t === '') return;
    const last = this.out[this.out.length - 1];
    if (last?.kind === 'text') last.text += t;
    else this.out.push({ kind: 'text', text: t });
  }

  private reset(): void {
    this.held = '';
    this.partialSent = 0;
    this.flowing = false;
  }

  private take(): AnswerEvent[] {
    const events = this.out;
    this.out = [];
    return events;
  }
}
