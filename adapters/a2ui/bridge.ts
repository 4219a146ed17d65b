import type { AdapterIssue } from '../kit/index.ts';
import type { ModelParticle } from '../../generator/kit.ts';
import { declaredCatalog, STANDARD_CATALOGS, unservable, type A2uiCatalog } from './catalogs.ts';
import { A2uiError, DEFAULT_A2UI_LIMITS, listNames, type A2uiLimits } from './limits.ts';
import {
  type A2uiClientCapabilities,
  type A2uiClientDataModel,
  type A2uiOutgoing,
  type A2uiVersion,
} from '../../shared/neighbours/a2ui/messages.ts';
import type { BridgeEvents } from './map-context.ts';
import { bindingPointer, resolveDynamic, type Scope } from './resolve.ts';
import { resolvedTree, type ResolvedNode } from './resolved-tree.ts';
import { callFunctionMessage, readActionResponse, type ActionResponse } from './v0-10.ts';
import { Surface, type A2uiComponent } from './surface.ts';
import { SurfaceTranslation, type Translation } from './translate.ts';

/** How a bridge talks to its host and its agent. */
export interface A2uiBridgeOptions {
  /** Client → server traffic (actions, errors) with its metadata; the transport is the host's. */
  send(out: A2uiOutgoing): void;
  /** A surface changed (a message, or a bound input wrote the model): translate and render it again. */
  onChange?(surfaceId: string): void;
  /** A surface was deleted. */
  onDelete?(surfaceId: string): void;
  /** `openUrl` goes through the host's link policy; without one it does nothing. */
  openUrl?(url: string): void;
  /** Locale for formatNumber, formatCurrency and pluralize. */
  locale?: string;
  limits?: Partial<A2uiLimits>;
  /**
   * `v0.9` (default) or `v0.10`. A v0.10 bridge still speaks v0.9 to a v0.9 agent (messages and
   * surfaces keep their version); v0.10 surfaces add `callFunction`, `actionResponse` for events
   * with `wantResponse` (the value kept at `responsePath`), `TextField.placeholder` and the v0.10 catalog ids.
   */
  version?: A2uiVersion;
  /** The heading level a surface's top A2UI heading renders at (the host page's own h1 sits above); default 2. */
  headingLevel?: number;
  /** v0.10: the agent's `actionResponse` to an event sent with `wantResponse` (after its value is kept at `responsePath`). */
  onActionResponse?(actionId: string, response: ActionResponse, surfaceId: string): void;
  /** The clock for action timestamps (tests pin it). */
  now?: () => Date;
  /**
   * Catalogs the host declares beside the standard ones (catalog documents: `catalogId`,
   * `components` and `functions` keyed by name, as an inline catalog). A surface may name any of
   * them; the components and functions the bridge cannot render are refused where they are used.
   */
  catalogs?: readonly unknown[];
}

/** A problem with one incoming message, as sent back to the agent: the adapters' one issue shape, with its surface and A2UI path always set. */
export type A2uiIssue = AdapterIssue & { adapter: 'a2ui'; surfaceId: string; path: string };

const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
/** Longest JSONL line / message text the bridge parses. */
export const MAX_MESSAGE_CHARS = 4_000_000;

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * The A2UI → suip bridge: a bounded interpreter of A2UI server messages. It keeps each surface's
 * components and data model, translates a surface into a suip particle tree on demand
 * (`translate`), binds inputs both ways, and sends actions and errors back through `send`.
 */
