import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import type { A2uiBridge } from './bridge.ts';
import { createSurfaceView, type SurfaceView } from './surface-view.ts';

/** What a surface's generator handle offers the client: detaching. */
export type GeneratorHandle = { detach(options?: { keep?: boolean }): Promise<void> };

/** One surface's in-page generator and the view that renders its translations. */
interface SurfaceEntry {
  ready: Promise<LocalGenerator<GeneratorHandle>>;
  view: SurfaceView;
}

/** How `SurfaceGenerators` attaches each surface's generator. */
export interface SurfaceGeneratorOptions {
  /** Prefix of the generator mount ids (`<prefix>-1`, `<prefix>-2`, …). */
  prefix: string;
  /** The in-page lane (ops to the renderer's session, not JSON texts). */
  lane: boolean;
  /** Send a re-translated instance's ops (`renderChange`) instead of the whole surface. */
  directOps: boolean;
}

/**
 * The A2UI client's generators, one per surface: attached on the surface's first change,
 * detached when it is deleted or the client closes. Ids count up and are never reused, so a
 * surface created again gets a fresh mount.
 */
export class SurfaceGenerators {
  readonly #entries = new Map<string, SurfaceEntry>();
  #counter = 0;
  readonly #renderer: RemoteAttachTarget<GeneratorHandle>;
  readonly #options: SurfaceGeneratorOptions;
  /** The bridge the views translate from (read lazily: the bridge is made with callbacks into this). */
  readonly #bridge: () => A2uiBridge;

  constructor(
    renderer: RemoteAttachTarget<GeneratorHandle>,
    options: SurfaceGeneratorOptions,
    bridge: () => A2uiBridge,
  ) {
    this.#renderer = renderer;
    this.#options = options;
    this.#bridge = bridge;
  }

  /** The surface's entry, its generator attached on first use. */
  get(surfaceId: string): SurfaceEntry {
    let entry = this.#entries.get(surfaceId);
    if (entry !== undefined) return entry;
    this.#counter += 1;
    const ready = createLocalGenerator(this.#renderer, {
      id: `${this.#options.prefix}-${this.#counter}`,
      name: surfaceId,
      originKind: 'a2ui',
      lane: this.#options.lane,
    });
    const view = createSurfaceView(
      this.#bridge(),
      async (tree) => (await ready).render(tree),
      surfaceId,
      this.#options.directOps ? async (tree, change) => (await ready).renderChange(tree, change) : undefined,
    );
    entry = { ready, view };
    this.#entries.set(surfaceId, entry);
    return entry;
  }

  /** Detaches a deleted surface's generator (a failed close is the renderer's to report). */
  delete(surfaceId: string): void {
    const entry = this.#entries.get(surfaceId);
    this.#entries.delete(surfaceId);
    entry?.view.dispose();
    void entry?.ready.then((g) => g.close()).catch(() => undefined);
  }

  /** Renders every surface's pending change now. */
  async flush(): Promise<void> {
    await Promise.all(
      [...this.#entries.values()].map(async (e) => {
        await e.ready;
        await e.view.flush();
      }),
    );
  }

  /** Detaches every surface's generator. */
  async close(): Promise<void> {
    const all = [...this.#entries.values()];
    this.#entries.clear();
    for (const entry of all) entry.view.dispose();
    await Promise.all(all.map(async (e) => (await e.ready).close()));
  }
}
