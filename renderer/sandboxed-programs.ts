import { ErrorCode, type Limits } from '../shared/index.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from './connection.ts';
import { createSandboxConnection, type WarmSandbox } from './frame/sandbox-connection.ts';
import type { WarmSandboxPool } from './frame/warm-sandbox.ts';
import type { GeneratorLifecycle } from './generator-lifecycle.ts';
import {
  MAX_QUEUED_EVENTS,
  STATE_CHANNEL,
  createProgramRecord,
  holdsHandler,
  type ProgramRecord,
} from './hibernation.ts';
import { declined, type MountRegistry } from './mount-registry.ts';
import type {
  AttachOptions,
  GeneratorHandle,
  MountOptions,
  RendererOptions,
  SuipErrorDetail,
  WatchdogTiming,
} from './renderer-types.ts';
import type { TreeView } from './tree-view.ts';
import type { ViewEvent } from './view/view-context.ts';
import { routeEvent } from '../core/session/route-event.ts';
import { unmountGenerator } from '../core/tree/index.ts';

/** Starts a lifecycle for `mount` on the connection `connect` makes (the renderer's `start`). */
export type StartMount = (
  mount: MountOptions,
  connect: (events: ConnectionEvents, warm: WarmTransport | undefined) => GeneratorConnection,
  created?: (lifecycle: GeneratorLifecycle) => void,
) => Promise<GeneratorHandle>;

/** What the programs need from their renderer. */
export interface ProgramsHost {
  readonly options: RendererOptions;
  readonly limits: Limits;
  readonly timing: WatchdogTiming;
  readonly relaySource: string | Promise<string>;
  readonly registry: MountRegistry;
  readonly view: TreeView;
  start: StartMount;
  error(detail: SuipErrorDetail): void;
  destroyed(): boolean;
}

/**
 * The renderer's sandboxed programs (`attach`), by id, across hibernations: each one's record
 * (code, last inputs, saved state, events queued while it slept), the warm sandbox frames they
 * start in, hibernating, waking and the hibernation sweep. A remote generator has no sandbox, so
 * none of this concerns it.
 */
export class SandboxedPrograms {
  private readonly records = new Map<string, ProgramRecord>();
  /** Hibernations under way (the program's shutdown), by program id. */
  private readonly hibernations = new Map<string, Promise<void>>();
  private readonly host: ProgramsHost;
  /** `RendererOptions.warmSandbox` (or the hibernation's spare frame): when a warm frame is made. */
  private readonly warmMode: boolean | 'auto';
  private warmPool: Promise<WarmSandboxPool | undefined> | undefined;
  private sweeper: { stop(): void } | undefined;

  constructor(host: ProgramsHost) {
    this.host = host;
    const { options } = host;
    this.warmMode = options.hibernation?.spareFrame || (options.warmSandbox ?? 'auto');
    if (this.warmMode === true) void this.needWarm();
    // Idle and off-screen programs hibernate; one timer for the renderer, only when asked for.
    // The sweep's code is a chunk loaded only with the option (issue 31); a failed load is reported.
    const hibernation = options.hibernation;
    if (hibernation === undefined) return;
    import('./hibernation-sweep.ts').then(
      ({ startHibernationSweep }) => {
        if (host.destroyed()) return;
        this.sweeper = startHibernationSweep(
          host.view.element,
          this.records,
          hibernation,
          (id) => void this.hibernate(id),
        );
      },
      (error: unknown) => {
        const fallback = 'programs hibernate only through renderer.hibernate(id)';
        const message = `the hibernation sweep could not be loaded (${String(error)}); ${fallback}`;
        host.error({ generatorId: '', error: { code: -32603, message } });
      },
    );
  }

  /** The program attached as `id`, if any (running or hibernated). */
  get(id: string): ProgramRecord | undefined {
    return this.records.get(id);
  }

  /** Attach a sandboxed program; its handle stays valid through hibernate and wake. */
  async attach(options: AttachOptions): Promise<GeneratorHandle> {
    const host = {
      maxMessageBytes: this.host.limits.maxMessageBytes,
      wake: (record: ProgramRecord) => this.wake(record),
      detach: (record: ProgramRecord, keep: boolean) => this.detach(record, keep),
    };
    const record = createProgramRecord({ ...options, adopt: false }, host);
    await this.startProgram(record, options.adopt === true);
    return record.handle;
  }

