import { DEFAULT_LIMITS, PROTOCOL_VERSION, utf8Length, type HostContext, type InitializeResult, type Limits, type Op } from '../shared/index.ts';
import { createHostLink, type HostLink, type RelayReport } from './frame/host-link.ts';
import { RELAY_SOURCE } from './frame/relay-source.ts';
import { createSandboxFrame, type SandboxFrame } from './frame/sandbox-frame.ts';
import type { AttachOptions, GeneratorHandle, GeneratorStatus, Renderer, RendererOptions, SuipErrorDetail, SuipStatusDetail, TrafficRecord, WatchdogTiming } from './renderer-types.ts';
import { RendererSession, type ApplyResult } from './session/renderer-session.ts';
import { routeEvent } from './session/route-event.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, unmountGenerator, type MergedTree } from './tree/index.ts';
import { createUrlPolicy } from './policy/url-policy.ts';
import { createGroupChecker } from './vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from './vocabulary/registry.ts';
import type { ViewContext, ViewEvent } from './view/view-context.ts';
import type { SuipTree } from './view/suip-tree.ts';
import './view/suip-tree.ts';

const DEFAULT_WATCHDOG: WatchdogTiming = { intervalMs: 200, timeoutMs: 1000, startupTimeoutMs: 5000 };


interface Entry {
  id: string;
  status: GeneratorStatus;
  frame: SandboxFrame;
  link?: HostLink;
  session?: RendererSession;
  handle: GeneratorHandle;
  /** An exception reported before `suip/initialized` arrived (reported once ready). */
  pendingError?: string;
  /** Settles the pending `attach` promise (undefined once settled). */
  settle?: (error?: Error) => void;
}


/**
 * Create a renderer in `container`: one merged tree shown by one view element, and a sandboxed
 * iframe (relay + Worker) per attached generator. `suip-status` and `suip-error` events are
 * dispatched on `container`.
 */
