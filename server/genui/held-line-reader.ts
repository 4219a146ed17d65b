import { createLineFramer, type LineFramer } from '../../shared/line-framer.ts';
import type { AnswerEvents } from './answer-events.ts';

/**
 * What both readers of a GenUI answer's lines share (the prose one and the command-fence one): the
 * tree's one line splitter (shared/line-framer.ts) bounded by `max`, the line held while it may be a
 * command, and its preview as `partial` pieces. `piece` sees each piece of a line as it streams,
 * `lineEnded` its end, `tooLong` a line over `max`, which is skipped as it streams, never buffered
 * whole. After either, a previewed line's incremental reader is told the line ended.
 */
export abstract class HeldLineReader {
  /** The current line while it is held. */
  protected held = '';
  /** The last line is being delivered by `end()` (it had no line end). */
  protected ending = false;
  /** Characters of the held line already sent as `partial`. */
  private partialSent = 0;
  private readonly framer: LineFramer;

  constructor(
    protected readonly out: AnswerEvents,
    protected readonly max: number,
    protected readonly partial: boolean,
  ) {
    this.framer = createLineFramer(
      {
        piece: (piece) => this.piece(piece),
        line: () => this.finish(() => this.lineEnded()),
        tooLong: ({ length }) => this.finish(() => this.tooLong(length)),
      },
      { maxLineBytes: max, keepEmpty: true },
    );
  }

  /** The next piece of text. */
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

  protected abstract piece(piece: string): void;
  protected abstract lineEnded(): void;
  protected abstract tooLong(length: number): void;

  /**
   * Sends what the held line gained since its last preview, `piece` being what it gained last.
   * The usual case sends `piece` itself: slicing the held line would make V8 flatten it, a copy of
   * the whole line per piece (a 200k-character line took 5 s in 4-character pieces).
   */
  protected preview(piece: string): void {
    if (!this.partial) return;
    const length = this.held.length;
    const text = this.partialSent + piece.length === length ? piece : this.held.slice(this.partialSent);
    this.out.push({ kind: 'partial', text });
    this.partialSent = length;
  }

  protected reset(): void {
    this.held = '';
    this.partialSent = 0;
  }

  private finish(read: () => void): void {
    // The previewed line ended: its incremental reader ends the document too.
    if (this.partialSent > 0 && !this.ending) this.out.push({ kind: 'partial', text: '\n' });
    read();
    this.reset();
  }
}
