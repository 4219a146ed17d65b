import type { AdapterIssue } from '../kit/issue.ts';
import { createHoldingGate } from '../../shared/sliced-reader.ts';
import type { VocabularyEntry } from '../../shared/index.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import type { StreamMode } from '../kit/agent-stream.ts';
import { augmentationsSchema, type GenuiAugmentation } from './augmentations.ts';
import { applyChunk } from './chunks.ts';
import { Conversation } from './history.ts';
import {
  GENUI_PROTOCOL_VERSION,
  type CatalogDefinition,
  type UiEvent,
} from '../../shared/neighbours/genui-v1/schemas.ts';
import { SurfaceMounts } from './surface-mounts.ts';
import { TranscriptMount } from './transcript-mount.ts';
import type { TranslateIssue } from './translate.ts';
import { postTurn } from './turn-stream.ts';

type Handle = { detach(options?: { keep?: boolean }): Promise<void> };

/** Options of `createGenuiClient`. */
export interface GenuiClientOptions {
  /** The endpoint, e.g. `http://127.0.0.1:6781/genUI` (`?stream=true` is added). */
  url: string;
  /** Default: protocol 1.0, base catalog default@1.0. */
  catalog?: CatalogDefinition;
  /** The vocabulary surfaces are translated against (default: the built-in one). */
  vocabulary?: readonly VocabularyEntry[];
  /**
   * Widgets this client adds to the base catalog (seed 000 `augmentations`): sent as
   * `catalogDefinition.augmentations` (unless `catalog` carries its own), and shown through the host
   * component registered for each (`render: 'component'`) or as a visible fallback card.
   */
  augmentations?: readonly GenuiAugmentation[];
  /** Mount id prefix (default `genui`): `<prefix>-transcript`, `<prefix>-1`, … */
  idPrefix?: string;
  /**
   * Ask the server for previews of surfaces still being written (`"suip": {"progressive": true}`,
   * default true): widgets show as they complete, text as it grows, missing children as
   * placeholders; the complete surface replaces the preview. Servers that do not know it ignore it.
   */
  progressive?: boolean;
  /** Longest JSONL line read (default 3,000,000 characters); longer lines are skipped and reported. */
  maxLineChars?: number;
  /** Problems with the stream or a surface (also shown in the page). */
  onIssue?(issue: GenuiIssue): void;
  /** Every request body just before it is sent (devtools). */
  onRequest?(body: unknown): void;
  /** Every chunk as it was applied (devtools). */
  onChunk?(chunk: unknown): void;
  /** A UiEvent the user caused. */
  onEvent?(event: UiEvent): void;
  /** Every turn's end, including turns an action started. */
  onTurn?(outcome: TurnOutcome): void;
  fetch?: typeof fetch;
  /**
   * Told once per turn where its answer is read (`adapters/kit/agent-stream.ts`): `worker` (off the
   * page's thread) or `sliced` (the page's CSP refused the Worker, or a `fetch` was given), and why.
   */
  onStreamMode?(mode: StreamMode, message: string): void;
}

/** A problem the client met: a translation issue of a surface, a skipped line, an HTTP error. */
export type GenuiProblem =
  | (TranslateIssue & { surfaceId: string })
  | { code: 'bad_line' | 'oversize_line' | 'unknown_chunk' | 'http_error' | 'incomplete'; message: string };

/** A GenUI problem as every adapter reports it (`AdapterIssue`); a translation problem keeps its `widgetId`. */
export type GenuiIssue = AdapterIssue & { adapter: 'genui-v1'; code: GenuiProblem['code']; widgetId?: string };

/** How a turn ended. */
export type TurnOutcome =
  | { status: 'complete'; text: string }
  | { status: 'incomplete'; reason: string }
  | { status: 'error'; httpStatus: number; body: unknown }
  | { status: 'aborted' };

