import { fromCanvasIssue, type AdapterIssue } from '../kit/issue.ts';
import type { ModelParticle } from '../../generator/kit.ts';
import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { GeneratorHandle, Renderer, SuipStatusDetail } from '../../renderer/renderer-types.ts';
import { BUILTINS, mapComponent, unknownType } from './catalog.ts';
import { createCanvasFeed, type CanvasFeed, type CanvasFeedOptions } from './inputs/progressive-fence.ts';
import { canvasTree } from './layout.ts';
import { CANVAS_LIMITS } from '../../shared/neighbours/canvas/limits.ts';
import {
  checkOp,
  type CanvasOp,
  type WidgetAction,
  type WidgetErrorReason,
} from '../../shared/neighbours/canvas/ops.ts';
import { g, plain } from './particles.ts';
import { applyOp, CanvasOpError, emptyCanvas, type CanvasComponent, type CanvasState } from './state.ts';
import { widgetProgram } from './widget/program.ts';

/** A problem with one op or one widget, for the host and the agent. */
export interface CanvasProblem {
  /** The op's name and id, when it was about one. */
  op?: string;
  id?: string;
  message: string;
  /** Set when a widget failed (the agent hears these as `widget-error`; `id` names it). */
  widget?: WidgetErrorReason;
}

/** A canvas problem as every adapter reports it (`AdapterIssue`), with the canvas's own fields kept. */
export type CanvasIssue = AdapterIssue & CanvasProblem & { adapter: 'canvas' };

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

interface Instance {
  mount: string;
  type: string;
  handle: Promise<GeneratorHandle | undefined>;
  /** Frozen by `undefine`: visible, no longer updated. */
  frozen: boolean;
  /** Why it stopped, when it did. */
  failed?: string;
}

