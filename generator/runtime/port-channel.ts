import type { Channel } from '../../shared/channel.ts';

/** A `Channel` over a MessagePort: strings in, strings out. */
export function portChannel(port: MessagePort): Channel {
  const listeners = new Set<(text: unknown) => void>();
  port.onmessage = (event: MessageEvent) => {
    for (const listener of listeners) listener(event.data);
  };
  return {
    send: (text) => port.postMessage(text),
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => port.close(),
  };
}
