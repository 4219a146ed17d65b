import { couldBeFence } from '../../shared/code-fence.ts';
import { cutCommand, droppedLine, parseCommandLine } from './command-line.ts';
import { HeldLineReader } from './held-line-reader.ts';

/** Longest head of a line that may still be a fence (indent and backticks) worth testing. */
const FENCE_HEAD = 512;

/**
 * The body of a ```genui (or ```jsonl, ```json, bare ```) fence, as the fence scanner hands it over:
 * JSONL UI commands, one per line, each read when its line ends (the closing fence ends the last).
 * With `partial`, a line's text streams as `partial` pieces before its command. A line over `max`
 * is dropped as it streams (never buffered whole) and reported once; a line the answer cut is said
 * to be cut, never guessed.
 */
export class CommandFenceReader extends HeldLineReader {
  /** The closing fence arrived: the line before it is whole. */
  close(): void {
    this.push('\n');
  }

  /** The held line can no longer be blank or a fence: it is previewed piece by piece, never tested again. */
  private command = false;

  protected override piece(piece: string): void {
    this.held += piece;
    if (this.command) return this.preview(piece);
    // A line that is blank so far (or may still be a fence) is no command yet. Decided once: a
    // test of the whole held line per piece read it again each time, quadratic in the line; past
    // FENCE_HEAD characters no fence line is still being written (the scanner holds those back).
    if (this.held.length > FENCE_HEAD || !couldBeFence(this.held.trim())) {
      this.command = true;
      this.preview(piece);
    }
  }

  protected override reset(): void {
    super.reset();
    this.command = false;
  }

  protected override lineEnded(): void {
    const t = this.held.trim();
    if (this.ending) {
      const parsed = parseCommandLine(t);
      this.out.push(parsed.kind === 'command' ? parsed : cutCommand(t));
    } else if (t !== '') this.out.push(parseCommandLine(t));
  }

  protected override tooLong(length: number): void {
    this.out.push(droppedLine(length, this.max));
  }
}
