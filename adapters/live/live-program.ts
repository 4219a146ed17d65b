import type { GeneratorHandle, Renderer } from '../../renderer/index.ts';
import type { LiveSession } from '../../shared/neighbours/live/frames.ts';
import { REMOTE_RUNTIME } from './live-remote.ts';
import { createLiveClient, type LiveClient } from './live-client.ts';
import type { LiveMountOptions } from './mount-options.ts';

/** The runtime marker of a session whose `componentCode` is a suip program (mode P). */
export const SUIP_RUNTIME = 'suip/1.0';

/** The error code program mode reports for a session driven by a server-side generator (use remote mode). */
export const REMOTE_SESSION = 'REMOTE_SESSION';

/** The data-plane channel on which a program hears how many of its actions wait for the agent. */
export const PENDING_CHANNEL = 'live:pending';

/** Options of `connectLiveProgram`. */
export type LiveProgramOptions = LiveMountOptions;

/**
 * Program mode of the live channel: the session's `componentCode` is a suip program, run in the
 * renderer's sandbox. `props_update` and `data` frames reach it as `suip/input` (channels `props`
 * and the data channel's name); what it sends on `suip/output('action', …)` goes back as an action
 * (its `type` field names it), and the number of its actions the agent has not drained yet arrives
 * on `live:pending`. A new render hands the screen to the new program (keep + adopt), so nothing
 * flashes. After a lost history (`replayTruncated`) the snapshot — session, props, replace
 * channels — is applied the same way. A session of another runtime is shown as an error, never run.
 */
export function connectLiveProgram(renderer: Renderer, options: LiveProgramOptions): LiveClient {
  const id = options.mountId ?? 'live';
  let handle: GeneratorHandle | undefined;
  let running: string | undefined;
  let work: Promise<void> = Promise.resolve();
  const input = (channel: string, value: unknown) => {
    if (handle !== undefined && handle.status === 'ready') handle.input(channel, value);
  };
  const later = (step: () => Promise<void> | void) => {
    // Frames are applied in order; a render waits for the program before props or data reach it.
    work = work
      .then(step)
      .catch((error: unknown) =>
        options.onError?.('PROGRAM_FAILED', error instanceof Error ? error.message : String(error)),
      );
  };
  async function show(session: LiveSession | null): Promise<void> {
    if (session?.runtime === REMOTE_RUNTIME) {
      options.onError?.(
        REMOTE_SESSION,
        'this session is driven by a server-side generator: connect it with connectLiveRemote',
      );
      return;
    }
    if (session?.runtime !== SUIP_RUNTIME || typeof session.componentCode !== 'string') {
      options.onError?.(
        'NOT_A_SUIP_PROGRAM',
        "this session's component is not a suip program (runtime suip/1.0); it is not run",
      );
      return;
    }
    // The same program already runs (a snapshot after a reconnect): keep it and its state.
    if (running === session.componentCode && handle?.status === 'ready') return;
    const previous = handle;
    if (previous !== undefined) await previous.detach({ keep: true });
    handle = await renderer.attach({
      id,
      code: session.componentCode,
      outputs: ['action'],
      adopt: previous !== undefined,
      name: 'live session',
    });
    running = session.componentCode;
    handle.onOutput((_channel, value) => {
      const action = value as { type?: unknown; payload?: unknown } | null;
      client.sendAction(typeof action?.type === 'string' ? action.type : 'action', action?.payload ?? value);
    });
  }
  const client = createLiveClient({
    ...options,
    stream: 'all',
    onSnapshot: (snapshot) =>
      later(async () => {
        if (snapshot.session === null) return;
        await show(snapshot.session);
        if ('props' in snapshot.session) input('props', snapshot.session.props);
        for (const [channel, value] of Object.entries(snapshot.channels))
          input(channel, { mode: 'replace', payload: value.payload, seq: value.seq });
      }),
    onFrame: (frame) =>
      later(async () => {
        if (frame.type === 'render') await show(frame.payload.session);
        else if (frame.type === 'props_update') input('props', frame.payload.props);
        else if (frame.type === 'data')
          input(frame.payload.channel, {
            mode: frame.payload.mode,
            payload: frame.payload.payload,
            seq: frame.payload.seq,
          });
      }),
    onPending: (pending) => {
      later(() => input(PENDING_CHANNEL, pending));
      options.onPending?.(pending);
    },
  });
  return client;
}
