import {
  DEFAULT_LIMITS,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type GroupParticle,
  type InitializeResult,
  type Particle,
} from '../../shared/index.ts';
import { effectivePolicy, checkHostPolicy, type HostPolicy } from '../../core/policy/host-policy.ts';
import { RendererSession } from '../../core/session/renderer-session.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  generatorRoot,
  mountGenerator,
  type MergedTree,
} from '../../core/tree/index.ts';
import { createGroupChecker } from '../../core/vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { GeneratorSession } from '../runtime/generator-session.ts';
import { createSuipApi } from '../runtime/suip-api.ts';

/**
 * Test harness (learnability and policy-agreement suites): runs a program as a model writes it
 * against the real generator runtime, the real renderer session, the vocabulary check and the
 * host-policy check, in Node, with a host's policy and channels announced as the renderer does.
 */

/** The host a program runs against. */
export interface HarnessHost {
  policy?: HostPolicy;
  inputs?: readonly string[];
  outputs?: readonly string[];
  /** The user dismissed this program's modal (as the renderer records on Escape or Close). */
  modalDismissed?: boolean;
}

/** What came of a run. */
export interface Outcome {
  /** Every error message, from the renderer, the runtime and the program's exceptions, deduplicated. */
  errors: string[];
  /** What the program's own `onError` heard, deduplicated (warnings included: code -32007 Refused). */
  heard: string[];
  /** The program's root holds something. */
  rendered: boolean;
  /** The program's root as the renderer holds it. */
  root: GroupParticle | undefined;
  /**
   * Send a click to the first group at `path` (relative to the root) with an on.click; resolves after the program had
   * its turn.
   */
  click(path: readonly string[]): Promise<void>;
  /** Send host input on a channel. */
  input(channel: string, value: unknown): boolean;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Run `code` (the body of an async function taking `suip`) against a host. */
export async function runProgram(code: string, host: HarnessHost = {}): Promise<Outcome> {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
  const policy = host.policy ?? {};
  const errors: string[] = [];
  const result: InitializeResult = {
    protocolVersion: PROTOCOL_VERSION,
    renderer: { name: 'r', version: '0' },
    vocabulary: [...BUILTIN_VOCABULARY],
    limits: DEFAULT_LIMITS,
    hostContext: { theme: 'light', locale: 'en' },
    policy: effectivePolicy(policy),
    capabilities: { input: true, output: true, dialogs: true },
    outputs: [...(host.outputs ?? [])],
    ...(host.inputs !== undefined ? { inputs: [...host.inputs] } : {}),
  };
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits: DEFAULT_LIMITS,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, {
        limits: DEFAULT_LIMITS,
        checkGroup: (group, path) =>
          checkGroup(group, path) ?? checkHostPolicy(policy, group, host.modalDismissed === true),
      });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => errors.push(error.message),
    onViolation: () => undefined,
  });
  const session = new GeneratorSession({
    channel: generatorEnd,
    onUncaught: (error) => errors.push(error instanceof Error ? error.message : String(error)),
  });
  const api = createSuipApi(session, await session.initialize());
  const heard: string[] = [];
  api.onError((error) => heard.push(error.message));
  try {
    await (new Function('suip', `return (async () => {\n${code}\n})();`) as (suip: unknown) => Promise<void>)(api);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  await settle();
  const outcome: Outcome = {
    get errors() {
      return [...new Set(errors)];
    },
    get heard() {
      return [...new Set(heard)];
    },
    get rendered() {
      return (generatorRoot(merged, 'g')?.group.length ?? 0) > 0;
    },
    get root() {
      return generatorRoot(merged, 'g');
    },
    async click(path) {
      let node: Particle | undefined = generatorRoot(merged, 'g');
      for (const id of path)
        node = node !== undefined && 'group' in node ? node.group.find(([key]) => key === id)?.[1] : undefined;
      const handler = node !== undefined && 'group' in node ? node.on?.click?.handler : undefined;
      if (handler === undefined) throw new Error(`no on.click at ${JSON.stringify(path)}`);
      renderer.sendEvent({ handler, path: [...path], event: 'click', payload: null });
      await settle();
    },
    input: (channel, value) => renderer.sendInput(channel, value),
  };
  return outcome;
}