  /**
   * The warm sandbox (`RendererOptions.warmSandbox`): with `true`, made now; with `'auto'` (the
   * default), made once this renderer started a program; `false`, never. Its code is a chunk,
   * loaded only by a renderer that makes one (issue 31).
   */
  private needWarm(): Promise<WarmSandboxPool | undefined> {
    const { options, relaySource, destroyed } = this.host;
    this.warmPool ??= import('./frame/warm-sandbox.ts').then(
      ({ createWarmSandbox }) =>
        destroyed()
          ? undefined
          : createWarmSandbox({
              frames: this.host.view.frames,
              relaySource,
              sandboxUrl: options.sandboxUrl,
              mode: this.warmMode as true | 'auto',
              hibernating: options.hibernation !== undefined,
            }),
      // Without its chunk the renderer starts programs cold, as without the option.
      () => undefined,
    );
    return this.warmPool;
  }

  /** Start (or, on wake, restart adopting its kept subtree) the program of `record`. */
  private async startProgram(record: ProgramRecord, adopt: boolean): Promise<GeneratorHandle> {
    // A start before the warm pool's chunk arrived waits for it (the frame it makes is the one
    // taken); in 'auto' mode the first start does not wait: the pool is made after it.
    const warmSandbox = this.warmPool === undefined ? undefined : await this.warmPool;
    const { options, limits, timing, relaySource, view } = this.host;
    const mount = { ...record.options, adopt, outputs: [...(record.options.outputs ?? []), STATE_CHANNEL] };
    const connect = (events: ConnectionEvents, warm: WarmTransport | undefined) => {
      const reuse = warm?.kind === 'sandbox' ? { warm: warm as WarmSandbox } : { spare: warmSandbox?.take() };
      const sandbox = {
        frames: view.frames,
        relaySource,
        sandboxUrl: options.sandboxUrl,
        code: record.options.code,
        limits,
        timing,
      };
      return createSandboxConnection({ ...sandbox, ...reuse }, events);
    };
    const started = this.host.start(mount, connect, (lifecycle) => {
      record.lifecycle = lifecycle;
      this.records.set(record.options.id, record);
      lifecycle.handle.onOutput((channel, value) => {
        // SECURITY: the saved state is hostile data bounded by maxMessageBytes; it is only ever
        // handed back to a re-run of the same code under the same id, never to the host or another program.
        if (channel === STATE_CHANNEL) record.state = { value };
        else for (const listener of record.outputs) listener(channel, value);
      });
    });
    // The next warm frame is made once this start settled, off its critical path.
    if (this.warmMode) {
      const fill = () => void this.needWarm().then((pool) => pool?.fill());
      void started.then(fill, fill);
    }
    return started;
  }

  /**
   * A user event for a program that sleeps or wakes is held for it (and wakes it): true or false
   * as the event was taken; undefined when the event is not a sleeping program's.
   */
  intercept(event: ViewEvent): boolean | undefined {
    const record = this.records.get(event.path[0] ?? '');
    if (record === undefined) return undefined;
    record.lastActive = performance.now();
    if (!record.hibernated && record.waking === undefined) return undefined;
    if (record.queued.length >= MAX_QUEUED_EVENTS) {
      this.notReplayed(record, [event], `more than ${MAX_QUEUED_EVENTS} events arrived while it woke`);
      return false;
    }
    record.queued.push(event);
    void this.wake(record).catch(() => undefined);
    return true;
  }

  /** Program `id` applied a transaction: its idle clock starts, and events replayed by a wake are checked. */
  applied(id: string): void {
    const record = this.records.get(id);
    if (record === undefined) return;
    if (!record.rendered) {
      // The idle clock starts at the first render: a program is idle only once it has shown something.
      record.rendered = true;
      record.lastActive = performance.now();
    }
    if (record.replayed !== undefined) {
      const tree = this.host.view.tree;
      this.notReplayed(
        record,
        record.replayed.filter((event) => !holdsHandler(tree, event)),
        'its new UI moved the control',
      );
      record.replayed = undefined;
    }
  }

  /**
   * `lifecycle` ended: a hibernation that kept the subtree leaves the program asleep; a program
   * that ended otherwise meanwhile (terminated, failed) is gone for good, its id free for a new attach.
   */
  ended(lifecycle: GeneratorLifecycle, keep: boolean): void {
    const record = this.records.get(lifecycle.id);
    if (record?.lifecycle !== lifecycle) return;
    if (record.hibernating && keep) record.hibernated = true;
    else this.records.delete(lifecycle.id);
    record.hibernating = false;
  }

