import type { VocabularyEntry } from '../../shared/index.ts';
import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import type { UiEvent } from '../../shared/neighbours/genui-v1/schemas.ts';
import type { GenuiProblem } from './client.ts';
import { toUiEvent } from './events.ts';
import type { SurfaceState } from './history.ts';
import { translateSurface } from './translate.ts';

type Handle = { detach(options?: { keep?: boolean }): Promise<void> };
type Definition = Pick<SurfaceState, 'root' | 'widgets'>;

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

/** What the surfaces need of the client. */
export interface SurfaceMountParts {
  renderer: RemoteAttachTarget<Handle>;
  /** Mount ids are `<prefix>-<n>`. */
  prefix: string;
  vocabulary: readonly VocabularyEntry[];
  /** Augmentations shown as a visible fallback card. */
  fallbacks: readonly VocabularyEntry[];
  onUiEvent(event: UiEvent): void;
  issue(found: GenuiProblem): void;
}

/**
 * The surfaces of a conversation, one suip mount each (an in-page generator), numbered in order
 * of arrival. A surface is committed (in the history) or only a preview; a preview shows over the
 * committed widgets until the complete surface arrives or it is withdrawn.
 */
export class SurfaceMounts {
  readonly #surfaces = new Map<string, Surface>();
  /** The newest mount number given out. */
  #counter = 0;
  /** Mounts still closing, by number: a number given back is reused once its mount has closed. */
  readonly #closing = new Map<number, Promise<unknown>>();
  readonly #parts: SurfaceMountParts;

  constructor(parts: SurfaceMountParts) {
    this.#parts = parts;
  }

  /** The ids of the committed surfaces. */
  ids(): string[] {
    return [...this.#surfaces].filter(([, s]) => s.committed).map(([id]) => id);
  }

  /** The states of the committed surfaces (what a completed turn records). */
  committed(): SurfaceState[] {
    return [...this.#surfaces.values()].filter((s) => s.committed).map((s) => s.state);
  }

  /** Shows a preview of a surface still being written. */
  preview(surfaceId: string, definition: { root: string; widgets: unknown[] }): void {
    this.#surfaceFor(surfaceId, definition as Definition, false).preview = definition;
    this.#render(surfaceId);
  }

  /** Applies the complete surface exactly as without previews (the preview, if any, is dropped). */
  commit(surfaceId: string, definition: Definition): void {
    const surface = this.#surfaceFor(surfaceId, definition, true);
    surface.state = { surfaceId, root: definition.root, widgets: definition.widgets };
    surface.committed = true;
    surface.preview = undefined;
    this.#render(surfaceId);
  }

  /** Withdraws a surface's preview: the committed surface shows again, a surface that was only a preview goes. */
  dropPreview(surfaceId: string): void {
    const surface = this.#surfaces.get(surfaceId);
    if (surface?.preview === undefined) return;
    surface.preview = undefined;
    if (surface.committed) return this.#render(surfaceId);
    this.delete(surfaceId);
    // Its mount number is free again when it was the newest, so mount ids match a run without previews.
    if (surface.mount === this.#counter) this.#counter -= 1;
  }

  /** Withdraws every preview (nothing previewed outlives its turn). */
  dropPreviews(): void {
    for (const id of [...this.#surfaces.keys()]) this.dropPreview(id);
  }

  /** Closes a surface's mount after its last render: a generator closed mid-render would send into a mount gone. */
  delete(surfaceId: string): void {
    const surface = this.#surfaces.get(surfaceId);
    this.#surfaces.delete(surfaceId);
    if (surface === undefined) return;
    const closed = surface.rendered
      .then(() => surface.generator)
      .then((g) => g.close())
      .catch(() => undefined);
    this.#closing.set(surface.mount, closed);
    void closed.then(() => this.#closing.get(surface.mount) === closed && this.#closing.delete(surface.mount));
  }

  /** Every render sent and every withdrawn mount closed. */
  async settle(): Promise<void> {
    await Promise.all([
      ...this.#closing.values(),
      ...[...this.#surfaces.values()].map(async (s) => {
        await s.generator;
        await s.rendered;
      }),
    ]);
  }

  /** Closes every mount. */
  async close(): Promise<void> {
    const all = [...this.#surfaces.values()];
    this.#surfaces.clear();
    await Promise.all(all.map(async (s) => (await s.generator).close().catch(() => undefined)));
  }

  #surfaceFor(surfaceId: string, definition: Definition, committed: boolean): Surface {
    let surface = this.#surfaces.get(surfaceId);
    if (surface === undefined) {
      this.#counter += 1;
      const mount = this.#counter;
      const { renderer, prefix } = this.#parts;
      // A mount number given back by a withdrawn preview is reused once that mount has closed.
      const generator = (this.#closing.get(mount) ?? Promise.resolve()).then(() =>
        createLocalGenerator(renderer, { id: `${prefix}-${mount}`, name: surfaceId, originKind: 'genui' }),
      );
      surface = { state: { surfaceId, ...definition }, committed, mount, generator, rendered: Promise.resolve() };
      this.#surfaces.set(surfaceId, surface);
    }
    return surface;
  }

  #render(surfaceId: string): void {
    const surface = this.#surfaces.get(surfaceId);
    if (surface === undefined) return;
    const { vocabulary, fallbacks, onUiEvent, issue } = this.#parts;
    const translation = translateSurface(shownDefinition(surface), {
      vocabulary,
      fallbacks,
      preview: surface.preview !== undefined,
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
  }
}

/** A preview is shown over the committed widgets (those it does not redefine stay as they are). */
function shownDefinition(surface: Surface): Definition {
  const { preview } = surface;
  if (preview === undefined) return surface.state;
  const idOf = (w: unknown) => (w as { id?: unknown }).id;
  const kept = surface.committed
    ? surface.state.widgets.filter((w) => !preview.widgets.some((p) => idOf(p) === idOf(w)))
    : [];
  return { root: preview.root, widgets: [...preview.widgets, ...kept] } as Definition;
}
