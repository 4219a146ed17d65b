import type { Channel } from '../../shared/channel.ts';
import { GeneratorSession } from './generator-session.ts';
import { createSuipApi, type SuipApi } from './suip-api.ts';
import type { InPageLane } from './in-page-lane.ts';
import type { ModelParticle } from './builders.ts';

/** Options of `connectGenerator`. */
export interface ConnectOptions {
  /** Announced in `suip/initialize`. */
  name?: string;
  version?: string;
  /** Exceptions thrown by handlers (default: reported to the console). */
  onUncaught?(error: unknown): void;
  /** Hand the handshake and transactions to the renderer's session in this page as values (see `InPageLane`). */
  lane?: InPageLane;
}

/** A connected generator: the `suip` API a sandboxed program gets, on any channel. */
export type ConnectedGenerator = SuipApi & {
  /** Stop sending (the renderer ends the session on its side). */
  close(): void;
  /**
   * `render(tree)` when only the particle at `change.path` differs from the last render
   * (`GeneratorSession.renderChange`); host-side translators only, not in a program's `suip`.
   */
  renderChange(tree: ModelParticle, change: { path: readonly string[]; particle: ModelParticle }): Promise<void>;
};

/**
 * Run the generator runtime on any SUIP channel — a WebSocket in a Node server, a memory channel
 * in the page — and resolve once the handshake is done. The same builders, diff and session a
 * sandboxed program uses; where the code is trusted (a server-side agent, an adapter) it needs no
 * sandbox.
 */
export async function connectGenerator(channel: Channel, options: ConnectOptions = {}): Promise<ConnectedGenerator> {
  const session = new GeneratorSession({
    channel,
    generator: { name: options.name ?? 'suip-generator', version: options.version ?? '0.1.0' },
    onUncaught: options.onUncaught ?? ((error) => console.error(`suip generator ${options.name ?? ''}:`, error)),
    ...(options.lane !== undefined ? { lane: options.lane } : {}),
  });
  const result = await session.initialize();
  return Object.freeze({
    ...createSuipApi(session, result),
    close: () => channel.close(),
    renderChange: (tree: ModelParticle, change: { path: readonly string[]; particle: ModelParticle }) =>
      session.renderChange(tree, change),
  });
}