export function createRenderer(container: HTMLElement, options: RendererOptions = {}): Renderer {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const timing: WatchdogTiming = { ...DEFAULT_WATCHDOG, ...options.watchdog };
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const hostContext: HostContext = options.hostContext ?? { theme: dark ? 'dark' : 'light', locale: navigator.language || 'en' };
  const relaySource = options.relaySource ?? RELAY_SOURCE;
  // Secure by default: the built-in vocabulary is announced and enforced, URLs go through the allowlist.
  const vocabulary = options.vocabulary ?? BUILTIN_VOCABULARY;
  const checkGroup = options.checkGroup ?? createGroupChecker(vocabulary);
  const entries = new Map<string, Entry>();
  const traffic = new Set<(record: TrafficRecord) => void>();
  let merged: MergedTree = createMergedTree();
  let destroyed = false;

  const context: ViewContext = {
    policy: options.policy ?? createUrlPolicy(),
    emit: (event: ViewEvent) => routeEvent(merged, event, (id) => entries.get(id)?.session),
  };
  const view = document.createElement('suip-tree') as SuipTree;
  view.context = context;
  const frames = document.createElement('div');
  frames.setAttribute('data-suip-frames', '');
  frames.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  container.append(view, frames);
  updateView();

  function updateView(): void {
    view.root = merged;
  }

  function dispatch(name: 'suip-status', detail: SuipStatusDetail): void;
  function dispatch(name: 'suip-error', detail: SuipErrorDetail): void;
  function dispatch(name: string, detail: unknown): void {
    container.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  function setStatus(entry: Entry, status: GeneratorStatus, reason?: string): void {
    entry.status = status;
    dispatch('suip-status', reason === undefined ? { generatorId: entry.id, status } : { generatorId: entry.id, status, reason });
  }

  /** Remove a generator's sandbox and subtree; reports `status` with `reason`. */
  function teardown(entry: Entry, status: 'terminated' | 'error', reason: string): void {
    if (entries.get(entry.id) !== entry) return;
    entries.delete(entry.id);
    entry.session?.close();
    entry.link?.close();
    entry.frame.destroy();
    merged = unmountGenerator(merged, entry.id);
    updateView();
    setStatus(entry, status, reason);
    entry.settle?.(new Error(`generator ${JSON.stringify(entry.id)} did not start: ${reason}`));
  }

  function apply(entry: Entry, ops: readonly Op[]): ApplyResult {
    const result = applyGeneratorTransaction(merged, entry.id, ops, { limits, checkGroup });
    if (!result.ok) return result;
    if (result.tree !== merged) {
      merged = result.tree;
      updateView();
    }
    return { ok: true };
  }

  function onReport(entry: Entry, report: RelayReport): void {
    if (report.suip === 'terminated') {
      dispatch('suip-error', { generatorId: entry.id, error: { code: -32005, message: report.message, data: { reason: report.reason } } });
      teardown(entry, 'terminated', report.reason);
      return;
    }
    const reason = `exception: ${report.message}${report.line !== undefined ? ` (line ${report.line})` : ''}`;
    dispatch('suip-error', { generatorId: entry.id, error: { code: -32603, message: `the generator's code threw: ${reason.slice(11)}`, data: { reason: 'exception' } } });
    // A script that failed before the handshake (e.g. a syntax error) cannot recover: tear down.
    if (report.fatal === true) teardown(entry, 'error', reason);
    // The report travels on another port than the data and may overtake `suip/initialized`:
    // it is reported right after the generator becomes ready.
    else if (entry.status === 'starting') entry.pendingError = reason;
    else setStatus(entry, 'error', reason);
  }

  async function connect(entry: Entry, code: string): Promise<void> {
    const port = await entry.frame.connected;
    if (entries.get(entry.id) !== entry) return;
    const link = createHostLink(port, (report) => onReport(entry, report));
    entry.link = link;
    const result: InitializeResult = { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'suip', version: '0.1.0' }, vocabulary: [...vocabulary], limits, hostContext };
    entry.session = new RendererSession({
      channel: link.channel,
      limits,
      result,
      apply: (ops) => apply(entry, ops),
      onInitialized: () => {
        setStatus(entry, 'ready');
        entry.settle?.();
        if (entry.pendingError !== undefined) setStatus(entry, 'error', entry.pendingError);
      },
      onError: (error) => dispatch('suip-error', { generatorId: entry.id, error }),
      onViolation: (reason, message) => {
        dispatch('suip-error', { generatorId: entry.id, error: { code: -32005, message, data: { reason } } });
        teardown(entry, 'terminated', reason);
      },
      onTraffic: (direction, text) => {
        if (traffic.size === 0) return;
        const record: TrafficRecord = { generatorId: entry.id, direction, text, bytes: utf8Length(text), time: performance.now() };
        for (const listener of traffic) {
          try {
            listener(record);
          } catch (error) {
            // A devtools listener's bug must not break the session it watches.
            queueMicrotask(() => {
              throw error;
            });
          }
        }
      },
    });
    link.command({ suip: 'start', code, budgets: { maxMessageBytes: limits.maxMessageBytes, maxMessagesPerSecond: limits.maxMessagesPerSecond, heartbeatIntervalMs: timing.intervalMs, heartbeatTimeoutMs: timing.timeoutMs, startupTimeoutMs: timing.startupTimeoutMs } });
  }

  async function detach(id: string): Promise<void> {
    const entry = entries.get(id);
    if (entry === undefined) return;
    await entry.session?.shutdown();
    entry.link?.command({ suip: 'stop' });
    teardown(entry, 'terminated', 'detached');
  }

  async function attach({ id, code }: AttachOptions): Promise<GeneratorHandle> {
    if (destroyed) throw new Error('this renderer was destroyed');
    if (typeof id !== 'string' || id.length === 0 || id.length > limits.maxIdLength) throw new TypeError(`a generator id must be a string of 1..${limits.maxIdLength} characters`);
    if (entries.has(id)) throw new Error(`a generator with id ${JSON.stringify(id)} is already attached`);
    if (typeof code !== 'string') throw new TypeError('the generator code must be a string');
    merged = mountGenerator(merged, id);
    updateView();
    const frame = createSandboxFrame(frames, { relaySource, sandboxUrl: options.sandboxUrl, onNavigated: () => teardown(entry, 'terminated', 'navigated') });
    const handle: GeneratorHandle = {
      id,
      get status() {
        return entry.status;
      },
      detach: () => (entries.get(id) === entry ? detach(id) : Promise.resolve()),
    };
    const entry: Entry = { id, status: 'starting', frame, handle };
    entries.set(id, entry);
    const started = new Promise<void>((resolve, reject) => {
      entry.settle = (error) => {
        entry.settle = undefined;
        if (error) reject(error);
        else resolve();
      };
    });
    setStatus(entry, 'starting');
    const timer = setTimeout(() => teardown(entry, 'error', 'initialize timeout'), options.initializeTimeoutMs ?? 10_000);
    connect(entry, code).catch((error: unknown) => teardown(entry, 'error', `connect failed: ${error instanceof Error ? error.message : String(error)}`));
    try {
      await started;
    } finally {
      clearTimeout(timer);
    }
    return handle;
  }

  return {
    attach,
    detach,
    snapshot: () => JSON.parse(JSON.stringify(merged)) as unknown,
    onTraffic(listener) {
      traffic.add(listener);
      return () => traffic.delete(listener);
    },
    async destroy() {
      destroyed = true;
      await Promise.all([...entries.keys()].map((id) => detach(id)));
      view.remove();
      frames.remove();
    },
  };
}
