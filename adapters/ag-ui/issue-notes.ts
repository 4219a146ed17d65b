import type { AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import type { AdapterIssue } from '../kit/issue.ts';
import type { NoteEntry } from './transcript.ts';

/** An AG-UI problem as every adapter reports it. */
export type AgUiIssue = AdapterIssue & { adapter: 'ag-ui' };

/** Says a problem: to `onIssue` always, on the page as a note unless `show` is false. */
export type Report = (code: string, message: string, subject?: string, show?: boolean) => void;

/**
 * The connection's problems: every one reaches `onIssue`; the page shows the first `maxNotes` as
 * notes, then one note that says the rest go to `onIssue` only.
 */
export class IssueNotes {
  /** Notes shown so far (one past `maxNotes` once the "more problems" note is up). */
  #shown = 0;
  readonly #maxNotes: number;
  readonly #onIssue: ((issue: AgUiIssue) => void) | undefined;
  readonly #note: (tone: NoteEntry['tone'], title: string, text: string) => void;

  constructor(
    limits: Pick<AgUiLimits, 'maxNotes'>,
    onIssue: ((issue: AgUiIssue) => void) | undefined,
    note: (tone: NoteEntry['tone'], title: string, text: string) => void,
  ) {
    this.#maxNotes = limits.maxNotes;
    this.#onIssue = onIssue;
    this.#note = note;
  }

  /** Hands an issue to `onIssue` only (the caller shows it its own way). */
  tell(code: string, message: string): void {
    this.#onIssue?.({ adapter: 'ag-ui', code, message });
  }

  readonly report: Report = (code, message, subject, show = true) => {
    this.#onIssue?.({ adapter: 'ag-ui', code, message, ...(subject === undefined ? {} : { subject }) });
    if (!show || this.#shown > this.#maxNotes) return;
    this.#shown += 1;
    if (this.#shown > this.#maxNotes)
      this.#note('warning', 'More problems', `more than ${this.#maxNotes} problems; the rest go to onIssue only`);
    else this.#note('warning', code, message.slice(0, 2000));
  };
}
