/**
 * The transport a SUIP peer talks through: strings in, strings out. The browser one is a
 * MessagePort; `createMemoryChannelPair` is its in-memory twin for fast protocol tests.
 */
export interface Channel {
  /** Send one JSON text. */
  send(text: string): void;
  /** Listen for incoming JSON texts; returns an unsubscribe function. */
  onMessage(listener: (text: unknown) => void): () => void;
  /** Stop delivering in both directions. */
  close(): void;
}

/**
 * Two connected channels. Delivery is asynchronous and ordered (a microtask per message), like a
 * MessagePort, so tests see the same interleavings a browser would allow.
 */
export function createMemoryChannelPair(): [Channel, Channel] {
  const listeners: [Set<(text: unknown) => void>, Set<(text: unknown) => void>] = [new Set(), new Set()];
  let closed = false;
  const end = (mine: 0 | 1): Channel => ({
    send(text) {
      if (closed) return;
      const theirs = listeners[mine === 0 ? 1 : 0];
      queueMicrotask(() => {
        if (!closed) for (const listener of theirs) listener(text);
      });
    },
    onMessage(listener) {
      listeners[mine].add(listener);
      return () => listeners[mine].delete(listener);
    },
    close() {
      closed = true;
    },
  });
  return [end(0), end(1)];
}
