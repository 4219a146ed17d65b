import { createLineFramer, type LineFramer } from '../../shared/line-framer.ts';
import type { AnswerEvents } from './answer-events.ts';
import { BARE_COMMAND, cutCommand, droppedLine, parseCommandLine } from './command-line.ts';

/** A line that may still be a UI command written without its fence: up to 3 spaces, then `{` or nothing yet. */
const BARE_START = /^ {0,3}(?:\{|$)/;

/**
 * The prose of a model's answer, as the fence scanner hands it over (fences already cut out), plus
 * the fences that are not UI commands (```python), which are prose too. Prose streams out as soon
 * as its line cannot be a UI command; outside fences a line that starts with `{` is held to its end
 * and read as a command when it parses (models forget fences). Lines are bounded: a longer one is
 * never buffered whole, and what was not shown is said.
 */
export class ProseReader {
  /** Bare command lines are read (outside fences); false inside a fence that is prose. */
  bare = true;
  /** The current line while it may still be a command. */
  private held = '';
  /** Characters of the held line already sent as `partial`. */
  private partialSent = 0;
  /** The current line has been decided to be prose: its characters stream straight out. */
  private flowing = false;
  /** The last line is being delivered by `end()` (it had no line end). */
  private ending = false;
  // The tree's one line splitter (shared/line-framer.ts): `piece` sees each piece of a line as it
  // streams (prose flows out, a command line previews), `line` its end; a line over `max` is
  // skipped as it streams, never buffered whole.
  private readonly framer: LineFramer;

  constructor(
    private readonly out: AnswerEvents,
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

  push(text: string): void {
    this.framer.push(text);
  }

  /** The answer ended: its last line (without a line end) is read. */
  end(): void {
    this.ending = true;
    this.framer.end();
    this.ending = false;
    this.reset();
  }

  /** A line that was not taken in (a fence line over the limit): said, as the framer would. */
  dropped(length: number): void {
    this.tooLong(length);
  }

  private piece(piece: string): void {
    if (this.flowing) return this.out.text(piece);
    this.held += piece;
    if (!this.bare || !BARE_START.test(this.held)) {
      this.flowing = true;
      this.out.text(this.held);
      this.held = '';
    } else if (this.partial && this.held.trimStart().startsWith('{')) {
      this.out.push({ kind: 'partial', text: this.held.slice(this.partialSent) });
      this.partialSent = this.held.length;
    }
  }

  private lineEnded(): void {
    // The candidate's line ended: its incremental reader ends the document too.
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    if (!this.flowing) this.endLine(this.held, !this.ending);
    else if (!this.ending) this.out.text('\n');
    this.reset();
  }

  private tooLong(length: number): void {
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    // Prose that flowed out before the line passed the limit: the rest of it is not shown, and said so.
    this.out.push(
      this.flowing
        ? {
            kind: 'error',
            message: `the rest of a line of ${length} characters was not shown (the limit is ${this.max})`,
          }
        : droppedLine(length, this.max),
    );
    this.reset();
  }

  /** A whole line that was held: a command, or prose after all. */
  private endLine(line: string, newline: boolean): void {
    const t = line.trim();
    if (this.bare && t.startsWith('{') && this.bareCommand(t, newline)) return;
    this.out.text(line + (newline ? '\n' : ''));
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

  private reset(): void {
    this.held = '';
    this.partialSent = 0;
    this.flowing = false;
  }
}
