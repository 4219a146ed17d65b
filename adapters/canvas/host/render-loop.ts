/**
 * Coalesces the canvas's redraws: any number of `schedule()` calls in one task make one draw (in a
 * microtask), so applying a burst of ops renders the canvas once. `settle()` waits until no draw
 * is pending and the last one finished.
 */
export class RenderLoop {
  private pending = false;
  private last: Promise<void> = Promise.resolve();

  /** `draw` renders the current canvas; it must not reject (it reports its own failures). */
  constructor(private readonly draw: () => Promise<void>) {}

  /** Asks for a draw after the current task. */
  schedule(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => void this.flush());
  }

  /** Draws now (a pending draw is then done). */
  flush(): Promise<void> {
    this.pending = false;
    this.last = this.draw();
    return this.last;
  }

  /** Resolves once no draw is pending and the last one has finished. */
  async settle(): Promise<void> {
    while (this.pending) await this.flush();
    await this.last;
  }
}
