import type { A2uiCatalog } from './catalogs.ts';
import { DataModel } from './data-model.ts';
import { isReservedSegment } from './json-pointer.ts';
import { A2uiError, type A2uiLimits } from './limits.ts';
import type { A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';

/** One A2UI component as the agent last sent it; props stay raw and are resolved per render. */
export interface A2uiComponent {
  id: string;
  /** The catalog name: `Text`, `Row`, `Button`, … */
  component: string;
  props: Readonly<Record<string, unknown>>;
  /** Where it arrived, for `VALIDATION_FAILED` paths: `/components/<index>` of its last update. */
  at: string;
}

/** The state of one surface: its components (a flat map, upserted) and its data model. */
export class Surface {
  readonly components = new Map<string, A2uiComponent>();
  readonly model: DataModel;
  /** Keys (suip paths) of the Modal components whose dialog is open. */
  readonly openModals = new Set<string>();
  /**
   * Components of an `updateComponents` message still being written (adapters/streaming): shown
   * over `components` until the message ends, then dropped, and the whole message is applied as
   * if it had arrived at once (so the final tree equals a non-streamed run, and a message that
   * turns out invalid leaves nothing behind).
   */
  readonly preview = new Map<string, A2uiComponent>();

  constructor(
    readonly id: string,
    /** The catalog named by createSurface: only its components and functions render. */
    readonly catalog: A2uiCatalog,
    readonly sendDataModel: boolean,
    readonly limits: A2uiLimits,
    readonly theme?: unknown,
    /**
     * The version of the createSurface message: v0.10 props (TextField.placeholder,
     * Video.posterUrl) count only on a v0.10 surface.
     */
    readonly version: A2uiVersion = 'v0.9',
  ) {
    this.model = new DataModel(limits);
  }

  /** The surface's catalog id, as createSurface named it. */
  get catalogId(): string {
    return this.catalog.catalogId;
  }

  /** The component with this id as shown now: a streaming preview first, else the committed one. */
  component(id: string): A2uiComponent | undefined {
    return this.preview.get(id) ?? this.components.get(id);
  }

  /**
   * Shows one component of a message still streaming; false when it is malformed or the preview
   * is full (the commit will report it).
   */
  showPreview(raw: unknown, index: number): boolean {
    let staged: A2uiComponent;
    try {
      staged = stageComponent(raw, index);
    } catch {
      return false;
    }
    if (!this.preview.has(staged.id) && this.preview.size >= this.limits.maxComponents) return false;
    this.preview.set(staged.id, staged);
    return true;
  }

  /** `updateComponents`: a flat upsert; every entry needs a string `id` and `component`. */
  upsert(components: unknown): void {
    if (!Array.isArray(components))
      throw new A2uiError(
        'VALIDATION_FAILED',
        '/updateComponents/components',
        'updateComponents.components must be an array of components',
      );
    if (components.length > this.limits.maxComponents) {
      throw new A2uiError(
        'LIMIT_EXCEEDED',
        '/updateComponents/components',
        `a surface holds at most ${this.limits.maxComponents} components; this update has ${components.length}`,
      );
    }
    const staged = components.map((raw: unknown, index) => stageComponent(raw, index));
    // All or nothing: a bad entry or an overfull surface leaves the surface as it was.
    const added = new Set(staged.map((c) => c.id).filter((id) => !this.components.has(id))).size;
    if (this.components.size + added > this.limits.maxComponents) {
      throw new A2uiError(
        'LIMIT_EXCEEDED',
        '/updateComponents/components',
        `a surface holds at most ${this.limits.maxComponents} components; it has ${this.components.size} and this update adds ${added}`,
      );
    }
    for (const c of staged) this.components.set(c.id, c);
  }
}

/** Checks one raw `updateComponents` entry and gives it its `/components/<index>` path. */
function stageComponent(raw: unknown, index: number): A2uiComponent {
  const at = `/components/${index}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new A2uiError('VALIDATION_FAILED', at, `component ${index} must be an object {"id": ..., "component": ...}`);
  const { id, component, ...rest } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || id.length > 256)
    throw new A2uiError(
      'VALIDATION_FAILED',
      `${at}/id`,
      `component ${index} needs an "id": a non-empty string of at most 256 characters`,
    );
  if (isReservedSegment(id))
    throw new A2uiError(
      'VALIDATION_FAILED',
      `${at}/id`,
      `component id "${id}" is refused (it would reach the prototype); rename it`,
    );
  if (typeof component !== 'string')
    throw new A2uiError(
      'VALIDATION_FAILED',
      `${at}/component`,
      `component "${id.slice(0, 40)}" needs "component": the catalog name, e.g. "Text"`,
    );
  for (const key of Object.keys(rest)) {
    if (isReservedSegment(key))
      throw new A2uiError(
        'VALIDATION_FAILED',
        `${at}/${key}`,
        `property "${key}" of component "${id.slice(0, 40)}" is refused`,
      );
  }
  return { id, component, props: rest, at };
}
