/** How long handled actions wait to be drained together (ms): one drain request per burst. */
const DRAIN_DELAY_MS = 50;

/**
 * The page → generator direction's bookkeeping: actions are drained shortly after they are
 * handled, the highest sequence of a burst in one request.
 */
export class DrainScheduler {
  readonly #drain: (through: number) => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  #through = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  /** `drain(through)` consumes the actions up to `through`; its failures go to `onError`. */
  constructor(drain: (through: number) => Promise<unknown>, onError: (error: unknown) => void) {
    this.#drain = drain;
    this.#onError = onError;
  }

  /** The action at event `sequence` is handled: drain through it soon. */
  soon(sequence: number): void {
    this.#through = Math.max(this.#through, sequence);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      if (!this.#closed) void this.#drain(this.#through).catch(this.#onError);
    }, DRAIN_DELAY_MS);
  }

  /** Drain nothing more (a pending drain is cancelled). */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}
