import { couldBeFence } from '../../shared/code-fence.ts';
import { cutCommand, droppedLine, parseCommandLine } from './command-line.ts';
import { HeldLineReader } from './held-line-reader.ts';

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

  protected override piece(piece: string): void {
    this.held += piece;
    // A line that is blank so far (or may still be a fence) is no command yet.
    if (!couldBeFence(this.held.trim())) this.preview();
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
