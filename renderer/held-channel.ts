import type { Channel } from '../shared/channel.ts';

/**
 * `channel`, its incoming messages held (in order) until `ready` settles, then delivered. The
 * renderer's session subscribes at once, so nothing the generator sends while the vocabulary's
 * prose chunk loads is lost (an in-page generator sends `suip/initialize` as soon as it is
 * connected); the answer waits for the prose. Messages reach this point through the connection's
 * budgets (size, rate), and the hold lasts one chunk load, so the queue is bounded by those.
 * `ready` rejecting calls `failed` and drops what was held.
 */
export function heldUntil(channel: Channel, ready: Promise<unknown>, failed: (error: unknown) => void): Channel {
  let held: unknown[] | undefined = [];
  const listeners = new Set<(text: unknown) => void>();
  const deliver = (text: unknown) => {
    for (const listener of listeners) listener(text);
  };
  const unsubscribe = channel.onMessage((text) => (held === undefined ? deliver(text) : held.push(text)));
  ready.then(
    () => {
      const queued = held ?? [];
      held = undefined;
      for (const text of queued) deliver(text);
    },
    (error: unknown) => {
      held = [];
      unsubscribe();
      failed(error);
    },
  );
  return {
    send: (text) => channel.send(text),
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      unsubscribe();
      channel.close();
    },
  };
}
