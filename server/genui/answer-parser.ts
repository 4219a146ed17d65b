import { HeldFenceLine, createFenceScanner, type FenceEvent } from '../../shared/code-fence.ts';
import { AnswerEvents } from './answer-events.ts';
import { CommandFenceReader } from './command-fence-reader.ts';
import { ProseReader } from './prose-reader.ts';

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

/** Fence info strings (whole, any case) whose lines are UI commands. */
const COMMAND_FENCES = new Set(['', 'genui', 'jsonl', 'json', 'ndjson']);
const isCommandFence = (info: string) => COMMAND_FENCES.has(info.toLowerCase());

/**
 * Reads a model's content as it streams. Fences are found by the tree's one fence scanner
 * (`shared/code-fence.ts`, verbatim): a ```genui (or ```jsonl, ```json, bare ```) fence holds JSONL
 * UI commands, one per line, each emitted when its line ends (`CommandFenceReader`); it closes on a
 * fence line at any indent (a model indents the whole block). Prose streams out as `text` as soon as
 * it can no longer be the start of a fence or a command; outside fences a line that starts with `{`
 * and parses as an object is a command too (models forget fences). Other fences (```python) are
 * prose, fence lines included (`ProseReader`). Lines are bounded by `maxLineChars`: a longer one is
 * dropped while it streams (never buffered whole) and reported once.
 */
export function createAnswerParser(options: { maxLineChars?: number; partial?: boolean } = {}): AnswerParser {
  return new AnswerReader(options.maxLineChars ?? 2_000_000, options.partial === true);
}

/** The parser's state as named fields: where the scanner is, the fence line it holds, its two line readers. */
class AnswerReader implements AnswerParser {
  private readonly scanner = createFenceScanner({ verbatim: true, closesIndented: isCommandFence });
  private readonly out = new AnswerEvents();
  private readonly prose: ProseReader;
  private readonly commands: CommandFenceReader;
  /**
   * Prose; a fence's opening line (held until its info decides the fence); inside a command fence;
   * inside another fence (prose, never commands).
   */
  private mode: 'text' | 'opening' | 'commands' | 'other' = 'text';
  /** The opening fence line so far (its first `max` + 1 characters). */
  private readonly opening: HeldFenceLine;

  constructor(
    private readonly max: number,
    partial: boolean,
  ) {
    this.opening = new HeldFenceLine(max);
    this.prose = new ProseReader(this.out, max, partial);
    this.commands = new CommandFenceReader(this.out, max, partial);
  }

  push(delta: string): AnswerEvent[] {
    for (const event of this.scanner.push(delta)) this.read(event);
    return this.out.take();
  }

  end(): AnswerEvent[] {
    for (const event of this.scanner.end()) this.read(event);
    if (this.mode === 'opening') {
      // The answer ended on a fence line: a command fence opened on nothing; another one is prose.
      if (!isCommandFence(this.opening.info())) this.openOther(false);
    }
    if (this.mode === 'commands') this.commands.end();
    else this.prose.end();
    this.mode = 'text';
    return this.out.take();
  }

  private read(event: FenceEvent): void {
    switch (event.kind) {
      case 'text':
        this.mode = 'text';
        this.prose.bare = true;
        return this.prose.push(event.text);
      case 'open':
        this.mode = 'opening';
        return this.opening.start();
      case 'body':
        if (isCommandFence(event.info)) this.mode = 'commands';
        else this.openOther(true);
        return;
      case 'code':
        return this.mode === 'commands' ? this.commands.push(event.text) : this.prose.push(event.text);
      case 'close':
        // The closing line's pieces follow: dropped after commands, prose after another fence.
        if (this.mode === 'commands') this.commands.close();
        return;
      case 'fence':
        return this.fenceLine(event.text);
    }
  }

  /** A piece of a fence line: an opening one is held (bounded), a closing one is prose unless it closed commands. */
  private fenceLine(text: string): void {
    if (this.mode === 'other') return this.prose.push(text);
    // Its first `max` characters and its line end: a longer line is not shown, only said.
    if (this.mode === 'opening') this.opening.add(text);
  }

  /** The held opening line belongs to a fence that is prose: shown with it (`ended`: with its line end). */
  private openOther(ended: boolean): void {
    this.mode = 'other';
    this.prose.bare = false;
    const length = this.opening.length - (ended ? 1 : 0);
    if (length > this.max) this.prose.dropped(length);
    else this.prose.push(this.opening.text);
  }
}
