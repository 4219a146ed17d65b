import type { GeneratorHandle, Renderer } from '../../renderer/index.ts';
import { createLiveClient, type LiveClient, type LiveClientOptions, type LiveStatus } from './live-client.ts';

/** The runtime marker of a session whose `componentCode` is a suip program. */
export const SUIP_RUNTIME = 'suip/1.0';

/** Options of `connectLiveProgram`. */
export interface LiveProgramOptions extends Pick<LiveClientOptions, 'url' | 'sessionId' | 'wsToken' | 'backoff' | 'heartbeat' | 'WebSocketImpl'> {
  /** The mount id of the program (default "live"). */
  mountId?: string;
  onStatus?(status: LiveStatus, detail?: string): void;
  onError?(code: string, message: string): void;
}

/**
 * Program mode of the live channel: the session's `componentCode` is a suip program, run in the
 * renderer's sandbox. `props_update` and `data` frames reach it as `suip/input` (channels `props`
 * and the data channel's name); what it sends on `suip/output('action', …)` goes back as an action
 * (its `type` field names it). A new render hands the screen to the new program (keep + adopt), so
 * nothing flashes. A session of another runtime is shown as an error, never run.
 */
export function connectLiveProgram(renderer: Renderer, options: LiveProgramOptions): LiveClient {
  const id = options.mountId ?? 'live';
  let handle: GeneratorHandle | undefined;
  let work: Promise<void> = Promise.resolve();
  const client = createLiveClient({
    ...options,
    onFrame: (frame) => {
      // Frames are applied in order; a render waits for the program before props or data reach it.
      work = work.then(async () => {
        if (frame.type === 'render') {
          const session = frame.payload.session as { runtime?: unknown; componentCode?: unknown } | null;
          if (session?.runtime !== SUIP_RUNTIME || typeof session.componentCode !== 'string') {
            options.onError?.('NOT_A_SUIP_PROGRAM', "this session's component is not a suip program (runtime suip/1.0); it is not run");
            return;
          }
          const previous = handle;
          if (previous !== undefined) await previous.detach({ keep: true });
          handle = await renderer.attach({ id, code: session.componentCode, outputs: ['action'], adopt: previous !== undefined, name: 'live session' });
          handle.onOutput((_channel, value) => {
            const action = value as { type?: unknown; payload?: unknown } | null;
            client.sendAction(typeof action?.type === 'string' ? action.type : 'action', action?.payload ?? value);
          });
        } else if (handle !== undefined && handle.status === 'ready') {
          if (frame.type === 'props_update') handle.input('props', frame.payload.props);
          else handle.input(frame.payload.channel, { mode: frame.payload.mode, payload: frame.payload.payload, seq: frame.payload.seq });
        }
      }).catch((error: unknown) => options.onError?.('PROGRAM_FAILED', error instanceof Error ? error.message : String(error)));
    },
    onStatus: options.onStatus,
    onError: options.onError,
  });
  return client;
}