/**
 * Creates the canvas host: ops are checked, folded into the canvas state and rendered through one
 * in-page generator (`createLocalGenerator`), whose keyed diff sends only what changed — a `patch`
 * of one field is one leaf op, a `move` within a zone a suip move (the DOM node survives). Each
 * instance of a `define`d widget is its own sandboxed program (`renderer.attach`, shown in place
 * through a `slot`), fed by `suip/input` and heard through `suip/output`.
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
  const instances = new Map<string, Instance>();
  const views = new Map<string, { data: unknown; type: string; key: string; particle: ModelParticle }>();
  let counter = 0;
  let pending = false;
  let last: Promise<void> = Promise.resolve();
  const issue = (problem: CanvasProblem) => options.onIssue?.(fromCanvasIssue(problem));
  const emit = (id: string) => (action: string, payload: Record<string, unknown>) =>
    options.onAction?.({ type: 'widget-action', id, action, payload });

  const onStatus = (event: Event) => {
    const detail = (event as CustomEvent<SuipStatusDetail>).detail;
    for (const [id, instance] of instances) {
      if (
        instance.mount !== detail.generatorId ||
        (detail.status !== 'error' && detail.status !== 'terminated') ||
        instance.frozen
      )
        continue;
      instance.failed = `${detail.reason ?? detail.status}${detail.message ? `: ${detail.message}` : ''}`.slice(0, 300);
      issue({ id, message: `widget ${id} stopped (${instance.failed})`, widget: 'stopped' });
      schedule();
    }
  };
  options.events?.addEventListener('suip-status', onStatus);

  function view(c: CanvasComponent): ModelParticle {
    const instance = instances.get(c.id);
    const key =
      instance === undefined
        ? `builtin|${state.broken.get(c.type)?.reason ?? ''}`
        : `${instance.mount}|${instance.failed ?? ''}`;
    const cached = views.get(c.id);
    if (cached !== undefined && cached.data === c.data && cached.type === c.type && cached.key === key)
      return cached.particle;
    let particle: ModelParticle;
    if (instance !== undefined) {
      particle =
        instance.failed !== undefined
          ? g('alert', [
              ['tone', plain('error')],
              ['title', plain(`Widget ${c.id} stopped`)],
              ['message', plain(instance.failed)],
            ])
          : g('slot', [['mount', plain(instance.mount)]]);
    } else if (state.broken.has(c.type)) {
      particle = g('alert', [
        ['tone', plain('error')],
        ['title', plain(`Widget ${c.id} is broken`)],
        [
          'message',
          plain(
            `Its type "${c.type}" was defined, but the define was refused: ${state.broken.get(c.type)!.reason}`.slice(
              0,
              500,
            ),
          ),
        ],
      ]);
    } else if (state.defines.has(c.type)) {
      particle = g('alert', [
        ['tone', plain('warning')],
        ['title', plain(`Widget ${c.id} is not running`)],
        [
          'message',
          plain(`${maxInstances} custom widgets run already (limit maxInstances); remove one to start this one.`),
        ],
      ]);
    } else {
      particle =
        BUILTINS.has(c.type) || c.type === 'template'
          ? mapComponent(c.type, c.data, { id: c.id, emit: emit(c.id) })
          : unknownType(c.type);
    }
    views.set(c.id, { data: c.data, type: c.type, key, particle });
    return particle;
  }

  function schedule(): void {
    if (pending) return;
    pending = true;
    queueMicrotask(() => void flush());
  }
  function flush(): Promise<void> {
    pending = false;
    const previewing = previewState !== undefined;
    last = generator.render(canvasTree(previewState ?? state, view)).catch((error: unknown) => {
      // A preview is an op cut short: what it lacks is no fault yet; the complete op is judged.
      if (!previewing)
        issue({
          message: `the renderer refused the canvas: ${error instanceof Error ? error.message : String(error)}`,
        });
    });
    return last;
  }

  function startInstance(c: CanvasComponent): void {
    const component = state.defines.get(c.type);
    if (component === undefined) return;
    const live = [...instances.values()].filter((i) => !i.frozen).length;
    if (live >= maxInstances)
      return issue({
        op: 'upsert',
        id: c.id,
        message: `upsert ${c.id}: ${maxInstances} custom widgets run already (limit maxInstances)`,
      });
    counter += 1;
    const mount = `${canvasId}~w${counter}`;
    const instance: Instance = { mount, type: c.type, frozen: false, handle: Promise.resolve(undefined) };
    instances.set(c.id, instance);
    instance.handle = renderer
      .attach({
        id: mount,
        name: `Widget ${c.id}`,
        code: widgetProgram(component, c.data),
        slotOf: canvasId,
        outputs: ['widget-action', 'widget-error'],
      })
      .then((handle) => {
        handle.onOutput((channel, value) => {
          const v = value as { action?: unknown; payload?: unknown; message?: unknown } | null;
          if (channel === 'widget-error')
            return issue({
              id: c.id,
              message: String(v?.message ?? 'the widget failed').slice(0, 500),
              widget: 'error',
            });
          if (typeof v?.action !== 'string') return;
          const payload =
            typeof v.payload === 'object' && v.payload !== null && !Array.isArray(v.payload)
              ? (v.payload as Record<string, unknown>)
              : {};
          options.onAction?.({ type: 'widget-action', id: c.id, action: v.action.slice(0, 64), payload });
        });
        return handle;
      })
      .catch((error: unknown) => {
        if (instances.get(c.id) === instance)
          instance.failed = error instanceof Error ? error.message.slice(0, 300) : 'it did not start';
        issue({ id: c.id, message: `widget ${c.id} did not start: ${instance.failed ?? ''}`, widget: 'not-started' });
        schedule();
        return undefined;
      });
  }

  function stopInstance(id: string, keep = false): void {
    const instance = instances.get(id);
    if (instance === undefined) return;
    if (keep) {
      instance.frozen = true;
      void instance.handle.then((handle) => handle?.detach({ keep: true }));
      return;
    }
    instances.delete(id);
    void instance.handle.then(() => renderer.detach(instance.mount)).catch(() => undefined);
  }

  function send(id: string, channel: 'patch' | 'replace', data: Record<string, unknown>): void {
    const instance = instances.get(id);
    if (instance === undefined || instance.frozen || instance.failed !== undefined) return;
    void instance.handle.then((handle) => {
      try {
        handle?.input(channel, data);
      } catch (error) {
        issue({ id, message: `widget ${id}: ${error instanceof Error ? error.message : String(error)}` });
      }
    });
  }

  /** Starts, feeds or stops the instances an applied op concerns. */
  function sync(op: CanvasOp): void {
    if (op.op === 'upsert' || op.op === 'patch') {
      const c = state.components.get(op.id)!;
      const why = state.broken.get(c.type)?.reason;
      if (op.op === 'upsert' && why !== undefined)
        issue({
          op: 'upsert',
          id: c.id,
          message:
            `widget ${c.id} cannot run: its type "${c.type}" was defined, but the define was refused (${why})`.slice(
              0,
              500,
            ),
          widget: 'broken-type',
        });
      const instance = instances.get(op.id);
      const custom = state.defines.has(c.type);
      if (instance !== undefined && (instance.type !== c.type || (instance.frozen && custom && op.op === 'upsert')))
        stopInstance(op.id);
      const now = instances.get(op.id);
      if (now === undefined && custom) startInstance(c);
      else if (now !== undefined) send(op.id, op.op === 'patch' ? 'patch' : 'replace', op.data);
    } else if (op.op === 'remove') {
      stopInstance(op.id);
    } else if (op.op === 'clear') {
      for (const id of [...instances.keys()]) stopInstance(id);
    } else if (op.op === 'undefine') {
      for (const [id, instance] of instances) if (instance.type === op.id) stopInstance(id, true);
    } else if (op.op === 'define') {
      // A new definition restarts the instances of that type (and starts those that waited for it).
      for (const c of state.components.values()) {
        if (c.type !== op.id) continue;
        stopInstance(c.id);
        startInstance(c);
      }
    }
  }

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
      if (op.op === 'define' && state.broken.has(op.id)) schedule();
      issue({
        op: op.op,
        id: 'id' in op ? op.id : undefined,
        message: error.message,
        ...(op.op === 'define' ? { widget: 'define-refused' as const } : {}),
      });
      return false;
    }
    sync(op);
    schedule();
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
      const checked = checkOp(value);
      if (!checked.ok || checked.op.op !== 'upsert' || state.defines.has(checked.op.type)) return false;
      const copy: CanvasState = {
        ...state,
        components: new Map([...state.components].map(([id, c]) => [id, { ...c }])),
        zones: [...state.zones],
      };
      try {
        applyOp(copy, checked.op);
      } catch (error) {
        if (error instanceof CanvasOpError) return false;
        throw error;
      }
      previewState = copy;
      schedule();
      return true;
    },
    endPreview() {
      if (previewState === undefined) return;
      previewState = undefined;
      schedule();
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
      while (pending) await flush();
      await last;
      await Promise.all([...instances.values()].map((i) => i.handle));
    },
    async close() {
      options.events?.removeEventListener('suip-status', onStatus);
      for (const id of [...instances.keys()]) stopInstance(id);
      await generator.close();
    },
  };
  return host;
}