/** A GenUI v1.0 client on a suip renderer. */
export interface GenuiClient {
  /** Sends the user's text (and any gathered events) as the next turn; resolves when the stream ends. */
  send(text?: string): Promise<TurnOutcome>;
  /** Resends the last request (after an incomplete or failed turn). */
  retry(): Promise<TurnOutcome>;
  readonly conversation: Conversation;
  /** Whether a turn is streaming now. */
  readonly busy: boolean;
  surfaceIds(): string[];
  /**
   * Applies the lines the stream reader has read but still holds, then renders every pending change
   * (closed mounts gone).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates a GenUI v1.0 client (seed 000): it posts the catalog and the whole client-held
 * conversation, reads the JSONL answer line by line and applies each chunk as it completes. One
 * suip mount per surface (an in-page generator through `createLocalGenerator`: trusted translator
 * code, validated and budgeted by the renderer like a sandbox); `addOrUpdateSurface` re-translates
 * the surface and suip's keyed diff sends only what changed, so focus, caret and typed text
 * survive. `text` streams into a transcript mount with text-append; `message` ends the turn and
 * records it in the history. suip events become UiEvents; an action sends the next request.
 */
export function createGenuiClient(renderer: RemoteAttachTarget<Handle>, options: GenuiClientOptions): GenuiClient {
  const prefix = options.idPrefix ?? 'genui';
  const augmentations = options.augmentations ?? [];
  const catalog = catalogOf(options.catalog, augmentations);
  const conversation = new Conversation();
  const transcript = new TranscriptMount(renderer, `${prefix}-transcript`, options.onIssue);
  const surfaces = new SurfaceMounts({
    renderer,
    prefix,
    vocabulary: [
      ...(options.vocabulary ?? BUILTIN_VOCABULARY),
      ...augmentations.filter((a) => a.render === 'component').map((a) => a.definition),
    ],
    fallbacks: augmentations.filter((a) => a.render === 'fallback').map((a) => a.definition),
    onUiEvent: (event) => {
      options.onEvent?.(event);
      conversation.addEvent(event);
      if (!event.isAction) return;
      if (busy) actionQueued = true;
      else void send();
    },
    issue: transcript.issue,
  });
  let busy = false;
  let actionQueued = false;
  let controller: AbortController | undefined;
  let closed = false;
  /** Whether the stream reader holds lines it has read but not handed on (it yields to the host between slices). */
  const holding = createHoldingGate();
  const stream = {
    options,
    transcript,
    holding,
    apply: (value: unknown) => {
      options.onChunk?.(value);
      return applyChunk(value, surfaces, transcript);
    },
  };

  async function send(text?: string): Promise<TurnOutcome> {
    if (closed) return { status: 'aborted' };
    if (busy) throw new Error('a turn is streaming; wait for it to end');
    if (text !== undefined) conversation.addText(text);
    transcript.begin(lastUserText(conversation));
    return run();
  }

  async function run(): Promise<TurnOutcome> {
    busy = true;
    controller = new AbortController();
    const body = {
      catalogDefinition: catalog,
      conversation: conversation.outgoing(),
      ...(options.progressive === false ? {} : { suip: { progressive: true } }),
    };
    options.onRequest?.(body);
    conversation.commitPending();
    void transcript.render(true);
    let outcome: TurnOutcome;
    try {
      outcome = await postTurn(body, controller.signal, stream);
    } catch (error) {
      outcome = controller.signal.aborted
        ? { status: 'aborted' }
        : { status: 'incomplete', reason: error instanceof Error ? error.message : String(error) };
    }
    busy = false;
    // Nothing previewed outlives its turn: a preview the server did not complete or withdraw goes now.
    surfaces.dropPreviews();
    if (outcome.status === 'complete') conversation.completeTurn(surfaces.committed(), outcome.text);
    if (outcome.status === 'incomplete') offerRetry(transcript, outcome.reason, () => void retry());
    await transcript.render(true);
    options.onTurn?.(outcome);
    if (actionQueued && outcome.status !== 'aborted') {
      actionQueued = false;
      void send();
    }
    return outcome;
  }

  async function retry(): Promise<TurnOutcome> {
    if (busy) throw new Error('a turn is streaming; wait for it to end');
    transcript.begin('(retry)');
    return run();
  }

  return {
    send,
    retry,
    conversation,
    get busy() {
      return busy;
    },
    surfaceIds: () => surfaces.ids(),
    async settle() {
      // Lines already read but still held by the reader (it yields to the host between slices, often under load)
      // are pending changes too: applied first, or a settled page would skip their state. The transcript render
      // awaited first also lets a read the network just answered resume the reader before `holding` is looked at.
      await holding.settle(() => transcript.render(true));
      // A withdrawn surface's mount closes after its last render: settled means it is gone, as without previews.
      await surfaces.settle();
    },
    async close() {
      closed = true;
      controller?.abort();
      await Promise.all([transcript.close(), surfaces.close()]);
    },
  };
}

/**
 * The catalog sent: the given one (default: protocol 1.0, base catalog default@1.0) with the client's augmentations.
 */
function catalogOf(
  given: CatalogDefinition | undefined,
  augmentations: readonly GenuiAugmentation[],
): CatalogDefinition {
  const base: CatalogDefinition = given ?? {
    protocolVersion: GENUI_PROTOCOL_VERSION,
    baseCatalog: { name: 'default', version: '1.0' },
  };
  return augmentations.length > 0 && base.augmentations === undefined
    ? { ...base, augmentations: augmentationsSchema(augmentations) }
    : base;
}

/** The text of the user's message about to be sent, if the turn has one. */
function lastUserText(conversation: Conversation): string | undefined {
  const message = conversation.outgoing().at(-1);
  if (message?.role !== 'user') return undefined;
  const texts = message.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text);
  return texts.join(' ') || undefined;
}

/** Says on the turn that its answer stopped short (it is not in the history) and offers to retry it. */
function offerRetry(transcript: TranscriptMount, reason: string, retry: () => void): void {
  const turn = transcript.current();
  transcript.issue({ code: 'incomplete', message: reason });
  turn.notes.push(
    `The answer stopped before it was complete (${reason.slice(0, 200)}); what arrived is shown, ` +
      'but this turn is not in the history.',
  );
  turn.retry = () => {
    turn.retry = undefined;
    retry();
  };
}
