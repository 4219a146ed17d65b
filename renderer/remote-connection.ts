import type { Channel } from '../shared/channel.ts';
import type { Limits } from '../shared/limits.ts';
import { withinBytes } from '../shared/message.ts';
import { createRateBudget } from '../shared/rate-budget.ts';
import type { ConnectionEvents, GeneratorConnection } from './connection.ts';
import { createSlicedInbox } from './session/sliced-inbox.ts';

/**
 * A generator on any `Channel` (a WebSocket, an in-page memory channel). What the relay does for a
 * sandbox is done here, at arrival: a message that is not a string, is over `maxMessageBytes`, or
 * breaks `maxMessagesPerSecond` ends the generator at once (reasons `type`, `bytes`, `rate`) —
 * measured when it arrives, not when the host gets to it, so a flood cannot hide behind a busy
 * host. Then messages reach the session in slices, like a sandbox's — except an `inPage`
 * generator's (the host's own translator code): its messages are handled in their arrival task,
 * so its handshake and first render land before the next frame instead of a timer hop later.
 */
export function createRemoteConnection(
  channel: Channel,
  limits: Limits,
  events: ConnectionEvents,
  inPage = false,
): GeneratorConnection {
  const rate = createRateBudget(limits.maxMessagesPerSecond);
  const listeners = new Set<(text: unknown) => void>();
  let ended = false;
  /** Messages waiting in the inbox: an in-page message never overtakes them. */
  let queued = 0;
  const deliver = (text: unknown) => {
    for (const listener of listeners) listener(text);
  };
  const inbox = createSlicedInbox(
    (text) => {
      queued -= 1;
      deliver(text);
    },
    () => listeners.size > 0,
  );
  const end = (reason: 'type' | 'bytes' | 'rate', message: string) => {
    if (ended) return;
    ended = true;
    inbox.close();
    events.onEnded(reason, message);
  };
  // SECURITY: the same transport budgets a sandbox's relay enforces, before anything is queued.
  const unsubscribe = channel.onMessage((text) => {
    if (ended) return;
    if (typeof text !== 'string') return end('type', 'the generator sent a message that is not a JSON text');
    if (!withinBytes(text, limits.maxMessageBytes))
      return end('bytes', `the generator sent a message larger than maxMessageBytes ${limits.maxMessageBytes}`);
    if (!rate.take())
      return end(
        'rate',
        `the generator sent more than maxMessagesPerSecond ${limits.maxMessagesPerSecond} messages per second`,
      );
    if (inPage && queued === 0 && listeners.size > 0) return deliver(text);
    queued += 1;
    inbox.push(text);
  });
  const sliced: Channel = {
    send: (text) => {
      if (!ended) channel.send(text);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => channel.close(),
  };
  return {
    kind: 'remote',
    channel: Promise.resolve(sliced),
    begin: () => undefined,
    stop: () => undefined,
    destroy() {
      ended = true;
      unsubscribe();
      inbox.close();
      listeners.clear();
      channel.close();
    },
  };
}
