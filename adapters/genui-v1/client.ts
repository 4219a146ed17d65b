import { fromGenuiIssue, type AdapterIssue } from '../kit/issue.ts';
import { measureJson } from '../../shared/json-shape.ts';
import { createHoldingGate } from '../../shared/sliced-reader.ts';
import { compile, type VocabularyEntry } from '../../shared/index.ts';
import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { openAgentStream, type StreamMode } from '../kit/agent-stream.ts';
import { toUiEvent } from './events.ts';
import { augmentationsSchema, type GenuiAugmentation } from './augmentations.ts';
import { Conversation, type SurfaceState } from './history.ts';
import {
  AddOrUpdateSurfaceChunk,
  DeleteSurfaceChunk,
  DropPreviewChunk,
  GENUI_PROTOCOL_VERSION,
  GenuiErrorBody,
  MessageChunk,
  PreviewChunk,
  TextChunk,
  type CatalogDefinition,
  type UiEvent,
} from '../../shared/neighbours/genui-v1/schemas.ts';
import { translateSurface, type TranslateIssue } from './translate.ts';
import { MAX_TURN_TEXT, transcriptTree, type TranscriptTurn } from './transcript.ts';

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
  /** Applies the lines the stream reader has read but still holds, then renders every pending change (closed mounts gone). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const chunkChecks = {
  preview: compile(PreviewChunk),
  drop: compile(DropPreviewChunk),
  add: compile(AddOrUpdateSurfaceChunk),
  del: compile(DeleteSurfaceChunk),
  text: compile(TextChunk),
  message: compile(MessageChunk),
  error: compile(GenuiErrorBody),
};

interface Surface {
  state: SurfaceState;
  /** The number in its mount id. */
  mount: number;
  /** False while the surface exists only as a preview (nothing of it is in the history yet). */
  committed: boolean;
  /** The surface as far as it has streamed, shown over the committed state until the complete one arrives. */
  preview?: { root: string; widgets: unknown[] };
  generator: Promise<LocalGenerator<Handle>>;
  rendered: Promise<void>;
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
  const vocabulary = [
    ...(options.vocabulary ?? BUILTIN_VOCABULARY),
    ...augmentations.filter((a) => a.render === 'component').map((a) => a.definition),
  ];
  const fallbacks = augmentations.filter((a) => a.render === 'fallback').map((a) => a.definition);
  const baseCatalog: CatalogDefinition = options.catalog ?? {
    protocolVersion: GENUI_PROTOCOL_VERSION,
    baseCatalog: { name: 'default', version: '1.0' },
  };
  const catalog: CatalogDefinition =
    augmentations.length > 0 && baseCatalog.augmentations === undefined
      ? { ...baseCatalog, augmentations: augmentationsSchema(augmentations) }
      : baseCatalog;
  const conversation = new Conversation();
  const surfaces = new Map<string, Surface>();
  const turns: TranscriptTurn[] = [];
  let counter = 0;
  const closing = new Map<number, Promise<unknown>>();
  let busy = false;
  let actionQueued = false;
  let controller: AbortController | undefined;
  let closed = false;
  /** Whether the stream reader holds lines it has read but not handed on (it yields to the host between slices). */
  const holding = createHoldingGate();

  const transcript = createLocalGenerator(renderer, {
    id: `${prefix}-transcript`,
    name: 'GenUI transcript',
    originKind: 'genui',
  });
  let transcriptTimer: ReturnType<typeof setTimeout> | undefined;
  let transcriptDone: Promise<void> = Promise.resolve();
  const renderTranscript = (now = false): Promise<void> => {
    if (transcriptTimer !== undefined && !now) return transcriptDone;
    clearTimeout(transcriptTimer);
    const run = () => {
      transcriptTimer = undefined;
      transcriptDone = transcript
        .then((g) => g.render(transcriptTree(turns)))
        .catch((error: unknown) =>
          issue({ code: 'bad_line', message: `the transcript could not be shown: ${String(error)}` }),
        );
      return transcriptDone;
    };
    // Text chunks arrive many per frame: one render per ~30 ms is enough for a person to read.
    if (now) return run();
    transcriptTimer = setTimeout(() => void run(), 30);
    return transcriptDone;
  };
  const current = (): TranscriptTurn => {
    if (turns.length === 0) turns.push({ text: '', cut: 0, final: false, notes: [] });
    return turns[turns.length - 1]!;
  };
  const issue = (found: GenuiProblem) => {
    options.onIssue?.(fromGenuiIssue(found));
    if (found.code !== 'incomplete' && found.code !== 'http_error') {
      const turn = current();
      if (turn.notes.length < 20)
        turn.notes.push(
          'surfaceId' in found ? `Surface "${found.surfaceId.slice(0, 60)}": ${found.message}` : found.message,
        );
      void renderTranscript();
    }
  };

  const onUiEvent = (event: UiEvent) => {
    options.onEvent?.(event);
    conversation.addEvent(event);
    if (!event.isAction) return;
    if (busy) actionQueued = true;
    else void send();
  };

  const renderSurface = (surfaceId: string) => {
    const surface = surfaces.get(surfaceId);
    if (surface === undefined) return;
    const preview = surface.preview;
    // A preview is shown over the committed widgets (those it does not redefine stay as they are).
    const definition =
      preview === undefined
        ? surface.state
        : {
            root: preview.root,
            widgets: [
              ...preview.widgets,
              ...(surface.committed
                ? surface.state.widgets.filter(
                    (w) => !preview.widgets.some((p) => (p as { id?: unknown }).id === (w as { id?: unknown }).id),
                  )
                : []),
            ],
          };
    const translation = translateSurface(definition, {
      vocabulary,
      fallbacks,
      preview: preview !== undefined,
      bind: (binding) => ({
        handler: (e) => onUiEvent(toUiEvent(surfaceId, binding, e)),
        ...(binding.data === 'none' ? {} : { data: binding.data }),
      }),
    });
    for (const found of translation.issues) issue({ ...found, surfaceId });
    surface.rendered = surface.generator
      .then((g) => g.render({ group: [['surface', translation.tree]] }))
      .catch((error: unknown) =>
        issue({
          code: 'bad_widget',
          widgetId: '',
          surfaceId,
          message: `the renderer refused the surface: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
  };

  const surfaceFor = (
    surfaceId: string,
    definition: Pick<SurfaceState, 'root' | 'widgets'>,
    committed: boolean,
  ): Surface => {
    let surface = surfaces.get(surfaceId);
    if (surface === undefined) {
      counter += 1;
      const mount = counter;
      // A mount number given back by a withdrawn preview is reused once that mount has closed.
      const generator = (closing.get(mount) ?? Promise.resolve()).then(() =>
        createLocalGenerator(renderer, { id: `${prefix}-${mount}`, name: surfaceId, originKind: 'genui' }),
      );
      surface = { state: { surfaceId, ...definition }, committed, mount, generator, rendered: Promise.resolve() };
      surfaces.set(surfaceId, surface);
    }
    return surface;
  };
  const closeSurface = (surfaceId: string) => {
    const surface = surfaces.get(surfaceId);
    surfaces.delete(surfaceId);
    // After its last render: a generator closed mid-render would send into a mount already gone.
    if (surface === undefined) return;
    const closed = surface.rendered
      .then(() => surface.generator)
      .then((g) => g.close())
      .catch(() => undefined);
    closing.set(surface.mount, closed);
    void closed.then(() => closing.get(surface.mount) === closed && closing.delete(surface.mount));
  };
  /** Withdraws a surface's preview: the committed surface shows again, a surface that was only a preview goes. */
  const dropPreview = (surfaceId: string) => {
    const surface = surfaces.get(surfaceId);
    if (surface?.preview === undefined) return;
    surface.preview = undefined;
    if (surface.committed) return renderSurface(surfaceId);
    closeSurface(surfaceId);
    // Its mount number is free again when it was the newest, so mount ids match a run without previews.
    if (surface.mount === counter) counter -= 1;
  };

  const applyChunk = (value: unknown) => {
    options.onChunk?.(value);
    if (chunkChecks.preview.check(value)) {
      const { surfaceId, definition } = value.addOrUpdateSurface;
      surfaceFor(surfaceId, definition, false).preview = definition;
      renderSurface(surfaceId);
    } else if (chunkChecks.drop.check(value)) dropPreview(value.suip.dropPreview);
    else if (chunkChecks.add.check(value)) {
      const { surfaceId, definition } = value.addOrUpdateSurface;
      // The complete surface: applied exactly as without previews (the preview, if any, is dropped).
      const surface = surfaceFor(surfaceId, definition, true);
      surface.state = { surfaceId, root: definition.root, widgets: definition.widgets };
      surface.committed = true;
      surface.preview = undefined;
      renderSurface(surfaceId);
    } else if (chunkChecks.del.check(value)) closeSurface(value.deleteSurface.surfaceId);
    else if (chunkChecks.message.check(value)) {
      const turn = current();
      const text = value.message.parts.map((p) => p.text).join('');
      turn.text = text.slice(0, MAX_TURN_TEXT);
      turn.cut = Math.max(0, text.length - MAX_TURN_TEXT);
      turn.final = true;
      return text;
    } else if (chunkChecks.text.check(value)) {
      const turn = current();
      const room = MAX_TURN_TEXT - turn.text.length;
      turn.text += value.text.slice(0, Math.max(0, room));
      turn.cut += Math.max(0, value.text.length - Math.max(0, room));
      void renderTranscript();
    } else {
      const error = chunkChecks.add.firstError(value);
      issue({
        code: 'unknown_chunk',
        message: `a chunk that is none of addOrUpdateSurface, deleteSurface, text, message was skipped${typeof value === 'object' && value !== null && 'addOrUpdateSurface' in value ? ` (${error})` : ''}`,
      });
    }
    return undefined;
  };

  async function send(text?: string): Promise<TurnOutcome> {
    if (closed) return { status: 'aborted' };
    if (busy) throw new Error('a turn is streaming; wait for it to end');
    if (text !== undefined) conversation.addText(text);
    const userText = conversation.outgoing().at(-1);
    turns.push({
      user:
        userText?.role === 'user'
          ? userText.parts
              .filter((p) => p.type === 'text')
              .map((p) => (p as { text: string }).text)
              .join(' ') || undefined
          : undefined,
      text: '',
      cut: 0,
      final: false,
      notes: [],
    });
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
    void renderTranscript(true);
    let outcome: TurnOutcome;
    try {
      outcome = await post(body, controller.signal);
    } catch (error) {
      outcome = controller.signal.aborted
        ? { status: 'aborted' }
        : { status: 'incomplete', reason: error instanceof Error ? error.message : String(error) };
    }
    busy = false;
    // Nothing previewed outlives its turn: a preview the server did not complete or withdraw goes now.
    for (const id of [...surfaces.keys()]) dropPreview(id);
    const turn = current();
    if (outcome.status === 'complete')
      conversation.completeTurn(
        [...surfaces.values()].filter((s) => s.committed).map((s) => s.state),
        outcome.text,
      );
    if (outcome.status === 'incomplete') {
      issue({ code: 'incomplete', message: outcome.reason });
      turn.notes.push(
        `The answer stopped before it was complete (${outcome.reason.slice(0, 200)}); what arrived is shown, but this turn is not in the history.`,
      );
      turn.retry = () => {
        turn.retry = undefined;
        void retry();
      };
    }
    await renderTranscript(true);
    options.onTurn?.(outcome);
    if (actionQueued && outcome.status !== 'aborted') {
      actionQueued = false;
      void send();
    }
    return outcome;
  }

  async function post(body: unknown, signal: AbortSignal): Promise<TurnOutcome> {
    const url = options.url + (options.url.includes('?') ? '&' : '?') + 'stream=true';
    const response = await openAgentStream(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      {
        signal,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.onStreamMode ? { onMode: options.onStreamMode } : {}),
      },
    );
    if (!response.ok) {
      const raw = await response.text(100_000).catch(() => '');
      let parsed: unknown = raw.slice(0, 2000);
      try {
        parsed = JSON.parse(raw.slice(0, 100_000)) as unknown;
      } catch {
        // not JSON: shown as text
      }
      const turn = current();
      if (chunkChecks.error.check(parsed)) {
        const { code, message, supportedCatalogs } = parsed.error;
        // 5xx envelopes are the model failing behind the server (504 model_timeout, 502), not a refusal of the request.
        const title =
          response.status >= 500
            ? `The server's model did not answer (HTTP ${response.status}, ${code})`
            : `The server refused the request (HTTP ${response.status}, ${code})`;
        turn.error = {
          title,
          detail: `${message} Supported catalogs: ${supportedCatalogs.map((c) => `${c.name} ${c.versions.join(', ')}`).join('; ') || 'none'}.`,
        };
      } else
        turn.error = {
          title: `The server answered HTTP ${response.status}`,
          detail: typeof parsed === 'string' ? parsed : JSON.stringify(parsed).slice(0, 500),
        };
      issue({ code: 'http_error', message: `${turn.error.title}: ${turn.error.detail}` });
      return { status: 'error', httpStatus: response.status, body: parsed };
    }
    let final: string | undefined;
    const maxLine = options.maxLineChars ?? 3_000_000;
    await response.read(
      'jsonl',
      { maxLineBytes: maxLine, maxEventBytes: maxLine },
      (item) => {
        if ('problem' in item)
          return issue({
            code: 'oversize_line',
            message: `a line of ${item.problem.length ?? maxLine + 1} characters was skipped (the limit is ${maxLine})`,
          });
        const line = item.event.data;
        if (final !== undefined || line.trim() === '') return; // nothing counts after the final message
        const shape = measureJson(line, 64);
        if (shape.truncated)
          return issue({ code: 'bad_line', message: 'a line nested deeper than 64 levels was skipped' });
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          return issue({ code: 'bad_line', message: `a line that is not JSON was skipped: ${line.slice(0, 80)}` });
        }
        final = applyChunk(value);
      },
      { onHolding: holding.read() },
    );
    if (signal.aborted) return { status: 'aborted' };
    return final === undefined
      ? { status: 'incomplete', reason: 'the stream ended without its final message' }
      : { status: 'complete', text: final };
  }

  async function retry(): Promise<TurnOutcome> {
    if (busy) throw new Error('a turn is streaming; wait for it to end');
    turns.push({ user: '(retry)', text: '', cut: 0, final: false, notes: [] });
    return run();
  }

  return {
    send,
    retry,
    conversation,
    get busy() {
      return busy;
    },
    surfaceIds: () => [...surfaces].filter(([, s]) => s.committed).map(([id]) => id),
    async settle() {
      // Lines already read but still held by the reader (it yields to the host between slices, often under load)
      // are pending changes too: applied first, or a settled page would skip their state. The transcript render
      // awaited first also lets a read the network just answered resume the reader before `holding` is looked at.
      await holding.settle(() => renderTranscript(true));
      // A withdrawn surface's mount closes after its last render: settled means it is gone, as without previews.
      await Promise.all([
        ...closing.values(),
        ...[...surfaces.values()].map(async (s) => {
          await s.generator;
          await s.rendered;
        }),
      ]);
    },
    async close() {
      closed = true;
      controller?.abort();
      clearTimeout(transcriptTimer);
      const all = [...surfaces.values()];
      surfaces.clear();
      await Promise.all(
        [transcript, ...all.map((s) => s.generator)].map(async (g) => (await g).close().catch(() => undefined)),
      );
    },
  };
}
