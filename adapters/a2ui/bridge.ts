import type { ModelParticle } from '../../generator/kit.ts';
import type {
  A2uiClientCapabilities,
  A2uiClientDataModel,
  A2uiVersion,
} from '../../shared/neighbours/a2ui/messages.ts';
import { AgentIssues } from './agent-issues.ts';
import type { A2uiBridgeOptions, A2uiIssue } from './bridge-options.ts';
import { CatalogRegistry } from './catalog-registry.ts';
import { createSurface } from './create-surface.ts';
import { DirtyMarks } from './dirty-marks.ts';
import { eventAction } from './event-action.ts';
import { jsonRecord } from './json-record.ts';
import { A2uiError, DEFAULT_A2UI_LIMITS, type A2uiLimits } from './limits.ts';
import type { BridgeEvents } from './map-context.ts';
import { openEnvelope } from './message-envelope.ts';
import { PendingActions } from './pending-actions.ts';
import { resolveDynamic, type Scope } from './resolve.ts';
import { resolvedTree, type ResolvedNode } from './resolved-tree.ts';
import { callFunctionMessage, readActionResponse } from './v0-10.ts';
import type { A2uiComponent, Surface } from './surface.ts';
import { SurfaceTranslation, type Translation } from './translate.ts';

export type { A2uiBridgeOptions, A2uiIssue } from './bridge-options.ts';

/** Longest JSONL line / message text the bridge parses. */
export const MAX_MESSAGE_CHARS = 4_000_000;
/** Messages one JSONL line's list may hold; the rest are not read. */
const MAX_LINE_MESSAGES = 10_000;

/** A translation, and the one bound instance a data-model change re-translated (see `translateChange`). */
export interface TranslationChange {
  translation: Translation;
  base?: ModelParticle;
  change?: { path: readonly string[]; particle: ModelParticle };
}

/**
 * The A2UI → suip bridge: a bounded interpreter of A2UI server messages. It keeps each surface's
 * components and data model, translates a surface into a suip particle tree on demand
 * (`translate`), binds inputs both ways, and sends actions and errors back through `send`.
 * Each concern keeps its state in its own unit: the change notes (`DirtyMarks`), what the agent
 * was told (`AgentIssues`), the v0.10 actions waiting for an answer (`PendingActions`), the
 * catalogs (`CatalogRegistry`); the bridge routes messages between them.
 */
export class A2uiBridge {
  readonly #surfaces = new Map<string, Surface>();
  /** Each surface's last translation, kept up to date by data-model changes where it can be. */
  readonly #last = new Map<string, SurfaceTranslation>();
  readonly #dirty = new DirtyMarks();
  readonly #issues: AgentIssues;
  readonly #pending = new PendingActions();
  readonly #options: A2uiBridgeOptions;
  readonly #limits: A2uiLimits;
  readonly version: A2uiVersion;
  readonly #catalogs: CatalogRegistry;

  constructor(options: A2uiBridgeOptions) {
    this.#options = options;
    this.#limits = { ...DEFAULT_A2UI_LIMITS, ...options.limits };
    this.version = options.version ?? 'v0.9';
    this.#issues = new AgentIssues(options.send, this.version);
    this.#catalogs = new CatalogRegistry(this.version, options.catalogs);
  }

