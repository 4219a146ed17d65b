import type { AnswerEvent } from './answer-parser.ts';

/**
 * The events one push of the answer parser completes, shared by its readers so that they come out
 * in answer order; neighbouring prose pieces are joined into one `text` event.
 */
export class AnswerEvents {
  private out: AnswerEvent[] = [];

  /** A command, an error or a partial piece. */
  push(event: AnswerEvent): void {
    this.out.push(event);
  }

  /** Prose, joined to the prose before it. */
  text(text: string): void {
    if (text === '') return;
    const last = this.out[this.out.length - 1];
    if (last?.kind === 'text') last.text += text;
    else this.out.push({ kind: 'text', text });
  }

  /** The events so far, handed over once. */
  take(): AnswerEvent[] {
    const events = this.out;
    this.out = [];
    return events;
  }
}
