import type { ChannelErrorCode } from '../../shared/neighbours/live/frames.ts';

/** Who is asking for a server channel. */
export interface ChannelContext {
  sessionId: string;
  role: 'user' | 'agent';
}

/**
 * A server-registered channel (`channel_subscribe`): suip does not poll MCP tools, so the channels
 * a page may subscribe to are the ones the server registered. `subscribe` starts the feed and
 * returns its stop function; it may refuse by calling `fail` (or throwing) instead.
 */
export interface ServerChannel {
  name: string;
  subscribe(
    context: ChannelContext,
    emit: (payload: unknown) => void,
    fail: (code: ChannelErrorCode, message: string) => void,
  ): () => void;
}

/**
 * `presence`: how many live-channel connections of this session this server process holds, sent
 * on subscribe and on every change. It is per process (with Redis and several processes each
 * counts its own), which is what a "someone else is looking" badge needs on one machine.
 */
export function createPresence(): {
  channel: ServerChannel;
  /** One more connection of `sessionId` here. */
  join(sessionId: string): void;
  /** One connection fewer (the caller leaves once for each join: no handle per connection, issue 43's memory). */
  leave(sessionId: string): void;
} {
  const counts = new Map<string, number>();
  const listeners = new Map<string, Set<(count: number) => void>>();
  const changed = (sessionId: string) => {
    const count = counts.get(sessionId) ?? 0;
    for (const listener of listeners.get(sessionId) ?? []) listener(count);
  };
  return {
    channel: {
      name: 'presence',
      subscribe({ sessionId }, emit) {
        const listener = (count: number) => emit({ connections: count });
        let set = listeners.get(sessionId);
        if (set === undefined) listeners.set(sessionId, (set = new Set()));
        set.add(listener);
        listener(counts.get(sessionId) ?? 0);
        return () => {
          set.delete(listener);
          if (set.size === 0) listeners.delete(sessionId);
        };
      },
    },
    join(sessionId) {
      counts.set(sessionId, (counts.get(sessionId) ?? 0) + 1);
      changed(sessionId);
    },
    leave(sessionId) {
      const count = (counts.get(sessionId) ?? 1) - 1;
      if (count === 0) counts.delete(sessionId);
      else counts.set(sessionId, count);
      changed(sessionId);
    },
  };
}
