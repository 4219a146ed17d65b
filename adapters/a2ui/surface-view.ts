import type { ModelParticle } from '../../generator/runtime/builders.ts';
import type { A2uiBridge } from './bridge.ts';

/** Renders a particle tree through suip (`suip.render` of a local or remote generator). */
export type RenderTree = (tree: ModelParticle) => Promise<void>;

/** Keeps a suip generator's tree equal to the bridge's surfaces. */
export interface SurfaceView {
  /** Asks for a render on the next microtask; many changes in one task become one render. */
  schedule(): void;
  /** Renders now and resolves when the renderer has applied (or refused) it. */
  flush(): Promise<void>;
}

/**
 * Connects a bridge to a render function: one surface (`only`) as the whole tree, or every
 * surface as one child (keyed by surfaceId) of a plain group, so suip's keyed diff sends only what changed and keeps DOM nodes, focus and
 * caret. A refused render is mapped back to the A2UI component (`VALIDATION_FAILED`).
 */
export function createSurfaceView(bridge: A2uiBridge, render: RenderTree, only?: string): SurfaceView {
  let pending = false;
  let last: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    pending = false;
    if (only !== undefined && !bridge.surfaceIds().includes(only)) return last;
    const tree = only !== undefined ? bridge.translate(only).root : { group: bridge.surfaceIds().map((id) => [id, bridge.translate(id).root] as const) };
    last = render(tree).catch((error: unknown) => {
      const path = (error as { data?: { path?: unknown } }).data?.path;
      const at = Array.isArray(path) ? path.map(String) : [];
      const message = error instanceof Error ? error.message : String(error);
      if (only !== undefined) bridge.reportRenderError(only, at, message);
      else bridge.reportRenderError(at[0] ?? bridge.surfaceIds()[0] ?? '', at.slice(1), message);
    });
    return last;
  };
  return {
    schedule() {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        if (pending) void flush();
      });
    },
    flush,
  };
}
