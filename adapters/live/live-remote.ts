import type { GeneratorHandle, Renderer } from '../../renderer/index.ts';
import type { Channel } from '../../shared/channel.ts';
import { SUIP_CHANNEL } from '../../shared/neighbours/live/frames.ts';
import { createLiveClient, type LiveClient } from './live-client.ts';
import type { LiveMountOptions } from './mount-options.ts';

/** The runtime marker of a session driven by a server-side generator (mode R). */
export const REMOTE_RUNTIME = 'suip-remote/1.0';

/** The action types of mode R (a remote session's render declares them). */
export const RPC_ACTION = 'suip:rpc';
export const ATTACH_ACTION = 'suip:attach';

/** One `_suip` envelope: a suip JSON-RPC text of one attach epoch. */
export interface RemoteEnvelope {
  epoch: string;
  text: string;
  /** Generator → page: 1, 2, 3 … per epoch, so a batch the agent re-published after a lost answer applies once. */
  n?: number;
}

/** Options of `connectLiveRemote`. */
export type LiveRemoteOptions = LiveMountOptions;

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Remote mode of the live channel: a server-side generator's suip JSON-RPC messages arrive in
 * `data` frames on the reserved channel `_suip` (one text per envelope, with the session's `seq`),
 * and the renderer's answers and events go back as `action{type: 'suip:rpc'}`. The renderer
 * attaches it with `attachRemote` over a `Channel` built on the live client, so the suip session
 * outlives sockets: a reconnect resumes both directions exactly once and neither end notices.
 * A reconnect replays little: the generator keeps one transaction in flight and coalesces renders
 * while it waits. When history is lost (`replayTruncated`) the page starts a new attach epoch — `detach(keep)` +
 * `attachRemote(adopt)` + `suip:attach` — and the generator
 * re-renders against what is on screen: no flash, and the same DOM a fresh page gets.
 */
export function connectLiveRemote(renderer: Renderer, options: LiveRemoteOptions): LiveClient {
  const id = options.mountId ?? 'live';
  let epoch: string | undefined;
  let handle: GeneratorHandle | undefined;
  let listeners = new Set<(text: unknown) => void>();
  let work: Promise<void> = Promise.resolve();
  let applied = 0;

  async function attach(): Promise<void> {
    const next = randomId();
    epoch = next;
    applied = 0;
    const previous = handle;
    if (previous !== undefined) await previous.detach({ keep: true });
    const mine = new Set<(text: unknown) => void>();
    // Texts that arrive before the renderer listens wait here (the handshake starts on the server).
    const early: unknown[] = [];
    listeners = new Set([
      (text: unknown) => (mine.size > 0 ? mine.forEach((listener) => listener(text)) : early.push(text)),
    ]);
    const channel: Channel = {
      send: (text) => {
        if (epoch === next) client.sendAction(RPC_ACTION, { epoch: next, text } satisfies RemoteEnvelope);
      },
      onMessage(listener) {
        mine.add(listener);
        for (const text of early.splice(0)) listener(text);
        return () => mine.delete(listener);
      },
      close: () => mine.clear(),
    };
    // attachRemote resolves after the handshake, which the generator starts once it hears the attach.
    const attached = renderer.attachRemote({ id, name: 'live session', channel, adopt: previous !== undefined });
    client.sendAction(ATTACH_ACTION, { epoch: next, adopt: previous !== undefined });
    handle = await attached;
  }
  const later = (step: () => Promise<void> | void) => {
    work = work
      .then(step)
      .catch((error: unknown) =>
        options.onError?.('REMOTE_FAILED', error instanceof Error ? error.message : String(error)),
      );
  };

  const client = createLiveClient({
    ...options,
    stream: 'tail',
    // The first ack, or history lost: a fresh handshake (adopting what is on screen).
    onSnapshot: (snapshot) => {
      if (snapshot.session?.runtime === REMOTE_RUNTIME) later(attach);
    },
    onFrame: (frame) => {
      // A generator (re)started on the session: it waits for this page's attach.
      if (frame.type === 'render') {
        if (frame.payload.session.runtime === REMOTE_RUNTIME) later(attach);
        else
          options.onError?.(
            'NOT_A_REMOTE_SESSION',
            `this session's runtime is ${String(frame.payload.session.runtime)}, not ${REMOTE_RUNTIME}`,
          );
        return;
      }
      if (frame.type !== 'data' || frame.payload.channel !== SUIP_CHANNEL) return;
      const envelope = frame.payload.payload as Partial<RemoteEnvelope> | null;
      // Texts of another epoch (an earlier attach, another page) are not this session's.
      if (envelope?.epoch !== epoch || typeof envelope?.text !== 'string') return;
      if (typeof envelope.n === 'number') {
        if (envelope.n <= applied) return;
        applied = envelope.n;
      }
      // Delivered at once, in arrival order: the attach step waits for this very handshake.
      for (const listener of listeners) listener(envelope.text);
    },
  });
  return client;
}
