import {
  DEFAULT_LIMITS,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type InitializeResult,
} from '../../../shared/index.ts';
import { RendererSession } from '../../../core/session/renderer-session.ts';
import { routeEvent } from '../../../core/session/route-event.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  type MergedTree,
} from '../../../core/tree/index.ts';
import { BUILTIN_VOCABULARY } from '../../../core/vocabulary/index.ts';
import { createGroupChecker } from '../../../core/vocabulary/check-group.ts';
import { GeneratorSession } from '../../../generator/runtime/generator-session.ts';

/**
 * Test-only: the real generator session ⇄ memory channel ⇄ real renderer session, applying every
 * transaction with the vocabulary check over the built-in vocabulary, as session-pair.test.ts does.
 */
export async function suipPipeline() {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const violations: unknown[] = [];
  const inbound: string[] = [];
  const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
  const result: InitializeResult = {
    protocolVersion: PROTOCOL_VERSION,
    renderer: { name: 'a2ui-test', version: '0' },
    vocabulary: [...BUILTIN_VOCABULARY],
    limits: DEFAULT_LIMITS,
    hostContext: { theme: 'light', locale: 'en' },
  };
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits: DEFAULT_LIMITS,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits: DEFAULT_LIMITS, checkGroup });
      if (applied.ok) merged = applied.tree;
      else violations.push(applied.error);
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => violations.push(error),
    onViolation: (v) => violations.push(v),
    onTraffic: (direction, text) => {
      if (direction === 'in') inbound.push(text);
    },
  });
  const uncaught: unknown[] = [];
  const generator = new GeneratorSession({ channel: generatorEnd, onUncaught: (error) => uncaught.push(error) });
  await generator.initialize();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const root = () => JSON.parse(JSON.stringify(merged.group[0]![1])) as unknown;
  /** Fires a DOM-like event at a suip path below the generator root. */
  const fire = (path: string[], event: 'click' | 'input' | 'change', handler: string, payload: unknown) =>
    routeEvent(merged, { path: ['g', ...path], event, handler, payload } as never, () => renderer);
  return { generator, renderer, root, fire, violations, inbound, uncaught, merged: () => merged };
}