  /** Parses one JSON text (a JSONL line) with a length bound, then applies it. */
  receiveText(text: string): A2uiIssue[] {
    if (text.length > MAX_MESSAGE_CHARS)
      return this.#issues.fail(
        '',
        new A2uiError(
          'LIMIT_EXCEEDED',
          '',
          `an A2UI message has ${text.length} characters; at most ${MAX_MESSAGE_CHARS}`,
        ),
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return this.rejectText(
        'VALIDATION_FAILED',
        `an A2UI message is not JSON: ${(error as Error).message.slice(0, 120)}`,
      );
    }
    return this.receiveValue(parsed);
  }

  /** Applies one parsed JSONL line: a message, a message list, or `{"messages": [...]}`. */
  receiveValue(parsed: unknown): A2uiIssue[] {
    // A JSONL line may hold a message list (server_to_client_list.json) as well as one message.
    const list = Array.isArray(parsed) ? parsed : jsonRecord(parsed)?.messages;
    if (Array.isArray(list))
      return list.slice(0, MAX_LINE_MESSAGES).flatMap((message: unknown) => this.receive(message));
    return this.receive(parsed);
  }

  /** Applies one server → client message; problems are sent to the agent as `error` and returned. */
  receive(message: unknown): A2uiIssue[] {
    const m = jsonRecord(message);
    if (
      this.version === 'v0.10' &&
      m !== undefined &&
      m.version === 'v0.10' &&
      (Object.hasOwn(m, 'callFunction') || Object.hasOwn(m, 'actionResponse'))
    )
      return Object.hasOwn(m, 'callFunction') ? this.#callFunction(m) : this.#actionResponse(m);
    const envelope = openEnvelope(m, this.version);
    const { surfaceId } = envelope;
    try {
      if ('error' in envelope) throw envelope.error;
      const { kind, body } = envelope;
      switch (kind) {
        case 'createSurface':
          this.#surfaces.set(surfaceId, createSurface(this.#surfaceFactory(), surfaceId, body, m!.version));
          break;
        case 'updateComponents':
          this.#surface(surfaceId).upsert(body.components);
          break;
        case 'updateDataModel':
          this.#updateDataModel(surfaceId, body);
          break;
        case 'deleteSurface':
          this.#delete(surfaceId);
          return [];
      }
      if (kind !== 'updateDataModel') this.#dirty.mark(surfaceId);
    } catch (error) {
      // A refused write may have created objects on its way before it failed: translate it whole.
      if (this.#surfaces.has(surfaceId)) this.#dirty.mark(surfaceId);
      return this.#issues.fail(surfaceId, error);
    }
    this.#options.onChange?.(surfaceId);
    return [];
  }

  #surfaceFactory(): Parameters<typeof createSurface>[0] {
    return { version: this.version, catalogs: this.#catalogs, limits: this.#limits, surfaces: this.#surfaces };
  }

  #updateDataModel(surfaceId: string, body: Record<string, unknown>): void {
    const path = body.path === undefined ? '' : body.path;
    if (typeof path !== 'string')
      throw new A2uiError(
        'VALIDATION_FAILED',
        '/updateDataModel/path',
        'updateDataModel.path must be a JSON Pointer string',
      );
    const value = Object.hasOwn(body, 'value') ? body.value : undefined;
    this.#dirty.mark(surfaceId, this.#surface(surfaceId).model.set(path === '/' ? '' : path, value) ?? null);
  }

  #delete(surfaceId: string): void {
    this.#surface(surfaceId);
    this.#surfaces.delete(surfaceId);
    this.#last.delete(surfaceId);
    this.#dirty.delete(surfaceId);
    this.#issues.forget(surfaceId);
    this.#options.onDelete?.(surfaceId);
  }

  /** A message text that could not be read (not JSON, too long): sent to the agent as an error and returned. */
  rejectText(code: string, message: string): A2uiIssue[] {
    return this.#issues.fail('', new A2uiError(code, '', message));
  }

  /**
   * Shows one component of an `updateComponents` message that is still streaming (entry `index`
   * of its list), over the surface's committed components, until `endPreview`. Nothing is sent to
   * the agent for a preview: the whole message is checked when it completes. False when there is
   * no such surface or the entry is malformed.
   */
  preview(surfaceId: string, component: unknown, index: number): boolean {
    const surface = this.#surfaces.get(surfaceId);
    if (surface === undefined || !surface.showPreview(component, index)) return false;
    this.#changed(surfaceId);
    return true;
  }

  /** Drops a surface's preview (its message completed and is applied next, or it turned out invalid). */
  endPreview(surfaceId: string): void {
    const surface = this.#surfaces.get(surfaceId);
    if (surface === undefined || surface.preview.size === 0) return;
    surface.preview.clear();
    this.#changed(surfaceId);
  }

  /** Something other than a data pointer changed: the surface is translated whole and rendered again. */
  #changed(surfaceId: string): void {
    this.#dirty.mark(surfaceId);
    this.#options.onChange?.(surfaceId);
  }

  /** v0.10 `callFunction`: answered through `send` by the function runner. */
  #callFunction(m: Record<string, unknown>): A2uiIssue[] {
    const { openUrl, locale } = this.#options;
    const host = { openUrl, locale, maxStringLength: this.#limits.maxStringLength };
    callFunctionMessage(m, host, this.#limits, this.#options.send);
    return [];
  }

  /** v0.10 `actionResponse`: the answer to a waiting action, its value kept at the action's `responsePath`. */
  #actionResponse(m: Record<string, unknown>): A2uiIssue[] {
    const read = readActionResponse(m);
    const waiting = read === undefined ? undefined : this.#pending.take(read.actionId);
    if (read === undefined || waiting === undefined) {
      return this.#issues.fail(
        '',
        new A2uiError(
          'VALIDATION_FAILED',
          '/actionResponse',
          read === undefined
            ? 'actionResponse needs "actionId" and exactly one of {"value"} or {"error": {"code", "message"}}'
            : `no action "${read.actionId.slice(0, 60)}" is waiting for a response (each actionId is answered once)`,
        ),
      );
    }
    const surface = this.#surfaces.get(waiting.surfaceId);
    // The value lands at the action's responsePath, as if the agent had sent updateDataModel there.
    if (surface !== undefined && waiting.pointer !== undefined && 'value' in read.response) {
      try {
        this.#dirty.mark(waiting.surfaceId, surface.model.set(waiting.pointer, read.response.value) ?? null);
      } catch (error) {
        this.#dirty.mark(waiting.surfaceId);
        return this.#issues.fail(
          waiting.surfaceId,
          error instanceof A2uiError ? new A2uiError(error.code, '/actionResponse/value', error.message) : error,
        );
      }
      this.#options.onChange?.(waiting.surfaceId);
    }
    this.#options.onActionResponse?.(read.actionId, read.response, waiting.surfaceId);
    return [];
  }

  #surface(surfaceId: string): Surface {
    const surface = this.#surfaces.get(surfaceId);
    if (surface === undefined)
      throw new A2uiError(
        'VALIDATION_FAILED',
        '/surfaceId',
        `no surface "${surfaceId.slice(0, 60)}"; send createSurface first`,
      );
    return surface;
  }

  /** True while the surface exists (created and not deleted). */
  hasSurface(surfaceId: string): boolean {
    return this.#surfaces.has(surfaceId);
  }

  /** The ids of the live surfaces, in creation order. */
  surfaceIds(): string[] {
    return [...this.#surfaces.keys()];
  }

  /** A plain copy of a surface's data model. */
  dataModel(surfaceId: string): unknown {
    return this.#surface(surfaceId).model.snapshot();
  }

  /** The surface's raw components (for comparing with the reference processor). */
  components(surfaceId: string): ReadonlyMap<string, A2uiComponent> {
    return this.#surface(surfaceId).components;
  }

  /** Translates a surface into a suip particle tree; its issues are sent to the agent once per translation. */
  translate(surfaceId: string): Translation {
    return this.translateChange(surfaceId).translation;
  }

  /**
   * `translate`, and when a data-model change re-translated one bound instance of the tree that
   * was `base` before: that instance's suip path and new particle (`change`), so the caller can
   * send just it (`renderChange`) instead of rendering and diffing the whole surface.
   */
  translateChange(surfaceId: string): TranslationChange {
    const surface = this.#surface(surfaceId);
    const dirty = this.#dirty.take(surfaceId);
    let translation = this.#last.get(surfaceId);
    if (translation !== undefined && dirty === undefined) return { translation };
    const base = translation?.root;
    let change: TranslationChange['change'];
    // A data-model change re-translates only the instances bound to it (see SurfaceTranslation).
    if (translation === undefined || dirty === undefined || dirty.full || !translation.update(dirty.changed)) {
      translation = SurfaceTranslation.full(
        surface,
        this.#events(surface),
        { openUrl: this.#options.openUrl, locale: this.#options.locale },
        this.#options.headingLevel ?? 2,
      );
    } else if (translation.spliced.length === 1) change = translation.spliced[0];
    this.#last.set(surfaceId, translation);
    const out: TranslationChange = change !== undefined ? { translation, base, change } : { translation };
    // A preview is a message cut short: what it lacks is no fault yet; the completed message is judged.
    if (surface.preview.size === 0) this.#issues.tellTranslation(surfaceId, translation.issues);
    return out;
  }

  /**
   * Maps a suip rejection (its particle path below the surface's particle) back to the A2UI component
   * that produced it and sends `VALIDATION_FAILED` with that component's `/components/<i>` path.
   */
  reportRenderError(surfaceId: string, suipPath: readonly string[], message: string): A2uiIssue {
    const origins = this.#last.get(surfaceId)?.origins;
    let componentId: string | undefined;
    // Paths below a surface's own particle start inside root; a generator's paths may name 'root' itself.
    const full = suipPath[0] === 'root' ? [...suipPath] : ['root', ...suipPath];
    for (let n = full.length; n > 0 && componentId === undefined; n -= 1)
      componentId = origins?.get(full.slice(0, n).join('/'));
    const at = componentId === undefined ? '/' : (this.#surfaces.get(surfaceId)?.component(componentId)?.at ?? '/');
    const issue: A2uiIssue = {
      adapter: 'a2ui',
      code: 'VALIDATION_FAILED',
      surfaceId,
      path: at,
      message: `the renderer refused component "${componentId ?? '?'}": ${message}`,
    };
    if ((this.#surfaces.get(surfaceId)?.preview.size ?? 0) > 0) return issue;
    this.#issues.tellRender(issue, message);
    return issue;
  }

  /** The surface as a resolved A2UI tree, in `@a2ui/web_core`'s NodeResolver shape (for diffs and debugging). */
  resolved(surfaceId: string): ResolvedNode | undefined {
    return resolvedTree(this.#surface(surfaceId), { openUrl: undefined, locale: this.#options.locale });
  }

  /** `a2uiClientCapabilities` for the transport's metadata. */
  capabilities(): A2uiClientCapabilities {
    return { [this.version]: { supportedCatalogIds: this.#catalogs.wholeIds() } };
  }

  /** `a2uiClientDataModel`: the models of every `sendDataModel` surface; undefined when none sends (as web_core). */
  clientDataModel(): A2uiClientDataModel | undefined {
    const surfaces: Record<string, unknown> = {};
    for (const [id, s] of this.#surfaces) if (s.sendDataModel) surfaces[id] = s.model.snapshot();
    return Object.keys(surfaces).length === 0 ? undefined : { version: this.version, surfaces };
  }

  /** What a surface's rendered inputs call back: a bound write, a dialog opened or closed, an action. */
  #events(surface: Surface): BridgeEvents {
    return {
      write: (pointer, value) => {
        try {
          this.#dirty.mark(surface.id, surface.model.set(pointer, value) ?? null);
        } catch (error) {
          this.#dirty.mark(surface.id);
          this.#issues.fail(surface.id, error);
          return;
        }
        this.#options.onChange?.(surface.id);
      },
      modal: (key, open) => {
        if (open) surface.openModals.add(key);
        else surface.openModals.delete(key);
        this.#changed(surface.id);
      },
      action: (component, scope) => this.#action(surface, component, scope),
    };
  }

  /** A component's `action`: an `event` goes to the agent, a `functionCall` runs here. */
  #action(surface: Surface, component: A2uiComponent, scope: Scope): void {
    const action = jsonRecord(component.props.action);
    try {
      const event = jsonRecord(action?.event);
      const call = action?.functionCall;
      if (event !== undefined && typeof event.name === 'string') {
        const now = this.#options.now ?? (() => new Date());
        const source = { version: this.version, surface, component, scope, now, pending: this.#pending };
        this.#options.send(eventAction(source, event as Record<string, unknown> & { name: string }));
      } else if (call !== undefined) {
        resolveDynamic(call, scope);
        this.#changed(surface.id);
      }
    } catch (error) {
      this.#issues.fail(
        surface.id,
        error instanceof A2uiError ? new A2uiError(error.code, `${component.at}/action`, error.message) : error,
      );
    }
  }
}