export class A2uiBridge {
  readonly #surfaces = new Map<string, Surface>();
  /** Each surface's last translation, kept up to date by data-model changes where it can be. */
  readonly #last = new Map<string, SurfaceTranslation>();
  /**
   * What changed per surface since its last translation: data pointers (only the instances bound
   * to them are translated again), or `full` for anything else (components, previews, dialogs).
   */
  readonly #dirty = new Map<string, { full: boolean; changed: Array<readonly string[]> }>();
  /** Problems already sent per surface, so re-renders (every keystroke) do not repeat them to the agent. */
  readonly #told = new Map<string, Set<string>>();
  /** v0.10 actions waiting for their actionResponse: actionId → the surface and the `responsePath` pointer (bounded). */
  readonly #pending = new Map<string, { surfaceId: string; pointer?: string }>();
  #actions = 0;
  readonly #options: A2uiBridgeOptions;
  readonly #limits: A2uiLimits;
  readonly version: A2uiVersion;
  /** Catalogs a surface may name, by id: the standard ones of v0.9 (and of v0.10 when spoken), then the declared ones. */
  readonly #catalogs = new Map<string, A2uiCatalog>();

  constructor(options: A2uiBridgeOptions) {
    this.#options = options;
    this.#limits = { ...DEFAULT_A2UI_LIMITS, ...options.limits };
    this.version = options.version ?? 'v0.9';
    for (const c of [...STANDARD_CATALOGS['v0.9'], ...(this.version === 'v0.9' ? [] : STANDARD_CATALOGS[this.version])])
      this.#catalogs.set(c.catalogId, c);
    (options.catalogs ?? []).slice(0, 64).forEach((document, i) => {
      const c = declaredCatalog(document, `/catalogs/${i}`);
      this.#catalogs.set(c.catalogId, c);
    });
  }

  /** Parses one JSON text (a JSONL line) with a length bound, then applies it. */
  receiveText(text: string): A2uiIssue[] {
    if (text.length > MAX_MESSAGE_CHARS)
      return this.#fail(
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
    if (Array.isArray(parsed)) return parsed.slice(0, 10_000).flatMap((message: unknown) => this.receive(message));
    const wrapped = record(parsed)?.messages;
    if (Array.isArray(wrapped)) return wrapped.slice(0, 10_000).flatMap((message: unknown) => this.receive(message));
    return this.receive(parsed);
  }

