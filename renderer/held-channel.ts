import type { Channel } from '../shared/channel.ts';

/**
 * Most messages held while the prose loads. A generator sends one before its handshake is
 * answered (`suip/initialize`; an in-page one may add `suip/initialized` and a first
 * transaction), so a few hundred means a flood, not a slow chunk.
 */
export const MAX_HELD_MESSAGES = 256;

/**
 * `channel`, its incoming messages held (in order) until `ready` settles, then delivered. The
 * renderer's session subscribes at once, so nothing the generator sends while the vocabulary's
 * prose chunk loads is lost (an in-page generator sends `suip/initialize` as soon as it is
 * connected); the answer waits for the prose. Messages reach this point through the connection's
 * budgets (size) and the hold lasts one chunk load; the session's rate budget only sees them on
 * delivery, so the hold has its own: past MAX_HELD_MESSAGES it drops what it held and calls
 * `failed`. `ready` rejecting does the same.
 */
export function heldUntil(channel: Channel, ready: Promise<unknown>, failed: (error: unknown) => void): Channel {
  let held: unknown[] | undefined = [];
  const listeners = new Set<(text: unknown) => void>();
  const deliver = (text: unknown) => {
    for (const listener of listeners) listener(text);
  };
  let over = false;
  const fail = (error: unknown) => {
    if (over) return;
    over = true;
    held = [];
    unsubscribe();
    failed(error);
  };
  const unsubscribe = channel.onMessage((text) => {
    if (held === undefined) return deliver(text);
    // SECURITY: a budget on what a generator can make the host hold before its session reads it.
    if (held.length >= MAX_HELD_MESSAGES)
      return fail(
        new Error(
          `the generator sent more than ${MAX_HELD_MESSAGES} messages before its ` +
            `suip/initialize was answered; send suip/initialize and wait for its result`,
        ),
      );
    held.push(text);
  });
  ready.then(() => {
    if (over) return;
    const queued = held ?? [];
    held = undefined;
    for (const text of queued) deliver(text);
  }, fail);
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
