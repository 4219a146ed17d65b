import type { ConnectionEvents, GeneratorConnection, WarmTransport } from './connection.ts';
import { createDialogHost } from './dialogs/host-dialogs.ts';
import { remoteMount } from './remote-mount.ts';
import { GeneratorLifecycle } from './generator-lifecycle.ts';
import { SuipHostError } from './host-error.ts';
import { createHostViewContext } from './host-view-context.ts';
import { createLifecycleHost } from './lifecycle-host.ts';
import { MountRegistry } from './mount-registry.ts';
import type {
  DetachOptions,
  GeneratorHandle,
  MountOptions,
  Renderer,
  RendererOptions,
  SuipEventMap,
} from './renderer-types.ts';
import { resolveRendererOptions } from './renderer-options.ts';
import { SandboxedPrograms } from './sandboxed-programs.ts';
import { SlotClaims } from './slot-claims.ts';
import { TrafficTap } from './traffic-tap.ts';
import { createTreeView, type TreeView } from './tree-view.ts';
import { generatorRoot, mountGenerator, unmountGenerator } from '../core/tree/index.ts';
import { groupCheckerFor } from '../core/vocabulary/check-group.ts';

/**
 * Create a renderer in `container`: one merged tree shown by one view element, and any number of
 * generators, each a sandboxed program (`attach`) or a generator on a channel (`attachRemote`).
 * `suip-status` and `suip-error` events are dispatched on `container`.
 *
 * It composes units that each own their state: the mounts (`MountRegistry`), the slots
 * (`SlotClaims`), the tree on screen (`TreeView`), the sandboxed programs and their hibernation
 * (`SandboxedPrograms`), the lifecycles' host (`createLifecycleHost`) and the devtools tap.
 */
export function createRenderer(container: HTMLElement, options: RendererOptions = {}): Renderer {
  const resolved = resolveRendererOptions(options);
  const { limits, timing, hostContext, relaySource, components, vocabulary, prose, hostPolicy, markLabel } = resolved;
  const registry = new MountRegistry(limits, markLabel);
  const traffic = new TrafficTap();
  let destroyed = false;
  const dispatch = (name: keyof SuipEventMap, detail: SuipEventMap[keyof SuipEventMap]['detail']): void =>
    void container.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));

  // The view, the slots, the programs and the context reach one another's state through these
  // closures, read at call time: the view is made before any of them is called.
  const tree = () => view.tree;
  const slots = new SlotClaims((mount) => generatorRoot(tree(), mount));
  const programs = new SandboxedPrograms({
    options,
    limits,
    timing,
    relaySource,
    registry,
    start,
    error: (detail) => dispatch('suip-error', detail),
    destroyed: () => destroyed,
    get view() {
      return view;
    },
  });
  const context = createHostViewContext({ options, components, container, registry, slots, programs, tree });
  const view: TreeView = createTreeView(container, context, slots, options.hostContext?.theme);
  const dialogs = createDialogHost(container, hostPolicy.dialogs);
  const host = createLifecycleHost({
    limits,
    vocabulary,
    hostContext,
    hostPolicy,
    checkGroup: options.checkGroup ?? groupCheckerFor(vocabulary),
    initializeTimeoutMs: options.initializeTimeoutMs ?? 10_000,
    prose,
    dialogs,
    registry,
    slots,
    programs,
    view,
    traffic,
    dispatch,
  });

  /** Checks the mount options, mounts (or adopts) the subtree and starts the lifecycle. */
  async function start(
    mount: MountOptions,
    connect: (events: ConnectionEvents, warm: WarmTransport | undefined) => GeneratorConnection,
    created?: (lifecycle: GeneratorLifecycle) => void,
  ): Promise<GeneratorHandle> {
    if (destroyed) throw new SuipHostError('destroyed', 'this renderer was destroyed');
    registry.check(mount);
    const adopted = mount.adopt === true ? generatorRoot(view.tree, mount.id) : undefined;
    const warm = mount.adopt === true ? registry.adopt(mount.id) : undefined;
    if (mount.adopt !== true) view.set(mountGenerator(view.tree, mount.id));
    // The connection's events reach this lifecycle only, never a later one with the same id.
    const events: ConnectionEvents & { target?: GeneratorLifecycle } = {
      onEnded: (reason, message) => events.target?.ended(reason, message),
      onException: (message, line, fatal, handled) => events.target?.exception(message, line, fatal, handled === true),
      onIsolation: (mode, message) => dispatch('suip-isolation', { generatorId: mount.id, mode, message }),
    };
    const lifecycle = new GeneratorLifecycle(mount, connect(events, warm), host, adopted);
    events.target = lifecycle;
    created?.(lifecycle);
    if (mount.slotOf !== undefined) slots.allow(mount.id, mount.slotOf);
    registry.started(mount, lifecycle);
    await lifecycle.start();
    return lifecycle.handle;
  }

  async function detach(id: string, detachOptions: DetachOptions = {}): Promise<void> {
    const record = programs.get(id);
    if (record !== undefined) return programs.detach(record, detachOptions.keep === true);
    const lifecycle = registry.generators.get(id);
    if (lifecycle !== undefined) return lifecycle.detach(detachOptions.keep === true);
    // A kept subtree is removed for good by a plain detach.
    if (detachOptions.keep !== true && registry.forget(id)) view.set(unmountGenerator(view.tree, id));
  }

  return {
    attach: async (attachOptions) => {
      if (typeof attachOptions.code !== 'string')
        throw new SuipHostError('invalid-option', 'the generator code must be a string', { option: 'code' });
      return programs.attach(attachOptions);
    },
    attachRemote: async (remote) => {
      const { connect, created } = remoteMount(remote, limits, prose);
      return start(remote, connect, created);
    },
    detach,
    hibernate: (id) => programs.hibernate(id),
    wake: async (id) => {
      const record = programs.get(id);
      if (record !== undefined) await programs.wake(record);
    },
    dialogs,
    snapshot: () => JSON.parse(JSON.stringify(tree())) as unknown,
    onTraffic: (listener) => traffic.listen(listener),
    async destroy() {
      destroyed = true;
      programs.destroy();
      await Promise.all([...registry.generators.keys()].map((id) => detach(id)));
      for (const id of registry.keptIds()) registry.forget(id);
      dialogs.destroy();
      view.destroy();
    },
  };
}