  /** Applies one server → client message; problems are sent to the agent as `error` and returned. */
  receive(message: unknown): A2uiIssue[] {
    const m = record(message);
    if (
      this.version === 'v0.10' &&
      m !== undefined &&
      m.version === 'v0.10' &&
      (Object.hasOwn(m, 'callFunction') || Object.hasOwn(m, 'actionResponse'))
    )
      return this.#v010(m);
    const kinds = m === undefined ? [] : KINDS.filter((k) => Object.hasOwn(m, k));
    const body = m !== undefined && kinds.length === 1 ? record(m[kinds[0]!]) : undefined;
    const surfaceId = typeof body?.surfaceId === 'string' ? body.surfaceId : '';
    try {
      if (m === undefined || kinds.length !== 1 || body === undefined)
        throw new A2uiError(
          'VALIDATION_FAILED',
          '',
          `an A2UI message is an object with "version" and exactly one of ${KINDS.join(', ')}`,
        );
      if (m.version !== 'v0.9' && m.version !== 'v0.9.1' && m.version !== this.version)
        throw new A2uiError(
          'VALIDATION_FAILED',
          '/version',
          `version ${JSON.stringify(m.version)} is not spoken here; send "${this.version}"`,
        );
      if (surfaceId === '')
        throw new A2uiError('VALIDATION_FAILED', `/${kinds[0]!}/surfaceId`, `${kinds[0]!} needs a "surfaceId" string`);
      switch (kinds[0]!) {
        case 'createSurface':
          this.#create(surfaceId, body, m.version);
          break;
        case 'updateComponents':
          this.#surface(surfaceId).upsert(body.components);
          break;
        case 'updateDataModel': {
          const path = body.path === undefined ? '' : body.path;
          if (typeof path !== 'string')
            throw new A2uiError(
              'VALIDATION_FAILED',
              '/updateDataModel/path',
              'updateDataModel.path must be a JSON Pointer string',
            );
          this.#mark(
            surfaceId,
            this.#surface(surfaceId).model.set(
              path === '/' ? '' : path,
              Object.hasOwn(body, 'value') ? body.value : undefined,
            ) ?? null,
          );
          break;
        }
        case 'deleteSurface':
          this.#surface(surfaceId);
          this.#surfaces.delete(surfaceId);
          this.#last.delete(surfaceId);
          this.#dirty.delete(surfaceId);
          this.#told.delete(surfaceId);
          this.#options.onDelete?.(surfaceId);
          return [];
      }
      if (kinds[0] !== 'updateDataModel') this.#mark(surfaceId);
    } catch (error) {
      // A refused write may have created objects on its way before it failed: translate it whole.
      if (this.#surfaces.has(surfaceId)) this.#mark(surfaceId);
      return this.#fail(surfaceId, error);
    }
    this.#options.onChange?.(surfaceId);
    return [];
  }

  /**
   * Notes a change for the surface's next translation: `changed` is what `DataModel.set` returned
   * (null: nothing changed), undefined means anything else (the surface is translated whole).
   */
  #mark(surfaceId: string, changed?: readonly string[] | null): void {
    if (changed === null) return;
    const dirty = this.#dirty.get(surfaceId) ?? { full: false, changed: [] };
    // SECURITY: a flood of updates between two renders is bounded: past 256 pointers it is one whole translation.
    if (changed === undefined || dirty.changed.length >= 256) {
      dirty.full = true;
      dirty.changed = [];
    } else if (!dirty.full) dirty.changed.push(changed);
    this.#dirty.set(surfaceId, dirty);
  }

  /** A message text that could not be read (not JSON, too long): sent to the agent as an error and returned. */
  rejectText(code: string, message: string): A2uiIssue[] {
    return this.#fail('', new A2uiError(code, '', message));
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
    this.#mark(surfaceId);
    this.#options.onChange?.(surfaceId);
    return true;
  }

  /** Drops a surface's preview (its message completed and is applied next, or it turned out invalid). */
  endPreview(surfaceId: string): void {
    const surface = this.#surfaces.get(surfaceId);
    if (surface === undefined || surface.preview.size === 0) return;
    surface.preview.clear();
    this.#mark(surfaceId);
    this.#options.onChange?.(surfaceId);
  }

  #v010(m: Record<string, unknown>): A2uiIssue[] {
    if (Object.hasOwn(m, 'callFunction')) {
      callFunctionMessage(
        m,
        { openUrl: this.#options.openUrl, locale: this.#options.locale, maxStringLength: this.#limits.maxStringLength },
        this.#limits,
        this.#options.send,
      );
      return [];
    }
    const read = readActionResponse(m);
    const waiting = read === undefined ? undefined : this.#pending.get(read.actionId);
    if (read === undefined || waiting === undefined) {
      return this.#fail(
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
    this.#pending.delete(read.actionId);
    const surface = this.#surfaces.get(waiting.surfaceId);
    // The value lands at the action's responsePath, as if the agent had sent updateDataModel there.
    if (surface !== undefined && waiting.pointer !== undefined && 'value' in read.response) {
      try {
        this.#mark(waiting.surfaceId, surface.model.set(waiting.pointer, read.response.value) ?? null);
      } catch (error) {
        this.#mark(waiting.surfaceId);
        return this.#fail(
          waiting.surfaceId,
          error instanceof A2uiError ? new A2uiError(error.code, '/actionResponse/value', error.message) : error,
        );
      }
      this.#options.onChange?.(waiting.surfaceId);
    }
    this.#options.onActionResponse?.(read.actionId, read.response, waiting.surfaceId);
    return [];
  }

  #create(surfaceId: string, body: Record<string, unknown>, version: unknown): void {
    if (typeof body.catalogId !== 'string')
      throw new A2uiError('VALIDATION_FAILED', '/createSurface/catalogId', 'createSurface needs "catalogId"');
    const catalog = this.#catalogs.get(body.catalogId);
    if (catalog === undefined)
      throw new A2uiError(
        'VALIDATION_FAILED',
        '/createSurface/catalogId',
        `catalog ${JSON.stringify(body.catalogId.slice(0, 120))} is not supported; this client renders ${listNames(this.#catalogs.keys(), 10, 200)}`,
      );
    if (this.#surfaces.has(surfaceId))
      throw new A2uiError(
        'VALIDATION_FAILED',
        '/createSurface/surfaceId',
        `surface "${surfaceId.slice(0, 60)}" already exists; send deleteSurface first`,
      );
    if (this.#surfaces.size >= this.#limits.maxSurfaces)
      throw new A2uiError('LIMIT_EXCEEDED', '/createSurface', `at most ${this.#limits.maxSurfaces} surfaces at once`);
    const v010 = this.version === 'v0.10' && version === 'v0.10';
    // v0.10 keeps v0.9's `theme`; an earlier v0.10 draft called it surfaceProperties (still read).
    const theme = v010 && body.theme === undefined ? body.surfaceProperties : body.theme;
    const surface = new Surface(
      surfaceId,
      catalog,
      body.sendDataModel === true,
      this.#limits,
      theme,
      v010 ? 'v0.10' : 'v0.9',
    );
    if (v010) {
      if (body.components !== undefined) surface.upsert(body.components);
      if (body.dataModel !== undefined) surface.model.set('', body.dataModel);
    }
    this.#surfaces.set(surfaceId, surface);
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

  #fail(surfaceId: string, error: unknown): A2uiIssue[] {
    const e =
      error instanceof A2uiError
        ? error
        : new A2uiError('INTERNAL', '', error instanceof Error ? error.message : String(error));
    const issue: A2uiIssue = { adapter: 'a2ui', code: e.code, surfaceId, path: e.path, message: e.message };
    this.#sendError(issue);
    return [issue];
  }

  #sendError(issue: A2uiIssue): void {
    const error =
      issue.code === 'VALIDATION_FAILED'
        ? { code: issue.code, surfaceId: issue.surfaceId, path: issue.path || '/', message: issue.message }
        : { code: issue.code, surfaceId: issue.surfaceId, message: issue.message, path: issue.path };
    this.#options.send({ message: { version: this.version, error } });
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
  translateChange(surfaceId: string): {
    translation: Translation;
    base?: ModelParticle;
    change?: { path: readonly string[]; particle: ModelParticle };
  } {
    const surface = this.#surface(surfaceId);
    const dirty = this.#dirty.get(surfaceId);
    this.#dirty.delete(surfaceId);
    let translation = this.#last.get(surfaceId);
    if (translation !== undefined && dirty === undefined) return { translation };
    const base = translation?.root;
    let change: { path: readonly string[]; particle: ModelParticle } | undefined;
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
    const out: {
      translation: Translation;
      base?: ModelParticle;
      change?: { path: readonly string[]; particle: ModelParticle };
    } = change !== undefined ? { translation, base, change } : { translation };
    // A preview is a message cut short: what it lacks is no fault yet; the completed message is judged.
    if (surface.preview.size > 0) return out;
    const told = this.#told.get(surfaceId);
    // Nothing told and nothing to tell (every update of a sound surface): no bookkeeping.
    if (translation.issues.length === 0 && (told === undefined || told.size === 0)) return out;
    const before = told ?? new Set<string>();
    const now = new Set<string>();
    for (const issue of translation.issues) {
      const key = `${issue.code} ${issue.path} ${issue.message}`;
      now.add(key);
      if (!before.has(key)) this.#sendError({ adapter: 'a2ui', ...issue, surfaceId });
    }
    // Render refusals stay told for the surface's life; translation issues only while they last.
    for (const key of before) if (key.startsWith('render ')) now.add(key);
    this.#told.set(surfaceId, now);
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
    const told = this.#told.get(surfaceId) ?? new Set<string>();
    this.#told.set(surfaceId, told);
    const key = `render ${at} ${message}`;
    if (!told.has(key) && told.size < 1000) {
      told.add(key);
      this.#sendError(issue);
    }
    return issue;
  }

  /** The surface as a resolved A2UI tree, in `@a2ui/web_core`'s NodeResolver shape (for diffs and debugging). */
  resolved(surfaceId: string): ResolvedNode | undefined {
    return resolvedTree(this.#surface(surfaceId), { openUrl: undefined, locale: this.#options.locale });
  }

  /** `a2uiClientCapabilities` for the transport's metadata. */
  capabilities(): A2uiClientCapabilities {
    // Only the catalogs the bridge serves whole are advertised; a partly served one still renders when named.
    const whole = [...this.#catalogs.values()].filter((c) => {
      const missing = unservable(c);
      return missing.components.length === 0 && missing.functions.length === 0;
    });
    return { [this.version]: { supportedCatalogIds: whole.map((c) => c.catalogId) } };
  }

  /** `a2uiClientDataModel`: the models of every `sendDataModel` surface; undefined when none sends (as web_core). */
  clientDataModel(): A2uiClientDataModel | undefined {
    const surfaces: Record<string, unknown> = {};
    for (const [id, s] of this.#surfaces) if (s.sendDataModel) surfaces[id] = s.model.snapshot();
    return Object.keys(surfaces).length === 0 ? undefined : { version: this.version, surfaces };
  }

  #events(surface: Surface): BridgeEvents {
    return {
      write: (pointer, value) => {
        try {
          this.#mark(surface.id, surface.model.set(pointer, value) ?? null);
        } catch (error) {
          this.#mark(surface.id);
          this.#fail(surface.id, error);
          return;
        }
        this.#options.onChange?.(surface.id);
      },
      modal: (key, open) => {
        if (open) surface.openModals.add(key);
        else surface.openModals.delete(key);
        this.#mark(surface.id);
        this.#options.onChange?.(surface.id);
      },
      action: (component, scope) => this.#action(surface, component, scope),
    };
  }

  #action(surface: Surface, component: A2uiComponent, scope: Scope): void {
    const action = record(component.props.action);
    try {
      const event = record(action?.event);
      const call = action?.functionCall;
      if (event !== undefined && typeof event.name === 'string') {
        const context: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(record(event.context) ?? {}))
          context[key] = resolveDynamic(value, scope) ?? null;
        const out: A2uiOutgoing = {
          message: {
            version: this.version,
            action: {
              name: event.name,
              surfaceId: surface.id,
              sourceComponentId: component.id,
              timestamp: (this.#options.now?.() ?? new Date()).toISOString(),
              context,
            },
          },
        };
        // v0.10: the agent asks for an answer per event (wantResponse), and where to keep it (responsePath).
        if (surface.version === 'v0.10' && event.wantResponse === true && 'action' in out.message) {
          const pointer =
            typeof event.responsePath === 'string' ? bindingPointer({ path: event.responsePath }, scope) : undefined;
          this.#actions += 1;
          const actionId = `a${this.#actions}`;
          out.message.action.wantResponse = true;
          out.message.action.actionId = actionId;
          this.#pending.set(actionId, { surfaceId: surface.id, pointer });
          // SECURITY: unanswered actions cannot grow the map without bound; the oldest wait is dropped.
          if (this.#pending.size > 1000) this.#pending.delete(this.#pending.keys().next().value!);
        }
        if (surface.sendDataModel)
          out.metadata = {
            a2uiClientDataModel: { version: this.version, surfaces: { [surface.id]: surface.model.snapshot() } },
          };
        this.#options.send(out);
      } else if (call !== undefined) {
        resolveDynamic(call, scope);
        this.#mark(surface.id);
        this.#options.onChange?.(surface.id);
      }
    } catch (error) {
      this.#fail(
        surface.id,
        error instanceof A2uiError ? new A2uiError(error.code, `${component.at}/action`, error.message) : error,
      );
    }
  }
}
