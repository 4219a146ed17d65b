import { DEFAULT_LIMITS, ErrorCode, PROTOCOL_VERSION, isChannelName, type Channel, type HostContext, type Limits, type RpcMessage } from '../shared/index.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from './connection.ts';
import { DIALOG_ACTIVATION_MS, createDialogHost } from './dialogs/host-dialogs.ts';
import { loadRelaySource } from './frame/relay-source.ts';
import { createSandboxConnection, type WarmSandbox } from './frame/sandbox-connection.ts';
import type { WarmSandboxPool } from './frame/warm-sandbox.ts';
import { createRemoteConnection } from './remote-connection.ts';
import { GeneratorLifecycle, reportLater, type LifecycleHost } from './generator-lifecycle.ts';
import { SuipHostError } from './host-error.ts';
import { componentTags, withComponents } from './host-components.ts';
import { MAX_QUEUED_EVENTS, STATE_CHANNEL, createProgramRecord, holdsHandler, type ProgramRecord } from './hibernation.ts';
import type { AttachOptions, AttachRemoteOptions, DetachOptions, GeneratorHandle, MountOptions, Renderer, RendererOptions, SuipEventMap, TrafficRecord, WatchdogTiming } from './renderer-types.ts';
import { createFrameBatch } from './session/frame-batch.ts';
import { createLeafWrites } from './view/leaf-writes.ts';
import { routeEvent } from '../core/session/route-event.ts';
import { applyGeneratorTransaction, createMergedTree, generatorRoot, mountGenerator, unmountGenerator, viewChanges, type CheckGroup, type MergedTree, type ViewChanges } from '../core/tree/index.ts';
import { checkUrlCredentials } from '../core/policy/url-policy.ts';
import { checkHostPolicy, effectivePolicy, urlPolicyFor } from '../core/policy/host-policy.ts';
import { groupCheckerFor } from '../core/vocabulary/check-group.ts';
import { BUILTIN_STRUCTURE } from '../core/vocabulary/structure.generated.ts';
import { loadVocabularyProse } from '../core/vocabulary/vocabulary-prose.ts';
import { createBuildBudget } from './view/build-budget.ts';
import type { ViewContext, ViewEvent } from './view/view-context.ts';
import type { SuipTree } from './view/suip-tree.ts';
import { utf8Length } from '../shared/message.ts';
import './view/suip-tree.ts';
import { refusalReporter } from './refusal-reporter.ts';
import { provenanceKind, provenanceLabel, provenanceName } from './provenance-text.ts';

const DEFAULT_WATCHDOG: WatchdogTiming = { intervalMs: 200, timeoutMs: 1000, startupTimeoutMs: 5000 };

