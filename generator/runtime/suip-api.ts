import type { DialogParams } from '../../shared/dialog.ts';
import { DEFAULT_EFFECTIVE_POLICY, type EffectivePolicy } from '../../shared/effective-policy.ts';
import type { HostContext, InitializeResult, VocabularyEntry } from '../../shared/handshake.ts';
import type { Limits } from '../../shared/limits.ts';
import type { Op } from '../../shared/ops.ts';
import { data, group, text, type ModelParticle } from './builders.ts';
import type { GeneratorSession } from './generator-session.ts';
import { handled } from './handled.ts';
import type { SuipError } from './suip-error.ts';

/** The global `suip` the model's code uses inside the Worker. */
export interface SuipApi {
  /** A text particle (markdown unless `mimeType` says otherwise). */
  text: typeof text;
  /** A data particle: URL or data: URI plus mime type. */
  data: typeof data;
  /** A group: vocabulary type (or null), `[id, particle]` children, `{on: {click: fn}}`. */
  group: typeof group;
  /** Show a tree: diffed against the last one, sent once per task; resolves when applied. */
  render(tree: ModelParticle): Promise<void>;
  /** Send raw ops as one transaction. */
  ops(list: readonly Op[]): Promise<void>;
  /** Hear every error the renderer reports (code, message, data `{method, path, index}`). */
  onError(hook: (error: SuipError) => void): () => void;
  /**
   * Hear values the host sends on a channel (1.1 data plane); returns an unsubscribe. Throws when
   * the host announced its input channels (`inputs`) and this is not one of them.
   */
  onInput(channel: string, hook: (value: unknown) => void): () => void;
  /** Send a JSON value to the host on a channel it allowed (1.1 data plane); throws when it did not. */
  output(channel: string, value: unknown): void;
  /** Ask the user yes/no in a host dialog; resolves true when confirmed. */
  confirm(
    title: string,
    options?: Omit<Extract<DialogParams, { kind: 'confirm' }>, 'kind' | 'title'>,
  ): Promise<boolean>;
  /** Ask the user for text in a host dialog; resolves null when cancelled. */
  prompt(
    title: string,
    options?: Omit<Extract<DialogParams, { kind: 'prompt' }>, 'kind' | 'title'>,
  ): Promise<string | null>;
  /** Ask the user to choose from `items` in a host dialog; resolves with the chosen ids (empty when cancelled). */
  pick(
    title: string,
    items: Extract<DialogParams, { kind: 'pick' }>['items'],
    options?: { message?: string; multiple?: boolean },
  ): Promise<string[]>;
  /** The host's vocabulary: the group types it can show. */
  readonly vocabulary: readonly VocabularyEntry[];
  /** Theme, locale and the like. */
  readonly hostContext: HostContext;
  /** The budgets in force. */
  readonly limits: Limits;
  /** What the host accepts from this program (the effective policy of the handshake, or the strict default). */
  readonly policy: EffectivePolicy;
  /** The channels the host sends input on (undefined: not declared) and accepts output on. */
  readonly channels: { readonly inputs: readonly string[] | undefined; readonly outputs: readonly string[] };
}

/** Build the `suip` object over an initialized session; the functions work detached (`const {render} = suip`). */
export function createSuipApi(session: GeneratorSession, result: InitializeResult): SuipApi {
  return Object.freeze({
    text,
    data,
    group,
    render: (tree: ModelParticle) => session.render(tree),
    ops: (list: readonly Op[]) => session.ops(list),
    onError: (hook: (error: SuipError) => void) => session.onError(hook),
    onInput: (channel: string, hook: (value: unknown) => void) => session.onInput(channel, hook),
    output: (channel: string, value: unknown) => session.output(channel, value),
    // Handled like render(): a refused dialog the program does not await is not an unhandled rejection.
    confirm: (title: string, options = {}) =>
      handled(
        session
          .dialog({ ...options, kind: 'confirm', title })
          .then((answer) => (answer as { ok: boolean }).ok === true),
      ),
    prompt: (title: string, options = {}) =>
      handled(
        session
          .dialog({ ...options, kind: 'prompt', title })
          .then((answer) => (answer as { value: string | null }).value ?? null),
      ),
    pick: (
      title: string,
      items: Extract<DialogParams, { kind: 'pick' }>['items'],
      options: { message?: string; multiple?: boolean } = {},
    ) =>
      handled(
        session
          .dialog({ ...options, kind: 'pick', title, items: [...items] })
          .then((answer) => (answer as { ids: string[] }).ids ?? []),
      ),
    vocabulary: result.vocabulary,
    hostContext: result.hostContext,
    limits: result.limits,
    policy: Object.freeze(result.policy ?? DEFAULT_EFFECTIVE_POLICY),
    channels: Object.freeze({
      inputs: result.inputs === undefined ? undefined : Object.freeze([...result.inputs]),
      outputs: Object.freeze([...(result.outputs ?? [])]),
    }),
  });
}
