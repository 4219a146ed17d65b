import type { ConnectedGenerator } from '../../generator/runtime/connect-generator.ts';
import type { Channel } from '../../shared/channel.ts';
import type { EnvelopeOutbox } from './envelope-outbox.ts';

/**
 * One attach epoch of a remote generator (a page attached, or one that lost its history): the
 * channel its generator session speaks over — texts out as envelopes numbered 1, 2, 3 … through
 * the outbox, texts in from the page's `suip:rpc` actions — and the session once connected.
 */
export class RemoteEpoch {
  readonly epoch: string;
  /** The generator session on this epoch's channel, once connected. */
  api: ConnectedGenerator | undefined;
  /** Resolves when a newer epoch replaces this one. */
  readonly superseded: Promise<void>;
  readonly channel: Channel;
  readonly #listeners = new Set<(text: unknown) => void>();
  #resolveSuperseded: () => void = () => undefined;
  #n = 0;

  /** `currentEpoch()` names the newest epoch: once it is another one, this channel sends nothing more. */
  constructor(epoch: string, outbox: EnvelopeOutbox, currentEpoch: () => string | undefined) {
    this.epoch = epoch;
    this.superseded = new Promise<void>((resolve) => (this.#resolveSuperseded = resolve));
    this.channel = {
      send: (text) => {
        if (currentEpoch() !== epoch) return;
        this.#n += 1;
        outbox.push({ epoch, text, n: this.#n });
      },
      onMessage: (listener) => {
        this.#listeners.add(listener);
        return () => this.#listeners.delete(listener);
      },
      close: () => this.#listeners.clear(),
    };
  }

  /** A text the page sent on this epoch, to the generator session. */
  deliver(text: string): void {
    for (const listener of this.#listeners) listener(text);
  }

  /** A newer epoch replaces this one: its session closes and a render waiting on it stops waiting. */
  supersede(): void {
    this.api?.close();
    this.#resolveSuperseded();
  }
}
