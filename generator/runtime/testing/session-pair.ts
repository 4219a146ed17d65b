import {
  DEFAULT_LIMITS,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type InitializeResult,
  type Limits,
  type RpcMessage,
} from '../../../shared/index.ts';
import { RendererSession } from '../../../core/session/renderer-session.ts';
import { routeEvent } from '../../../core/session/route-event.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  type MergedTree,
} from '../../../core/tree/index.ts';
import { GeneratorSession } from '../generator-session.ts';
import type { InPageLane } from '../in-page-lane.ts';

/** Options of `sessionPair`. */
export interface SessionPairOptions {
  limits?: Limits;
  /** Transactions through the in-page lane (`RendererSession.dispatchInPage`) instead of the channel. */
  lane?: boolean;
}

/**
 * The real generator runtime session and the real renderer session over the in-memory channel,
 * with the real merged tree (generator id `g`), initialized: what the session tests run on, so a
 * behaviour proven here is the behaviour of a sandboxed or in-page program.
 */
export async function sessionPair({ limits = DEFAULT_LIMITS, lane = false }: SessionPairOptions = {}) {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const hostErrors: unknown[] = [];
  const inbound: string[] = [];
  const result: InitializeResult = {
    protocolVersion: PROTOCOL_VERSION,
    renderer: { name: 'r', version: '0' },
    vocabulary: [],
    limits,
    hostContext: { theme: 'light', locale: 'en' },
  };
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => hostErrors.push(error),
    onViolation: () => undefined,
    onTraffic: (direction, text) => {
      if (direction === 'in') inbound.push(text);
    },
  });
  const inPage: InPageLane = { dispatch: (messages) => renderer.dispatchInPage(messages as RpcMessage[]) };
  const generator = new GeneratorSession({ channel: generatorEnd, ...(lane ? { lane: inPage } : {}) });
  await generator.initialize();
  // The renderer's answer to initialize settles one task later.
  await new Promise((resolve) => setTimeout(resolve, 0));
  /** The generator's subtree as plain JSON. */
  const root = () => JSON.parse(JSON.stringify(merged.group[0]![1])) as unknown;
  const click = (path: string[], handler: string) =>
    routeEvent(merged, { path: ['g', ...path], event: 'click', handler, payload: null }, () => renderer);
  return { generator, renderer, root, click, hostErrors, inbound, merged: () => merged };
}
