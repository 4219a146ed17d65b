/**
 * Which user event the Worker is most likely running, for the watchdog's verdict: the last
 * `suip/event` the relay forwarded that no later heartbeat answer has cleared. A ping the Worker
 * answered after the event was forwarded means its handler returned, so an endless loop that
 * starts in a handler is named by that handler ("the on.click handler of the group at ["go"]"),
 * the way a handler that throws is named. The host's messages are trusted; only small ones that
 * name `suip/event` are read.
 */
export class PendingEvent {
  #label: string | undefined;
  /** Forwarded messages so far; the pending event's number among them. */
  #count = 0;
  #at = 0;

  /** The relay forwarded `text` (a host message) to the Worker. */
  forwarded(text: string): void {
    this.#count += 1;
    if (text.length > 4096 || !text.includes('"suip/event"')) return;
    try {
      const message = JSON.parse(text) as { method?: unknown; params?: { event?: unknown; path?: unknown } };
      const { event, path } = message.params ?? {};
      if (message.method !== 'suip/event' || typeof event !== 'string' || !Array.isArray(path)) return;
      const ids = path.slice(0, 8).map((id) => String(id).slice(0, 40));
      this.#label = `the on.${event.slice(0, 16)} handler of the group at ${JSON.stringify(ids)}`;
      this.#at = this.#count;
    } catch {
      // Not JSON: nothing to name.
    }
  }

  /** A ping is sent now: returns the mark its answer clears up to. */
  mark(): number {
    return this.#count;
  }

  /** The Worker answered a ping sent at `mark`: every event forwarded before it returned. */
  answered(mark: number): void {
    if (this.#at <= mark) this.#label = undefined;
  }

  /** `" while running <handler>"`, or `""` when no event was pending. */
  describe(): string {
    return this.#label === undefined ? '' : ` while running ${this.#label}`;
  }
}
