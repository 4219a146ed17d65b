import type { LiveClient, LiveClientOptions } from '../live/live-client.ts';
import { createLiveClient } from '../live/live-client.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import { createA2uiClient, type A2uiClient, type A2uiClientOptions } from './client.ts';

type Handle = { detach(options?: { keep?: boolean }): Promise<void> };

/** Options of `connectA2uiLive`: where the live session is, and the A2UI client's own options. */
export interface A2uiLiveOptions
  extends
    Omit<A2uiClientOptions, 'send'>,
    Pick<
      LiveClientOptions,
      'url' | 'sessionId' | 'wsToken' | 'backoff' | 'heartbeat' | 'WebSocketImpl' | 'onStatus' | 'onError'
    > {
  /** The session's data channel that carries A2UI messages (default `a2ui`). */
  channel?: string;
  /** The action type client → server messages are sent as (default `a2ui`). */
  actionType?: string;
}

/**
 * A2UI over the live channel (seed 004): an agent publishes A2UI messages as `data` frames on one
 * channel of a live session (`payload` = one message, or an array of them), and the page applies
 * each exactly once and in order — across reconnects, server restarts and, behind Redis, server
 * processes — through suip's A2UI bridge. What the bridge sends back (actions with their resolved
 * context and data model, errors) leaves as live `action` frames, resent until the server recorded
 * them and counted once.
 */
export function connectA2uiLive(
  renderer: RemoteAttachTarget<Handle>,
  options: A2uiLiveOptions,
): { client: A2uiClient; live: LiveClient } {
  const channel = options.channel ?? 'a2ui';
  const actionType = options.actionType ?? 'a2ui';
  // The bridge may answer while the live client is being created (an error for a bad message).
  const early: unknown[] = [];
  let send = (out: unknown) => void early.push(out);
  const client = createA2uiClient(renderer, { ...options, send: (out) => send(out) });
  const live = createLiveClient({
    ...options,
    onFrame: (frame) => {
      if (frame.type !== 'data' || frame.payload.channel !== channel) return;
      const payload = frame.payload.payload;
      for (const message of Array.isArray(payload) ? payload : [payload]) client.receive(message);
    },
  });
  send = (out) => void live.sendAction(actionType, out);
  for (const out of early.splice(0)) send(out);
  return { client, live };
}
