import { BARE_COMMAND, cutCommand, droppedLine, parseCommandLine } from './command-line.ts';
import { HeldLineReader } from './held-line-reader.ts';

/** A line that may still be a UI command written without its fence: up to 3 spaces, then `{` or nothing yet. */
const BARE_START = /^ {0,3}(?:\{|$)/;

/**
 * The prose of a model's answer, as the fence scanner hands it over (fences already cut out), plus
 * the fences that are not UI commands (```python), which are prose too. Prose streams out as soon
 * as its line cannot be a UI command; outside fences a line that starts with `{` is held to its end
 * and read as a command when it parses (models forget fences). Lines are bounded: a longer one is
 * never buffered whole, and what was not shown is said.
 */
export class ProseReader extends HeldLineReader {
  /** Bare command lines are read (outside fences); false inside a fence that is prose. */
  bare = true;
  /** The current line has been decided to be prose: its characters stream straight out. */
  private flowing = false;
  /** The held line starts like a bare command (`{`): held to its end, previewed piece by piece, never tested again. */
  private commandLike = false;

  /** A line that was not taken in (a fence line over the limit): said, as the framer would. */
  dropped(length: number): void {
    this.tooLong(length);
    this.reset();
  }

  protected override piece(piece: string): void {
    if (this.flowing) return this.out.text(piece);
    this.held += piece;
    // Decided once, on the line's head (at most 3 spaces and a `{`): testing the whole held line
    // on every piece read it again each time, quadratic in the line.
    if (this.commandLike) return this.preview(piece);
    if (!this.bare || !BARE_START.test(this.held)) {
      this.flowing = true;
      this.out.text(this.held);
      this.held = '';
    } else if (this.held.trimStart().startsWith('{')) {
      this.commandLike = true;
      this.preview(piece);
    }
  }

  protected override lineEnded(): void {
    if (!this.flowing) this.endLine(this.held, !this.ending);
    else if (!this.ending) this.out.text('\n');
  }

  protected override tooLong(length: number): void {
    // Prose that flowed out before the line passed the limit: the rest of it is not shown, and said so.
    this.out.push(
      this.flowing
        ? {
            kind: 'error',
            message: `the rest of a line of ${length} characters was not shown (the limit is ${this.max})`,
          }
        : droppedLine(length, this.max),
    );
  }

  protected override reset(): void {
    super.reset();
    this.flowing = false;
    this.commandLike = false;
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
}
