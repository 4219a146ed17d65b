import type { RemoteEnvelope } from '../../adapters/live/live-remote.ts';

/** Envelopes one publish carries at most. */
const BATCH = 500;
/** The wait before a failed publish is tried again (ms). */
const RETRY_MS = 250;

/**
 * The generator → page direction of a remote generator: one ordered queue of envelopes; what piles
 * up while a publish is in flight goes as one batch. A failed publish (the server restarting,
 * failing over) is retried with the same batch, in order, until it lands or the outbox is closed.
 */
export class EnvelopeOutbox {
  readonly #queue: RemoteEnvelope[] = [];
  readonly #publish: (batch: RemoteEnvelope[]) => Promise<unknown>;
  #flushing: Promise<void> | undefined;
  #closed = false;

  /** `publish` records one batch in order (rejects when it did not land). */
  constructor(publish: (batch: RemoteEnvelope[]) => Promise<unknown>) {
    this.#publish = publish;
  }

  /** Queue one envelope and start publishing, unless a publish is under way (it takes this one next). */
  push(envelope: RemoteEnvelope): void {
    this.#queue.push(envelope);
    void this.flush();
  }

  /** Resolves once the queue is empty (or the outbox closed). */
  flush(): Promise<void> {
    this.#flushing ??= this.#drain();
    return this.#flushing;
  }

  /** Stop publishing: what is still queued is dropped with the generator. */
  close(): void {
    this.#closed = true;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0 && !this.#closed) {
      const batch = this.#queue.slice(0, BATCH);
      try {
        await this.#publish(batch);
        this.#queue.splice(0, batch.length);
      } catch {
        // A batch recorded before its answer was lost is published twice; pages skip repeats by `n`.
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    this.#flushing = undefined;
  }
}
