import type { TurnOptions } from './turn.ts';

/** At most this many "what was cut" notes per turn (a stream full of garbage is one story, not a thousand). */
const MAX_CUT_NOTES = 5;

/**
 * What one GenUI turn says to the user: the model's prose (bounded by `maxText`), the notes on
 * what was lost in transit, and the closing notes and `message`. Owns the text so far, how much of
 * it was cut and how many chunks were written (a model failure before the first chunk becomes the
 * route's error envelope instead).
 */
export class TurnText {
  /** The text said so far (prose and notes): the final `message`, the next turn's history. */
  text = '';
  /** Characters of prose past `maxText`, not forwarded. */
  cut = 0;
  /** Chunks written to the client, of any kind. */
  written = 0;
  /**
   * What was lost in transit, kept for the whole turn: each note is told to the user at once (a
   * `text` chunk), stays in the final `message` (so the next turn's history tells the model), and
   * goes into every repair prompt.
   */
  readonly cutNotes: string[] = [];

  constructor(
    private readonly sink: TurnOptions['write'],
    private readonly maxText: number,
  ) {}

  /** Writes one chunk to the client, counted. */
  readonly write: TurnOptions['write'] = (chunk) => {
    this.written += 1;
    this.sink(chunk);
  };

  /** Tells the user (and every later repair prompt) that something was lost. */
  tellCut(note: string): void {
    if (this.cutNotes.length >= MAX_CUT_NOTES) return;
    this.cutNotes.push(note);
    const piece = `${this.text === '' ? '' : '\n\n'}[${note}]\n\n`;
    this.text += piece;
    this.write({ text: piece });
  }

  /** Forwards a piece of the model's prose, up to `maxText` characters per turn. */
  prose(piece: string): void {
    const room = this.maxText - this.text.length;
    if (room <= 0) return void (this.cut += piece.length);
    const part = piece.slice(0, room);
    this.cut += piece.length - part.length;
    this.text += part;
    this.write({ text: part });
  }

  /** Ends the turn: a note on the cut text and the problems left standing, then the final `message`. */
  finish(problems: string[]): void {
    const notes = [
      this.cut > 0 ? `[${this.cut} more characters of the answer were cut]` : '',
      problems.length > 0 ? `[Some of the interface could not be shown: ${problems.join('; ').slice(0, 2000)}]` : '',
    ]
      .filter(Boolean)
      .join('\n');
    if (notes !== '') {
      const note = `${this.text === '' ? '' : '\n\n'}${notes}`;
      this.text += note;
      this.write({ text: note });
    }
    this.write({ message: { role: 'model', parts: [{ type: 'text', text: this.text }] } });
  }
}
