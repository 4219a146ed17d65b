import { couldBeFence } from '../../shared/code-fence.ts';
import { createLineFramer, type LineFramer } from '../../shared/line-framer.ts';
import type { AnswerEvents } from './answer-events.ts';
import { cutCommand, droppedLine, parseCommandLine } from './command-line.ts';

/**
 * The body of a ```genui (or ```jsonl, ```json, bare ```) fence, as the fence scanner hands it over:
 * JSONL UI commands, one per line, each read when its line ends (the closing fence ends the last).
 * With `partial`, a line's text streams as `partial` pieces before its command. A line over `max`
 * is dropped as it streams (never buffered whole) and reported once; a line the answer cut is said
 * to be cut, never guessed.
 */
export class CommandFenceReader {
  /** The current line. */
  private held = '';
  /** Characters of the held line already sent as `partial`. */
  private partialSent = 0;
  /** The last line is being delivered by `end()` (the answer ended inside the fence). */
  private ending = false;
  // The tree's one line splitter (shared/line-framer.ts), bounded by `max`.
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

  /** A piece of the fence's body. */
  push(code: string): void {
    this.framer.push(code);
  }

  /** The closing fence arrived: the line before it is whole. */
  close(): void {
    this.framer.push('\n');
  }

  /** The answer ended inside the fence: its last line was cut. */
  end(): void {
    this.ending = true;
    this.framer.end();
    this.ending = false;
    this.reset();
  }

  private piece(piece: string): void {
    this.held += piece;
    // A line that is blank so far (or may still be a fence) is no command yet.
    if (this.partial && !couldBeFence(this.held.trim())) {
      this.out.push({ kind: 'partial', text: this.held.slice(this.partialSent) });
      this.partialSent = this.held.length;
    }
  }

  private lineEnded(): void {
    // The candidate's line ended: its incremental reader ends the document too.
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    const t = this.held.trim();
    if (this.ending) {
      const parsed = parseCommandLine(t);
      this.out.push(parsed.kind === 'command' ? parsed : cutCommand(t));
    } else if (t !== '') this.out.push(parseCommandLine(t));
    this.reset();
  }

  private tooLong(length: number): void {
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    this.out.push(droppedLine(length, this.max));
    this.reset();
  }

  private reset(): void {
    this.held = '';
    this.partialSent = 0;
  }
}
