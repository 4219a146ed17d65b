import { SUIP_CHANNEL, type SessionEvent } from '../../shared/neighbours/live/frames.ts';
import { ATTACH_ACTION, REMOTE_RUNTIME, RPC_ACTION, type RemoteEnvelope } from '../../adapters/live/live-remote.ts';
import type { ModelParticle } from '../../generator/runtime/builders.ts';
import { connectGenerator } from '../../generator/runtime/connect-generator.ts';
import type { AgentClient } from './agent-client.ts';
import { DrainScheduler } from './drain-scheduler.ts';
import { EnvelopeOutbox } from './envelope-outbox.ts';
import { RemoteEpoch } from './remote-epoch.ts';

/** Options of `serveRemoteGenerator`. */
export interface RemoteGeneratorOptions {
  agent: AgentClient;
  sessionId: string;
  /** Announced in `suip/initialize`. */
  name?: string;
  /** Exceptions thrown by handlers, and failed renders (default: console.error). */
  onError?(error: unknown): void;
}

/** A server-side generator driving one live session (mode R). */
export interface RemoteGenerator {
  /**
   * Show `tree` (the same builders a sandboxed program uses; handlers run here, in Node). Resolves once the page
   * applied it, or at once when no page is attached.
   */
  render(tree: ModelParticle): Promise<void>;
  /** Attach epochs started so far (each page attach, or a page that lost its history). */
  readonly epochs: number;
  /** Resolves once a page is attached and has applied the newest tree. */
  attached(): Promise<void>;
  close(): void;
}

/**
 * Run the suip generator runtime in Node against a live session (mode R): commits a render marked
 * `suip-remote/1.0`, follows the session's events as an agent, and for each page attach
 * (`suip:attach`) starts a generator session whose channel is the live channel itself: texts out
 * as `data` envelopes on `_suip` (published in order, batched while a request is in flight), texts
 * in from `suip:rpc` actions, drained once handled. The newest tree is re-rendered into every new
 * epoch, so a page that lost its history (or a second page) gets the whole UI, diffed against what
 * it shows.
 */
export async function serveRemoteGenerator(options: RemoteGeneratorOptions): Promise<RemoteGenerator> {
  const { agent, sessionId } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('suip remote generator:', error));
  let latest: ModelParticle | undefined;
  let current: RemoteEpoch | undefined;
  let epochs = 0;
  const attachedWaiters = new Set<() => void>();
  const outbox = new EnvelopeOutbox((batch) =>
    agent.data(
      sessionId,
      batch.map((payload) => ({ channel: SUIP_CHANNEL, mode: 'append' as const, payload })),
    ),
  );
  const drains = new DrainScheduler((through) => agent.drain(sessionId, through), onError);

  function startEpoch(epoch: string): void {
    epochs += 1;
    current?.supersede();
    const state = new RemoteEpoch(epoch, outbox, () => current?.epoch);
    current = state;
    connectGenerator(state.channel, { name: options.name ?? 'suip remote generator', onUncaught: onError })
      .then(async (api) => {
        if (current !== state) return api.close();
        state.api = api;
        if (latest !== undefined) await api.render(latest);
        for (const resolve of attachedWaiters) resolve();
        attachedWaiters.clear();
      })
      .catch(onError);
  }

  function onEvent(event: SessionEvent): void {
    if (event.kind !== 'action') return;
    const action = event.payload as { type?: string; payload?: Partial<RemoteEnvelope> } | null;
    const envelope = action?.payload;
    if (typeof envelope?.epoch !== 'string') return;
    if (action?.type === ATTACH_ACTION) startEpoch(envelope.epoch);
    else if (action?.type === RPC_ACTION && envelope.epoch === current?.epoch && typeof envelope.text === 'string') {
      current.deliver(envelope.text);
    }
    drains.soon(event.sequence);
  }

  // Only what happens from now on: an attach older than this generator belongs to an earlier one.
  // (Read before the render: pages attach when they see it.)
  const { last } = await agent.events(sessionId, Number.MAX_SAFE_INTEGER);
  await agent.render(sessionId, {
    id: sessionId,
    runtime: REMOTE_RUNTIME,
    actionSpec: { [ATTACH_ACTION]: {}, [RPC_ACTION]: {} },
  });
  const follower = agent.follow(sessionId, last, onEvent);

  return {
    async render(tree) {
      latest = tree;
      const state = current;
      if (state?.api === undefined) return;
      // A new epoch re-renders the newest tree itself: a render of the old one stops waiting.
      await Promise.race([state.api.render(tree).catch((error: unknown) => onError(error)), state.superseded]);
    },
    get epochs() {
      return epochs;
    },
    attached: () =>
      new Promise<void>((resolve) => {
        if (current?.api !== undefined) resolve();
        else attachedWaiters.add(resolve);
      }),
    close() {
      outbox.close();
      drains.close();
      current?.api?.close();
      follower.close();
    },
  };
}
