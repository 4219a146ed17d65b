import { DEFAULT_LIMITS, PROTOCOL_VERSION, isChannelName, type Channel, type HostContext, type Limits } from '../shared/index.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from './connection.ts';
import { DIALOG_ACTIVATION_MS, createDialogHost } from './dialogs/host-dialogs.ts';
import { RELAY_SOURCE } from './frame/relay-source.ts';
import { createSandboxConnection, type WarmSandbox } from './frame/sandbox-connection.ts';
import { createRemoteConnection } from './remote-connection.ts';
import { GeneratorLifecycle, reportLater, type LifecycleHost } from './generator-lifecycle.ts';
import { SuipHostError } from './host-error.ts';
import { componentTags, withComponents } from './host-components.ts';
import type { AttachOptions, AttachRemoteOptions, DetachOptions, GeneratorHandle, MountOptions, Renderer, RendererOptions, SuipErrorDetail, SuipStatusDetail, TrafficRecord, WatchdogTiming } from './renderer-types.ts';
import { createFrameBatch } from './session/frame-batch.ts';
import { routeEvent } from './session/route-event.ts';
import { applyGeneratorTransaction, createMergedTree, generatorRoot, mountGenerator, unmountGenerator, type CheckGroup, type MergedTree } from './tree/index.ts';
import { checkHostPolicy, effectivePolicy, urlPolicyFor } from './policy/host-policy.ts';
import { createGroupChecker } from './vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from './vocabulary/registry.ts';
import { createBuildBudget } from './view/build-budget.ts';
import type { ViewContext, ViewEvent } from './view/view-context.ts';
import type { SuipTree } from './view/suip-tree.ts';
import { utf8Length } from '../shared/message.ts';
import './view/suip-tree.ts';

const DEFAULT_WATCHDOG: WatchdogTiming = { intervalMs: 200, timeoutMs: 1000, startupTimeoutMs: 5000 };

/**
 * Create a renderer in `container`: one merged tree shown by one view element, and any number of
 * generators, each a sandboxed program (`attach`) or a generator on a channel (`attachRemote`).
 * `suip-status` and `suip-error` events are dispatched on `container`.
 */