/** The user said no (Escape, a modal's cancel): such an event is delivered but grants no user action. */
function declined(event: ViewEvent): boolean {
  return event.declined === true || (event.event === 'keydown' && event.key === 'Escape');
}

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
  // Started now, so it is usually there by the first attach; strict-CSP mode never needs it.
  const relaySource: string | Promise<string> = options.relaySource ?? (options.sandboxUrl !== undefined ? '' : loadRelaySource());
  if (typeof relaySource !== 'string') relaySource.catch(() => undefined);
  // Secure by default: the built-in vocabulary is announced and enforced, URLs go through the allowlist.
  const components = options.components ?? [];
  const vocabulary = withComponents(options.vocabulary ?? BUILTIN_STRUCTURE, components);
  const checkGroup = options.checkGroup ?? groupCheckerFor(vocabulary);
  // The built-in prose is a chunk, requested now; a generator's handshake waits for it if needed.
  const prose = options.vocabulary === undefined ? loadVocabularyProse : () => undefined;
  prose()?.catch(() => undefined);
  const generators = new Map<string, GeneratorLifecycle>();
  /** Lifecycles whose first applied transaction was shown (`host.apply`). */
  const firstShown = new WeakSet<GeneratorLifecycle>();
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
    markNames.delete(id);
    return true;
  };
  /** Sandboxed programs by id, across hibernations (a remote generator has no sandbox to free). */
  const programs = new Map<string, ProgramRecord>();
  const traffic = new Set<(record: TrafficRecord) => void>();
  let merged: MergedTree = createMergedTree();
  let destroyed = false;

  const hostPolicy = options.hostPolicy ?? {};
  /** Mount → its provenance mark's text (kept while its subtree is on screen, kept mounts too). */
  const markNames = new Map<string, string>();
  const markOption = hostPolicy.provenanceMark ?? true;
  const markLabel = typeof markOption === 'object' && typeof markOption.label === 'string' ? markOption.label : 'Generated by';
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
      const program = programs.get(event.path[0] ?? '');
      if (program !== undefined) program.lastActive = performance.now();
      // A hibernated program hears the event once woken (its controls do nothing until then).
      if (program !== undefined && (program.hibernated || program.waking !== undefined)) return queueEvent(program, event);
      const generator = generators.get(event.path[0] ?? '');
      const routed = routeEvent(merged, event, (id) => generators.get(id)?.session);
      // Escape (or a modal's Escape/Close) is how a user says no; browsers do not count it as an activation, nor does this gate.
      if (routed && generator !== undefined && !declined(event)) generator.lastUserAction = performance.now();
      return routed;
    },
    refuse: refusalReporter((id) => generators.get(id)?.session),
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
    // SECURITY: by default every program's area names the program, in the tree's own shadow DOM.
    ...(markOption === false ? {} : { provenanceMark: (id: string) => markNames.get(id) ?? provenanceLabel(markLabel, 'program', provenanceName(id, id)) }),
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
  const dialogs = createDialogHost(container, hostPolicy.dialogs);
  // The view shows the newest tree once per frame, however many transactions arrived in it.
  // A frame of text appends and list edits on screen writes exactly those (leaf-writes.ts).
  const leafWrites = createLeafWrites(view, context);
  const frameBatch = createFrameBatch(() => {
    if (!leafWrites.show(merged)) view.root = merged;
    // Slots show other mounts' subtrees, which their own particle does not reference.
    for (const element of slotElements) element.requestUpdate();
  });
  setTree(merged);

  /** `changes`: what the transaction did, when the view can write it directly (`viewChanges`). */
  function setTree(next: MergedTree, changes?: ViewChanges): void {
    merged = next;
    leafWrites.changed(slotElements.size === 0 ? changes : undefined);
    frameBatch.request();
  }

  function dispatch(name: keyof SuipEventMap, detail: SuipEventMap[keyof SuipEventMap]['detail']): void {
    container.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  const host: LifecycleHost = {
    limits,
    baseResult: { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'suip', version: '0.1.0' }, vocabulary: [...vocabulary], limits, hostContext, policy: effectivePolicy(hostPolicy) },
    initializeTimeoutMs: options.initializeTimeoutMs ?? 10_000,
    prose,
    dialogs,
    apply(id, ops) {
      const dismissed = modalDismissed.has(id);
      const check: CheckGroup = (group, path, changed) =>
        checkGroup(group, path, changed) ?? checkHostPolicy(hostPolicy, group, dismissed) ?? checkUrlCredentials(group, changed);
      const result = applyGeneratorTransaction(merged, id, ops, { limits, checkGroup: check });
      if (!result.ok) return result;
      if (result.tree !== merged) setTree(result.tree, viewChanges(id, ops));
      // A generator's first UI is shown at once, not at the next frame: its mount, made by the
      // attach a moment before, started the frame loop, and an in-page generator (the A2UI lane)
      // answers within that frame, so its first paint waited a frame for nothing.
      const lifecycle = generators.get(id);
      if (lifecycle !== undefined && !firstShown.has(lifecycle)) {
        firstShown.add(lifecycle);
        frameBatch.flush();
      }
      const program = programs.get(id);
      if (program !== undefined && !program.rendered) {
        // The idle clock starts at the first render: a program is idle only once it has shown something.
        program.rendered = true;
        program.lastActive = performance.now();
      }
      if (program?.replayed !== undefined) {
        notReplayed(program, program.replayed.filter((event) => !holdsHandler(merged, event)), 'its new UI moved the control');
        program.replayed = undefined;
      }
      return { ok: true };
    },
    ended(lifecycle, keep, warm) {
      if (generators.get(lifecycle.id) !== lifecycle) {
        warm?.destroy();
        return;
      }
      generators.delete(lifecycle.id);
      const program = programs.get(lifecycle.id);
      if (program?.lifecycle === lifecycle) {
        // Only a hibernation that kept the subtree can be woken; a program that ended otherwise
        // meanwhile (terminated, failed) is gone for good, and its id is free for a new attach.
        if (program.hibernating && keep) program.hibernated = true;
        else programs.delete(lifecycle.id);
        program.hibernating = false;
      }
      if (keep) kept.set(lifecycle.id, warm);
      else {
        slotOf.delete(lifecycle.id);
        slotClaims.delete(lifecycle.id);
        setTree(unmountGenerator(merged, lifecycle.id));
        modalDismissed.delete(lifecycle.id);
        markNames.delete(lifecycle.id);
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
  async function start(mount: MountOptions, connect: (events: ConnectionEvents, warm: WarmTransport | undefined) => GeneratorConnection, created?: (lifecycle: GeneratorLifecycle) => void): Promise<GeneratorHandle> {
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
      onException: (message, line, fatal, handled) => events.target?.exception(message, line, fatal, handled === true),
      onIsolation: (mode, message) => dispatch('suip-isolation', { generatorId: id, mode, message }),
    };
    const lifecycle = new GeneratorLifecycle(mount, connect(events, warm), host, adopted);
    events.target = lifecycle;
    created?.(lifecycle);
    if (mount.slotOf !== undefined) slotOf.set(id, mount.slotOf);
    // SECURITY: the name is content (an agent may choose it): printable, capped, and after the host's words for its kind.
    markNames.set(id, provenanceLabel(markLabel, provenanceKind(mount.originKind), provenanceName(mount.name, id)));
    generators.set(id, lifecycle);
    await lifecycle.start();
    return lifecycle.handle;
  }

  async function attach(attachOptions: AttachOptions): Promise<GeneratorHandle> {
    if (typeof attachOptions.code !== 'string') throw new SuipHostError('invalid-option', 'the generator code must be a string', { option: 'code' });
    const record = createProgramRecord({ ...attachOptions, adopt: false }, { maxMessageBytes: limits.maxMessageBytes, wake: wakeProgram, detach: detachProgram });
    await startProgram(record, attachOptions.adopt === true);
    return record.handle;
  }

  /**
   * The warm sandbox (`RendererOptions.warmSandbox`): with `true`, made now; with `'auto'` (the
   * default), made once this renderer started a program (`needWarm`); `false`, never. Its code is
   * a chunk, loaded only by a renderer that makes one (issue 31).
   */
  const warmMode = options.hibernation?.spareFrame || (options.warmSandbox ?? 'auto');
  let warmPool: Promise<WarmSandboxPool | undefined> | undefined;
  const needWarm = (): Promise<WarmSandboxPool | undefined> =>
    (warmPool ??= import('./frame/warm-sandbox.ts').then(
      ({ createWarmSandbox }) => (destroyed ? undefined : createWarmSandbox({ frames, relaySource, sandboxUrl: options.sandboxUrl, mode: warmMode as true | 'auto', hibernating: options.hibernation !== undefined })),
      // Without its chunk the renderer starts programs cold, as without the option.
      () => undefined,
    ));
  if (warmMode === true) void needWarm();

  /** Start (or, on wake, restart adopting its kept subtree) the program of `record`. */
  async function startProgram(record: ProgramRecord, adopt: boolean): Promise<GeneratorHandle> {
    // A start before the warm pool's chunk arrived waits for it (the frame it makes is the one
    // taken); in 'auto' mode the first start does not wait: the pool is made after it.
    const warmSandbox = warmPool === undefined ? undefined : await warmPool;
    const mount = { ...record.options, adopt, outputs: [...(record.options.outputs ?? []), STATE_CHANNEL] };
    const started = start(
      mount,
      (events, warm) => createSandboxConnection({ frames, relaySource, sandboxUrl: options.sandboxUrl, code: record.options.code, limits, timing, ...(warm?.kind === 'sandbox' ? { warm: warm as WarmSandbox } : { spare: warmSandbox?.take() }) }, events),
      (lifecycle) => {
        record.lifecycle = lifecycle;
        programs.set(record.options.id, record);
        lifecycle.handle.onOutput((channel, value) => {
          // SECURITY: the saved state is hostile data bounded by maxMessageBytes; it is only ever
          // handed back to a re-run of the same code under the same id, never to the host or another program.
          if (channel === STATE_CHANNEL) record.state = { value };
          else for (const listener of record.outputs) listener(channel, value);
        });
      },
    );
    // The next warm frame is made once this start settled, off its critical path.
    if (warmMode) {
      const fill = () => void needWarm().then((pool) => pool?.fill());
      void started.then(fill, fill);
    }
    return started;
  }

  /** Hold an event for a program that sleeps or wakes, and wake it. */
  function queueEvent(record: ProgramRecord, event: ViewEvent): boolean {
    if (record.queued.length >= MAX_QUEUED_EVENTS) {
      notReplayed(record, [event], `more than ${MAX_QUEUED_EVENTS} events arrived while it woke`);
      return false;
    }
    record.queued.push(event);
    void wakeProgram(record).catch(() => undefined);
    return true;
  }

  /** A user's interaction that the woken program did not get: the host and the user must repeat it. */
  function notReplayed(record: ProgramRecord, lost: readonly ViewEvent[], why: string): void {
    const first = lost[0];
    if (first === undefined) return;
    const error = { code: ErrorCode.PathNotFound, message: `program ${JSON.stringify(record.options.id)} woke from hibernation but ${lost.length} interaction(s) could not be handed to it (${why}); ask the user to do it again`, data: { replayed: false, event: first.event, path: first.path.slice(1) } };
    dispatch('suip-error', { generatorId: record.options.id, error });
  }

  /**
   * Wake a hibernated program: re-run its code in a new sandbox adopting its kept subtree, replay
   * its last inputs and saved state, then the events that woke it.
   */
  function wakeProgram(record: ProgramRecord): Promise<void> {
    if (record.waking !== undefined) return record.waking;
    if (!record.hibernated) return Promise.resolve();
    record.waking = (async () => {
      record.hibernated = false;
      record.hibernating = false;
      try {
        await startProgram(record, true);
      } catch (error) {
        notReplayed(record, record.queued.splice(0), 'it did not start again');
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
      // The user acted in this program's UI just now (what gates its dialogs and focus moves), unless all they did was say no.
      if (events.some((event) => !declined(event)) && record.lifecycle !== undefined) record.lifecycle.lastUserAction = performance.now();
      const lost = events.filter((event) => !routeEvent(merged, event, (gid) => generators.get(gid)?.session));
      notReplayed(record, lost, 'its new UI has no such control there');
      // Routed against the kept subtree; the re-run's first render, if it changed anything, is the
      // next transaction: an event whose control it moved went to a handler the program no longer has.
      record.replayed = events.filter((event) => !lost.includes(event));
    })().finally(() => {
      record.waking = undefined;
    });
    return record.waking;
  }

  /** Hibernate one ready sandboxed program now. */
  async function hibernate(id: string): Promise<boolean> {
    const record = programs.get(id);
    const lifecycle = record?.lifecycle;
    if (record === undefined || lifecycle === undefined || record.hibernated || record.waking !== undefined || lifecycle.status !== 'ready') return false;
    record.hibernating = true;
    const ending = lifecycle.detach(true, true);
    hibernations.set(id, ending);
    try {
      await ending;
    } finally {
      if (hibernations.get(id) === ending) hibernations.delete(id);
    }
    return record.hibernated;
  }

  /** Hibernations under way (the program's shutdown), by program id. */
  const hibernations = new Map<string, Promise<void>>();

  /** The handle's detach: a hibernated program's kept subtree is removed (or kept for an adopt). */
  async function detachProgram(record: ProgramRecord, keep: boolean): Promise<void> {
    // A detach while `hibernate` waits on the shutdown would reach a lifecycle already ending (a
    // no-op) and the program would then sleep on: wait for the hibernation, then detach the sleeper.
    const hibernation = hibernations.get(record.options.id);
    if (hibernation !== undefined) await hibernation.catch(() => undefined);
    if (!record.hibernated) return record.lifecycle?.detach(keep);
    programs.delete(record.options.id);
    if (!keep && forget(record.options.id)) setTree(unmountGenerator(merged, record.options.id));
  }

  // Idle and off-screen programs hibernate; one timer for the renderer, only when asked for.
  let sweeper: { stop(): void } | undefined;
  const hibernation = options.hibernation;
  // The sweep's code is a chunk loaded only with the option (issue 31); a failed load is reported.
  if (hibernation !== undefined) {
    import('./hibernation-sweep.ts').then(
      ({ startHibernationSweep }) => void (destroyed || (sweeper = startHibernationSweep(view, programs, hibernation, (id) => void hibernate(id)))),
      (error: unknown) => dispatch('suip-error', { generatorId: '', error: { code: -32603, message: `the hibernation sweep could not be loaded (${String(error)}); programs hibernate only through renderer.hibernate(id)` } }),
    );
  }

  function attachRemote(remote: AttachRemoteOptions): Promise<GeneratorHandle> {
    const channel: Channel | undefined = remote.channel;
    if (channel === undefined || typeof channel.send !== 'function' || typeof channel.onMessage !== 'function') return Promise.reject(new SuipHostError('invalid-option', 'attachRemote needs a channel with send, onMessage and close', { option: 'channel' }));
    // A remote generator brings its own channel: a kept sandbox frame has no use for it.
    const lane = remote.inPage === true ? remote.lane : undefined;
    return start(
      remote,
      (events, warm) => {
        warm?.destroy();
        return createRemoteConnection(channel, limits, events, remote.inPage === true);
      },
      // The in-page lane: messages as values, into the same session code (`dispatchInPage`).
      // The initialize result carries the vocabulary's prose and a handed-over subtree: while the
      // prose loads nothing is taken (the handshake then takes the channel, held until the prose is
      // in; every transaction comes after it), and an adopt is not offered the lane.
      lane === undefined || remote.adopt === true ? undefined : (lifecycle) => void (lane.dispatch = (messages) => (prose() === undefined && lifecycle.session?.dispatchInPage(messages as RpcMessage[])) || []),
    );
  }

  async function detach(id: string, detachOptions: DetachOptions = {}): Promise<void> {
    const record = programs.get(id);
    if (record !== undefined) return detachProgram(record, detachOptions.keep === true);
    const lifecycle = generators.get(id);
    if (lifecycle !== undefined) return lifecycle.detach(detachOptions.keep === true);
    // A kept subtree is removed for good by a plain detach.
    if (detachOptions.keep !== true && forget(id)) setTree(unmountGenerator(merged, id));
  }

  return {
    attach,
    attachRemote,
    detach,
    hibernate,
    wake: async (id) => {
      const record = programs.get(id);
      if (record !== undefined) await wakeProgram(record);
    },
    dialogs,
    snapshot: () => JSON.parse(JSON.stringify(merged)) as unknown,
    onTraffic(listener) {
      traffic.add(listener);
      return () => traffic.delete(listener);
    },
    async destroy() {
      destroyed = true;
      sweeper?.stop();
      void warmPool?.then((pool) => pool?.destroy());
      await Promise.all([...generators.keys()].map((id) => detach(id)));
      for (const id of [...kept.keys()]) forget(id);
      dialogs.destroy();
      frameBatch.cancel();
      view.remove();
      frames.remove();
    },
  };
}
