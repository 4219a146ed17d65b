import type { ModelParticle } from '../../generator/kit.ts';
import type { A2uiBridge } from './bridge.ts';

/** Renders a particle tree through suip (`suip.render` of a local or remote generator). */
export type RenderTree = (tree: ModelParticle) => Promise<void>;
/**
 * Renders a tree that differs from the last rendered one only at `change.path` (`renderChange` of
 * a local generator).
 */
export type RenderChange = (
  tree: ModelParticle,
  change: { path: readonly string[]; particle: ModelParticle },
) => Promise<void>;

/**
 * True for a plain group (no type, no `on`): `render` makes its children the generator root's,
 * not one child `root`.
 */
function plainGroup(tree: ModelParticle): boolean {
  return (
    typeof tree === 'object' && tree !== null && 'group' in tree && tree.type === undefined && tree.on === undefined
  );
}

/** Keeps a suip generator's tree equal to the bridge's surfaces. */
export interface SurfaceView {
  /**
   * Asks for a render, at most one per `FRAME_MS`: in a microtask when none was made this frame,
   * else in a later task; many changes in a row become one render, even when each arrives in its
   * own microtask or task (a stream read in slices hands on one message per `await`).
   */
  schedule(): void;
  /** Renders now and resolves when the renderer has applied (or refused) it. */
  flush(): Promise<void>;
  /** The surface is gone (deleted, or its client closed): a render still waiting for its timer is dropped. */
  dispose(): void;
}

/**
 * The least time between two scheduled renders (ms): one per display frame. A chatty agent's 3,000
 * updates in a second would otherwise be 3,000 renders, each one message to the renderer, which ends
 * a generator past `maxMessagesPerSecond` (1,000): the surface would vanish for being streamed fast.
 */
export const FRAME_MS = 16;

/**
 * Connects a bridge to a render function: one surface (`only`) as the whole tree, or every
 * surface as one child (keyed by surfaceId) of a plain group, so suip's keyed diff sends only
 * what changed and keeps DOM nodes, focus and caret. A refused render is mapped back to the A2UI
 * component (`VALIDATION_FAILED`). With `renderChange` and one surface, a data-model change that
 * re-translated one bound instance of the tree rendered last is sent as just that instance (no
 * render and diff of the whole surface).
 */
export function createSurfaceView(
  bridge: A2uiBridge,
  render: RenderTree,
  only?: string,
  renderChange?: RenderChange,
): SurfaceView {
  let pending = false;
  let last: Promise<void> = Promise.resolve();
  /** The tree handed to `render`/`renderChange` last: a change is sent alone only when it was made on this tree. */
  let rendered: ModelParticle | undefined;
  /** The last send when it was a `renderChange` (undefined after a `render`), and how the renderer answered it. */
  let directSent: Promise<void> | undefined;
  let directState: 'pending' | 'applied' | 'refused' = 'pending';
  const send = (): Promise<void> => {
    if (only === undefined)
      return render({ group: bridge.surfaceIds().map((id) => [id, bridge.translate(id).root] as const) });
    const { translation, base, change } = bridge.translateChange(only);
    const tree = translation.root;
    // The same tree again after a direct send: while unanswered it is that transaction (render
    // coalesces the same way); once applied there is nothing to send (render's diff would be empty,
    // but only after converting and walking the spliced path again); once refused, render sends it again.
    if (change === undefined && tree === rendered && directSent !== undefined) {
      if (directState === 'pending') return directSent;
      if (directState === 'applied') return Promise.resolve();
    }
    const direct =
      renderChange !== undefined &&
      change !== undefined &&
      base !== undefined &&
      base === rendered &&
      !plainGroup(tree);
    rendered = tree;
    directSent = undefined;
    if (!direct) return render(tree);
    const sent = renderChange(tree, change);
    directSent = sent;
    directState = 'pending';
    sent.then(
      () => {
        if (directSent === sent) directState = 'applied';
      },
      () => {
        if (directSent === sent) directState = 'refused';
      },
    );
    return sent;
  };
  let lastFlush = -Infinity;
  const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
  const flush = (): Promise<void> => {
    pending = false;
    lastFlush = now();
    if (only !== undefined && !bridge.hasSurface(only)) return last;
    last = send().catch((error: unknown) => {
      const path = (error as { data?: { path?: unknown } }).data?.path;
      const at = Array.isArray(path) ? path.map(String) : [];
      const message = error instanceof Error ? error.message : String(error);
      if (only !== undefined) bridge.reportRenderError(only, at, message);
      else bridge.reportRenderError(at[0] ?? bridge.surfaceIds()[0] ?? '', at.slice(1), message);
    });
    return last;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      if (pending) return;
      pending = true;
      const wait = lastFlush + FRAME_MS - now();
      // No render this frame yet: once the current task's changes are in (a microtask), not a timer
      // task later (setTimeout and the task hop were a tenth of a bound text's update in Chromium).
      // The changes that follow within the frame wait for the timer, so a burst is still one render a frame.
      if (wait <= 0) {
        queueMicrotask(() => {
          if (pending) void flush();
        });
        return;
      }
      timer = setTimeout(() => {
        if (pending) void flush();
      }, wait);
    },
    flush,
    dispose() {
      // Else the timer renders into a generator already closed, and its refusal is reported for a surface the host
      // itself closed.
      pending = false;
      clearTimeout(timer);
    },
  };
}