export function createRenderer(container: HTMLElement, options: RendererOptions = {}): Renderer {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const timing: WatchdogTiming = { ...DEFAULT_WATCHDOG, ...options.watchdog };
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const hostContext: HostContext = options.hostContext ?? { theme: dark ? 'dark' : 'light', locale: navigator.language || 'en' };
  const relaySource = options.relaySource ?? RELAY_SOURCE;
  // Secure by default: the built-in vocabulary is announced and enforced, URLs go through the allowlist.
  const components = options.components ?? [];
  const vocabulary = withComponents(options.vocabulary ?? BUILTIN_VOCABULARY, components);
  const checkGroup = options.checkGroup ?? createGroupChecker(vocabulary);
  const generators = new Map<string, GeneratorLifecycle>();
  /**
   * Mounts detached with `keep`: shown, frozen, waiting for an `adopt`; with the sandbox frame the
   * program ran in, kept warm so the adopting program restarts in it instead of a new frame.
   */
  const kept = new Map<string, WarmTransport | undefined>();
  /** A kept mount is gone for good: free its warm transport too. */
  const forget = (id: string): boolean => {
    if (!kept.has(id)) return false;
    kept.get(id)?.destroy();
    kept.delete(id);
    return true;
  };
  const traffic = new Set<(record: TrafficRecord) => void>();
  let merged: MergedTree = createMergedTree();
  let destroyed = false;

  const hostPolicy = options.hostPolicy ?? {};
  /** Programs whose modal the user dismissed (Escape or Close): they may open no other. */
  const modalDismissed = new Set<string>();
  /** A user action in that program's UI within the activation window (the same one dialogs use). */
  const recentlyActed = (id: string) => {
    const at = generators.get(id)?.lastUserAction;
    return at !== undefined && performance.now() - at <= DIALOG_ACTIVATION_MS;
  };
  /** Mount → the generator whose slots may show it (MountOptions.slotOf). */
  const slotOf = new Map<string, string>();
  /** Mount → the slot (by path) that shows it: the first one that asked. */
  const slotClaims = new Map<string, string>();
  const slotElements = new Set<{ requestUpdate(): void; path?: readonly string[] }>();
  const context: ViewContext = {
    // The URL policy is the host policy's links and media unless the host brings its own checker.
    policy: options.policy ?? urlPolicyFor(hostPolicy),
    ...(options.buildSlices === false ? {} : { budget: createBuildBudget() }),
    emit: (event: ViewEvent) => {
      const generator = generators.get(event.path[0] ?? '');
      const routed = routeEvent(merged, event, (id) => generators.get(id)?.session);
      if (routed && generator !== undefined) generator.lastUserAction = performance.now();
      return routed;
    },
    grants: {
      pageModal: (path) => hostPolicy.pageModals === true && recentlyActed(path[0] ?? '') && !modalDismissed.has(path[0] ?? ''),
      modalDismissed: (path) => void modalDismissed.add(path[0] ?? ''),
      // SECURITY: a program moves focus only right after the user acted in its UI, and never out of
      // a host element the user is in (focus is in the page body or already in this renderer).
      moveFocus: (path) => recentlyActed(path[0] ?? '') && (document.activeElement === document.body || container.contains(document.activeElement)),
    },
    slots: {
      nested: (mount) => slotOf.has(mount),
      resolve(path, mount) {
        // SECURITY: a program shows another mount only where the host said so at attach.
        if (slotOf.get(mount) !== path[0]) return undefined;
        const key = JSON.stringify(path);
        const claim = slotClaims.get(mount);
        if (claim !== undefined && claim !== key && [...slotElements].some((element) => JSON.stringify(element.path) === claim)) return undefined;
        slotClaims.set(mount, key);
        return generatorRoot(merged, mount);
      },
      watch: (element) => void slotElements.add(element),
      unwatch: (element) => void slotElements.delete(element),
    },
    ...(options.provenance !== undefined ? { provenance: options.provenance } : {}),
    ...(components.length > 0 ? { tags: componentTags(components) } : {}),
  };
  const view = document.createElement('suip-tree') as SuipTree;
  view.context = context;
  // The theme announced to generators is the one shown: a host's `hostContext.theme` wins over the
  // system's colour scheme (without it, the tree follows prefers-color-scheme).
  if (options.hostContext !== undefined) view.theme = hostContext.theme;
  const frames = document.createElement('div');
  frames.setAttribute('data-suip-frames', '');
  frames.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  container.append(view, frames);
  const dialogs = createDialogHost(container);
  // The view shows the newest tree once per frame, however many transactions arrived in it.
  const frameBatch = createFrameBatch(() => {
    view.root = merged;
    // Slots show other mounts' subtrees, which their own particle does not reference.
    for (const element of slotElements) element.requestUpdate();
  });
  setTree(merged);

  function setTree(next: MergedTree): void {
    merged = next;
    frameBatch.request();
  }

  function dispatch(name: 'suip-status' | 'suip-error', detail: SuipStatusDetail | SuipErrorDetail): void {
    container.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  const host: LifecycleHost = {
    limits,
    baseResult: { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'suip', version: '0.1.0' }, vocabulary: [...vocabulary], limits, hostContext, policy: effectivePolicy(hostPolicy) },
    initializeTimeoutMs: options.initializeTimeoutMs ?? 10_000,
    dialogs,
    apply(id, ops) {
      const dismissed = modalDismissed.has(id);
      const check: CheckGroup = (group, path) => checkGroup(group, path) ?? checkHostPolicy(hostPolicy, group, dismissed);
      const result = applyGeneratorTransaction(merged, id, ops, { limits, checkGroup: check });
      if (!result.ok) return result;
      if (result.tree !== merged) setTree(result.tree);
      return { ok: true };
    },
    ended(lifecycle, keep, warm) {
      if (generators.get(lifecycle.id) !== lifecycle) {
        warm?.destroy();
        return;
      }
      generators.delete(lifecycle.id);
      if (keep) kept.set(lifecycle.id, warm);
      else {
        slotOf.delete(lifecycle.id);
        slotClaims.delete(lifecycle.id);
        setTree(unmountGenerator(merged, lifecycle.id));
        modalDismissed.delete(lifecycle.id);
      }
    },
    status: (detail) => dispatch('suip-status', detail),
    error: (detail) => dispatch('suip-error', detail),
    traffic(generatorId, direction, text) {
      if (traffic.size === 0) return;
      const record: TrafficRecord = { generatorId, direction, text, bytes: utf8Length(text), time: performance.now() };
      for (const listener of traffic) {
        try {
          listener(record);
        } catch (error) {
          // A devtools listener's bug must not break the session it watches.
          reportLater(error);
        }
      }
    },
  };

  /** Checks the mount options, mounts (or adopts) the subtree and starts the lifecycle. */
  async function start(mount: MountOptions, connect: (events: ConnectionEvents, warm: WarmTransport | undefined) => GeneratorConnection): Promise<GeneratorHandle> {
    if (destroyed) throw new SuipHostError('destroyed', 'this renderer was destroyed');
    const { id } = mount;
    if (typeof id !== 'string' || id.length === 0 || id.length > limits.maxIdLength) throw new SuipHostError('invalid-option', `a generator id must be a string of 1..${limits.maxIdLength} characters`, { option: 'id' });
    if (generators.has(id)) throw new SuipHostError('duplicate-id', `a generator with id ${JSON.stringify(id)} is already attached`, { generatorId: id });
    if (mount.slotOf !== undefined && (typeof mount.slotOf !== 'string' || mount.slotOf === id)) throw new SuipHostError('invalid-option', 'slotOf names another mount id (the generator whose slots show this one)', { option: 'slotOf' });
    for (const option of ['outputs', 'inputs'] as const) {
      for (const channel of mount[option] ?? []) {
        if (!isChannelName(channel)) throw new SuipHostError('invalid-option', `${option}: ${JSON.stringify(String(channel).slice(0, 80))} is not a channel name (1–64 characters of a-z 0-9 _ : . -)`, { option });
      }
    }
    let adopted: ReturnType<typeof generatorRoot>;
    let warm: WarmTransport | undefined;
    if (mount.adopt === true) {
      if (!kept.has(id)) throw new SuipHostError('unknown-generator', `adopt: no subtree with id ${JSON.stringify(id)} is kept; detach it with {keep: true} first`, { option: 'adopt', generatorId: id });
      warm = kept.get(id);
      kept.delete(id);
      adopted = generatorRoot(merged, id);
    } else {
      if (kept.has(id)) throw new SuipHostError('duplicate-id', `a subtree with id ${JSON.stringify(id)} is kept on screen; attach with adopt: true to hand it over, or detach(${JSON.stringify(id)}) first`, { generatorId: id });
      setTree(mountGenerator(merged, id));
    }
    // The connection's events reach this lifecycle only, never a later one with the same id.
    const events: ConnectionEvents & { target?: GeneratorLifecycle } = {
      onEnded: (reason, message) => events.target?.ended(reason, message),
      onException: (message, line, fatal) => events.target?.exception(message, line, fatal),
    };
    const lifecycle = new GeneratorLifecycle(mount, connect(events, warm), host, adopted);
    events.target = lifecycle;
    if (mount.slotOf !== undefined) slotOf.set(id, mount.slotOf);
    generators.set(id, lifecycle);
    await lifecycle.start();
    return lifecycle.handle;
  }

  function attach(attachOptions: AttachOptions): Promise<GeneratorHandle> {
    if (typeof attachOptions.code !== 'string') return Promise.reject(new SuipHostError('invalid-option', 'the generator code must be a string', { option: 'code' }));
    return start(attachOptions, (events, warm) => createSandboxConnection({ frames, relaySource, sandboxUrl: options.sandboxUrl, code: attachOptions.code, limits, timing, ...(warm?.kind === 'sandbox' ? { warm: warm as WarmSandbox } : {}) }, events));
  }

  function attachRemote(remote: AttachRemoteOptions): Promise<GeneratorHandle> {
    const channel: Channel | undefined = remote.channel;
    if (channel === undefined || typeof channel.send !== 'function' || typeof channel.onMessage !== 'function') return Promise.reject(new SuipHostError('invalid-option', 'attachRemote needs a channel with send, onMessage and close', { option: 'channel' }));
    // A remote generator brings its own channel: a kept sandbox frame has no use for it.
    return start(remote, (events, warm) => {
      warm?.destroy();
      return createRemoteConnection(channel, limits, events);
    });
  }

  async function detach(id: string, detachOptions: DetachOptions = {}): Promise<void> {
    const lifecycle = generators.get(id);
    if (lifecycle !== undefined) return lifecycle.detach(detachOptions.keep === true);
    // A kept subtree is removed for good by a plain detach.
    if (detachOptions.keep !== true && forget(id)) setTree(unmountGenerator(merged, id));
  }

  return {
    attach,
    attachRemote,
    detach,
    dialogs,
    snapshot: () => JSON.parse(JSON.stringify(merged)) as unknown,
    onTraffic(listener) {
      traffic.add(listener);
      return () => traffic.delete(listener);
    },
    async destroy() {
      destroyed = true;
      await Promise.all([...generators.keys()].map((id) => detach(id)));
      for (const id of [...kept.keys()]) forget(id);
      dialogs.destroy();
      frameBatch.cancel();
      view.remove();
      frames.remove();
    },
  };
}
