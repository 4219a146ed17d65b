/** The `t` stamp (the agent's `clock()`) a fault run's payloads carry, read without parsing the whole frame. */
const STAMP = /"t":(\d+(?:\.\d+)?)/;

/**
 * What one viewer has seen of its session's data frames, checked as they come without keeping
 * them: the newest `seq` (the resume point), repeats and gaps, and the times a fault run measures
 * (when the socket closed, when data resumed, when the first frame published after `since` came).
 */
export class FrameTally {
  /** Seq 1 is the session's `created` entry (bookkeeping, never a frame): data starts at 2. */
  last = 1;
  duplicated = 0;
  skipped = 0;
  closedAt: number | undefined;
  resumedAt: number | undefined;
  firstAfter: number | undefined;
  #since: number | undefined;

  /** Start timing frames whose stamp is after `since` (the previous timing is dropped). */
  watch(since: number): void {
    this.#since = since;
    this.firstAfter = undefined;
  }

  /** The socket closed at `at`: the next data frame is the resume. */
  closed(at: number): void {
    this.closedAt = at;
    this.resumedAt = undefined;
  }

  /** A data frame `seq` (its text `text`) arrived at `at`. */
  data(seq: number, text: string, at: number): void {
    if (this.closedAt !== undefined && this.resumedAt === undefined) this.resumedAt = at;
    if (this.#since !== undefined && this.firstAfter === undefined && Number(STAMP.exec(text)?.[1]) > this.#since)
      this.firstAfter = at;
    if (seq <= this.last) this.duplicated += 1;
    else {
      if (seq > this.last + 1) this.skipped += seq - this.last - 1;
      this.last = seq;
    }
  }
}
