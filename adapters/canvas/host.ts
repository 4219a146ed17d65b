import { fromCanvasIssue } from '../kit/issue.ts';
import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { GeneratorHandle, Renderer, SuipStatusDetail } from '../../renderer/renderer-types.ts';
import { createCanvasFeed, type CanvasFeed, type CanvasFeedOptions } from './inputs/progressive-fence.ts';
import { canvasTree } from './layout.ts';
import { CANVAS_LIMITS } from '../../shared/neighbours/canvas/limits.ts';
import { checkOp, type WidgetAction } from '../../shared/neighbours/canvas/ops.ts';
import { applyOp, CanvasOpError, emptyCanvas, type CanvasState } from './state.ts';
import { ComponentViews } from './host/component-views.ts';
import { syncInstances } from './host/instance-sync.ts';
import { previewCanvas } from './host/preview.ts';
import type { CanvasIssue, CanvasProblem } from './host/problem.ts';
import { RenderLoop } from './host/render-loop.ts';
import { WidgetInstances } from './host/widget-instances.ts';

export type { CanvasIssue, CanvasProblem } from './host/problem.ts';

/** Options of `createCanvasHost`. */
export interface CanvasHostOptions {
  /** The canvas's mount id (default `canvas`). */
  id?: string;
  /** Interactions the agent should hear (built-in controls, widget handlers that did not return true). */
  onAction?(action: WidgetAction): void;
  /** Ops refused and widgets that failed; the canvas goes on. */
  onIssue?(issue: CanvasIssue): void;
  /** The renderer's container: its `suip-status` events tell which widget instance died (it then shows why). */
  events?: EventTarget;
  /** Live custom-widget instances (each an iframe + Worker); default 16. */
  maxInstances?: number;
}

/** An in-page canvas (seed 001) on a suip renderer. */
export interface CanvasHost {
  /** Check and apply one op (any parsed value); false when it was refused (reported through onIssue). */
  apply(op: unknown): boolean;
  /**
   * Shows an `upsert` still being written (its text cut short) over the canvas, until `endPreview`
   * or the next `preview`. Only built-in types (a custom widget starts a sandbox: it waits for its
   * complete op). Nothing is reported for a preview; false when it cannot be shown.
   */
  preview(op: unknown): boolean;
  /** Drops the preview (its op completed and is applied next, or it broke). */
  endPreview(): void;
  /**
   * A progressive feed for a model's text still arriving (```genui fences of JSON-lines ops): each
   * `upsert` of a built-in type shows while it is written, and each line is applied as the
   * non-streamed path (`opsFromText` + `apply`) would apply it. The text's own errors (a broken
   * line, an unknown op, an unclosed block) go to `options.onError`, else to the host's `onIssue`.
   * One feed per answer; `end()` when the answer ends (or breaks off).
   */
  feed(options?: CanvasFeedOptions): CanvasFeed;
  /** Replace the whole canvas with a snapshot (a compacted op list): the reconnect path. */
  reset(ops: readonly unknown[]): void;
  readonly state: CanvasState;
  /** Resolves when the renderer holds the current canvas (tests and e2e wait on it). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates the canvas host: ops are checked, folded into the canvas state and rendered through one
 * in-page generator (`createLocalGenerator`), whose keyed diff sends only what changed — a `patch`
 * of one field is one leaf op, a `move` within a zone a suip move (the DOM node survives). Each
 * instance of a `define`d widget is its own sandboxed program (`WidgetInstances`), shown in place
 * through a `slot`. The units it composes: the render loop (one draw per burst of ops), the views
 * (a particle per component), the instances and the preview of an op still being written.
 */
export async function createCanvasHost(
  renderer: Pick<Renderer, 'attach' | 'attachRemote' | 'detach'>,
  options: CanvasHostOptions = {},
): Promise<CanvasHost> {
  const canvasId = options.id ?? 'canvas';
  const maxInstances = options.maxInstances ?? CANVAS_LIMITS.maxInstances;
  const generator: LocalGenerator<GeneratorHandle> = await createLocalGenerator(renderer, {
    id: canvasId,
    name: 'Canvas',
  });
  let state = emptyCanvas();
  /** The canvas with the op being written applied, while one is. */
  let previewState: CanvasState | undefined;
  const issue = (problem: CanvasProblem) => options.onIssue?.(fromCanvasIssue(problem));
  const views = new ComponentViews(
    maxInstances,
    (id) => (action, payload) => options.onAction?.({ type: 'widget-action', id, action, payload }),
  );
  const loop = new RenderLoop(() => {
    const previewing = previewState !== undefined;
    const tree = canvasTree(previewState ?? state, (c) => views.view(c, state, instances.get(c.id)));
    return generator.render(tree).catch((error: unknown) => {
      // A preview is an op cut short: what it lacks is no fault yet; the complete op is judged.
      if (!previewing)
        issue({
          message: `the renderer refused the canvas: ${error instanceof Error ? error.message : String(error)}`,
        });
    });
  });
  const instances = new WidgetInstances({
    renderer,
    canvasId,
    maxInstances,
    report: issue,
    onAction: options.onAction,
    changed: () => loop.schedule(),
  });
  const onStatus = (event: Event) => instances.noteStatus((event as CustomEvent<SuipStatusDetail>).detail);
  options.events?.addEventListener('suip-status', onStatus);

  function apply(value: unknown): boolean {
    const checked = checkOp(value);
    if (!checked.ok) {
      issue({ message: checked.error });
      return false;
    }
    const op = checked.op;
    try {
      applyOp(state, op);
    } catch (error) {
      if (!(error instanceof CanvasOpError)) throw error;
      // A type now "defined but broken" (applyOp recorded it): its instances say so.
      if (op.op === 'define' && state.broken.has(op.id)) loop.schedule();
      issue({
        op: op.op,
        id: 'id' in op ? op.id : undefined,
        message: error.message,
        ...(op.op === 'define' ? { widget: 'define-refused' as const } : {}),
      });
      return false;
    }
    syncInstances(op, state, instances, issue);
    loop.schedule();
    return true;
  }

  const host: CanvasHost = {
    apply,
    feed: (feedOptions = {}) =>
      createCanvasFeed(host, {
        onText: feedOptions.onText,
        onError: feedOptions.onError ?? ((message) => issue({ message })),
      }),
    preview(value) {
      const shown = previewCanvas(state, value);
      if (shown === undefined) return false;
      previewState = shown;
      loop.schedule();
      return true;
    },
    endPreview() {
      if (previewState === undefined) return;
      previewState = undefined;
      loop.schedule();
    },
    reset(ops) {
      apply({ op: 'clear' });
      state = emptyCanvas();
      for (const op of ops) apply(op);
    },
    get state() {
      return state;
    },
    async settle() {
      await loop.settle();
      await instances.started();
    },
    async close() {
      options.events?.removeEventListener('suip-status', onStatus);
      instances.stopAll();
      await generator.close();
    },
  };
  return host;
}
