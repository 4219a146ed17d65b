import type { GeneratorHandle, Renderer, SuipStatusDetail } from '../../../renderer/renderer-types.ts';
import type { WidgetAction, WidgetComponent } from '../../../shared/neighbours/canvas/ops.ts';
import type { CanvasComponent } from '../state.ts';
import { widgetProgram } from '../widget/program.ts';
import type { InstanceView } from './component-views.ts';
import type { ReportProblem } from './problem.ts';

/** One running (or frozen, or failed) custom-widget instance. */
export interface WidgetInstance extends InstanceView {
  /** The widget type it runs. */
  type: string;
  handle: Promise<GeneratorHandle | undefined>;
  /** Frozen by `undefine`: visible, no longer updated. */
  frozen: boolean;
}

/** What `WidgetInstances` needs from its host. */
export interface WidgetInstancesOptions {
  renderer: Pick<Renderer, 'attach' | 'detach'>;
  /** The canvas's mount id: instances mount as `<canvasId>~w<n>`, each in a slot of the canvas. */
  canvasId: string;
  /** Live (not frozen) instances at most. */
  maxInstances: number;
  report: ReportProblem;
  /** Widget actions the agent should hear. */
  onAction?(action: WidgetAction): void;
  /** An instance failed or stopped: its view changes (the host redraws). */
  changed(): void;
}

/**
 * The canvas's custom-widget instances by component id: each is its own sandboxed program
 * (`renderer.attach`, shown in place through a `slot`), fed by `suip/input` (`send`) and heard
 * through `suip/output` (`widget-action`, `widget-error`). Holds at most `maxInstances` live ones.
 */
export class WidgetInstances {
  private readonly instances = new Map<string, WidgetInstance>();
  /** Mount numbers are never reused: a stopped instance's mount (its detach may still run) never meets a new one. */
  private counter = 0;

  constructor(private readonly options: WidgetInstancesOptions) {}

  get(id: string): WidgetInstance | undefined {
    return this.instances.get(id);
  }

  /** Every instance, by component id. */
  entries(): IterableIterator<[string, WidgetInstance]> {
    return this.instances.entries();
  }

  /** Starts an instance of `component` for `c`, unless `maxInstances` live ones run (then reported). */
  start(c: CanvasComponent, component: WidgetComponent): void {
    const { renderer, canvasId, maxInstances, report } = this.options;
    const live = [...this.instances.values()].filter((i) => !i.frozen).length;
    if (live >= maxInstances)
      return report({
        op: 'upsert',
        id: c.id,
        message: `upsert ${c.id}: ${maxInstances} custom widgets run already (limit maxInstances)`,
      });
    this.counter += 1;
    const mount = `${canvasId}~w${this.counter}`;
    const instance: WidgetInstance = { mount, type: c.type, frozen: false, handle: Promise.resolve(undefined) };
    this.instances.set(c.id, instance);
    instance.handle = renderer
      .attach({
        id: mount,
        name: `Widget ${c.id}`,
        code: widgetProgram(component, c.data),
        slotOf: canvasId,
        outputs: ['widget-action', 'widget-error'],
      })
      .then((handle) => {
        handle.onOutput((channel, value) => this.hear(c.id, channel, value));
        return handle;
      })
      .catch((error: unknown) => {
        if (this.instances.get(c.id) === instance)
          instance.failed = error instanceof Error ? error.message.slice(0, 300) : 'it did not start';
        report({ id: c.id, message: `widget ${c.id} did not start: ${instance.failed ?? ''}`, widget: 'not-started' });
        this.options.changed();
        return undefined;
      });
  }

  /** Stops the instance of `id`; with `keep` it stays on screen, frozen (an `undefine`). */
  stop(id: string, keep = false): void {
    const instance = this.instances.get(id);
    if (instance === undefined) return;
    if (keep) {
      instance.frozen = true;
      void instance.handle.then((handle) => handle?.detach({ keep: true }));
      return;
    }
    this.instances.delete(id);
    void instance.handle.then(() => this.options.renderer.detach(instance.mount)).catch(() => undefined);
  }

  stopAll(): void {
    for (const id of [...this.instances.keys()]) this.stop(id);
  }

  /** Feeds a running instance its new data (`patch` merges, `replace` replaces); frozen or failed ones hear nothing. */
  send(id: string, channel: 'patch' | 'replace', data: Record<string, unknown>): void {
    const instance = this.instances.get(id);
    if (instance === undefined || instance.frozen || instance.failed !== undefined) return;
    void instance.handle.then((handle) => {
      try {
        handle?.input(channel, data);
      } catch (error) {
        this.options.report({ id, message: `widget ${id}: ${error instanceof Error ? error.message : String(error)}` });
      }
    });
  }

  /** The renderer's `suip-status`: an instance whose program errored or ended is marked failed (its view says why). */
  noteStatus(detail: SuipStatusDetail): void {
    for (const [id, instance] of this.instances) {
      if (
        instance.mount !== detail.generatorId ||
        (detail.status !== 'error' && detail.status !== 'terminated') ||
        instance.frozen
      )
        continue;
      instance.failed = `${detail.reason ?? detail.status}${detail.message ? `: ${detail.message}` : ''}`.slice(0, 300);
      this.options.report({ id, message: `widget ${id} stopped (${instance.failed})`, widget: 'stopped' });
      this.options.changed();
    }
  }

  /** Resolves once every instance has started (or failed to). */
  async started(): Promise<void> {
    await Promise.all([...this.instances.values()].map((i) => i.handle));
  }

  /** One `suip/output` value of the instance of `id`. */
  private hear(id: string, channel: string, value: unknown): void {
    // SECURITY: a widget's output is untrusted: the action is cut to 64 characters, a payload that is
    // not a plain object becomes {}, an error message is cut to 500 before the agent hears it.
    const v = value as { action?: unknown; payload?: unknown; message?: unknown } | null;
    if (channel === 'widget-error')
      return this.options.report({
        id,
        message: String(v?.message ?? 'the widget failed').slice(0, 500),
        widget: 'error',
      });
    if (typeof v?.action !== 'string') return;
    const payload =
      typeof v.payload === 'object' && v.payload !== null && !Array.isArray(v.payload)
        ? (v.payload as Record<string, unknown>)
        : {};
    this.options.onAction?.({ type: 'widget-action', id, action: v.action.slice(0, 64), payload });
  }
}