  /** A user's interaction that the woken program did not get: the host and the user must repeat it. */
  private notReplayed(record: ProgramRecord, lost: readonly ViewEvent[], why: string): void {
    const first = lost[0];
    if (first === undefined) return;
    const program = JSON.stringify(record.options.id);
    const lostText = `${lost.length} interaction(s) could not be handed to it (${why})`;
    const message = `program ${program} woke from hibernation but ${lostText}; ask the user to do it again`;
    const data = { replayed: false, event: first.event, path: first.path.slice(1) };
    this.host.error({ generatorId: record.options.id, error: { code: ErrorCode.PathNotFound, message, data } });
  }

  /**
   * Wake a hibernated program: re-run its code in a new sandbox adopting its kept subtree, replay
   * its last inputs and saved state, then the events that woke it.
   */
  wake(record: ProgramRecord): Promise<void> {
    if (record.waking !== undefined) return record.waking;
    if (!record.hibernated) return Promise.resolve();
    record.waking = this.rerun(record).finally(() => {
      record.waking = undefined;
    });
    return record.waking;
  }

  private async rerun(record: ProgramRecord): Promise<void> {
    record.hibernated = false;
    record.hibernating = false;
    try {
      await this.startProgram(record, true);
    } catch (error) {
      this.notReplayed(record, record.queued.splice(0), 'it did not start again');
      throw error;
    }
    // Sent at once after `suip/initialized`: the Worker queued the program's first run before it
    // sent that, so the program's hooks and handlers (registered by its top-level code and first
    // render) are in place before these reach it; port order then keeps inputs before events.
    const session = record.lifecycle?.session;
    for (const [channel, value] of record.inputs) session?.sendInput(channel, value);
    if (record.state !== undefined) session?.sendInput(STATE_CHANNEL, record.state.value);
    record.lastActive = performance.now();
    const events = record.queued.splice(0);
    // The user acted in this program's UI just now (what gates its dialogs and focus moves),
    // unless all they did was say no.
    if (events.some((event) => !declined(event)) && record.lifecycle !== undefined)
      record.lifecycle.lastUserAction = performance.now();
    const { generators } = this.host.registry;
    const lost = events.filter((event) => !routeEvent(this.host.view.tree, event, (id) => generators.get(id)?.session));
    this.notReplayed(record, lost, 'its new UI has no such control there');
    // Routed against the kept subtree; the re-run's first render, if it changed anything, is the
    // next transaction: an event whose control it moved went to a handler the program no longer has.
    record.replayed = events.filter((event) => !lost.includes(event));
  }

  /** Hibernate one ready sandboxed program now. */
  async hibernate(id: string): Promise<boolean> {
    const record = this.records.get(id);
    const lifecycle = record?.lifecycle;
    if (
      record === undefined ||
      lifecycle === undefined ||
      record.hibernated ||
      record.waking !== undefined ||
      lifecycle.status !== 'ready'
    )
      return false;
    record.hibernating = true;
    const ending = lifecycle.detach(true, true);
    this.hibernations.set(id, ending);
    try {
      await ending;
    } finally {
      if (this.hibernations.get(id) === ending) this.hibernations.delete(id);
    }
    return record.hibernated;
  }

  /** The handle's detach: a hibernated program's kept subtree is removed (or kept for an adopt). */
  async detach(record: ProgramRecord, keep: boolean): Promise<void> {
    // A detach while `hibernate` waits on the shutdown would reach a lifecycle already ending (a
    // no-op) and the program would then sleep on: wait for the hibernation, then detach the sleeper.
    const hibernation = this.hibernations.get(record.options.id);
    if (hibernation !== undefined) await hibernation.catch(() => undefined);
    if (!record.hibernated) return record.lifecycle?.detach(keep);
    this.records.delete(record.options.id);
    const { registry, view } = this.host;
    if (!keep && registry.forget(record.options.id)) view.set(unmountGenerator(view.tree, record.options.id));
  }

  /** Stop the sweep and free the warm frames. */
  destroy(): void {
    this.sweeper?.stop();
    void this.warmPool?.then((pool) => pool?.destroy());
  }
}
