import type { Limits } from '../../shared/limits.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from '../connection.ts';
import type { IsolationMode, RelayBudgets, RelayReport, StartCommand } from '../../shared/relay-control.ts';
import type { WatchdogTiming } from '../renderer-types.ts';
import { watchRelay } from './frame-watchdog.ts';
import { createHostLink, type HostLink } from './host-link.ts';
import { guardWindowMessages } from './window-message-guard.ts';
import { createSandboxFrame, type SandboxFrame } from './sandbox-frame.ts';

/** A sandbox frame whose relay is idle between two runs, with the port it listens on. */
export interface WarmSandbox extends WarmTransport {
  readonly frame: SandboxFrame;
  readonly port: MessagePort;
}

/** What a sandbox connection needs. */
export interface SandboxConnectionOptions {
  /** Where the hidden iframes live. */
  frames: Element;
  /** The relay script, or its chunk still loading (`loadRelaySource`). */
  relaySource: string | Promise<string>;
  sandboxUrl?: string;
  /** The model's program. */
  code: string;
  limits: Limits;
  timing: WatchdogTiming;
  /**
   * A frame kept from the previous generator of this id: the program runs in it (a relay
   * `restart` on a fresh port) instead of in a new frame, which costs the host far less.
   */
  warm?: WarmSandbox;
  /**
   * A fresh frame created ahead of time (its relay loaded, no program ever ran in it): the
   * program starts in it, so a wake or attach does not wait for an iframe and its relay.
   */
  spare?: SandboxFrame;
}

/** What one connection's helpers share: the link once the relay connected, and how far it got. */
interface ConnectionState {
  link: HostLink | undefined;
  destroyed: boolean;
  navigated: boolean;
  begun: boolean;
}

/** The run's frame, its data channel once the relay connected, and how to set the program going. */
interface FrameStart {
  frame: SandboxFrame;
  channel: Promise<HostLink['channel']>;
  begin: () => void;
}

/** The program runs in a kept frame: the relay listens on the warm port; the restart hands it this run's own port. */
function startInWarm(
  warm: WarmSandbox,
  start: StartCommand,
  state: ConnectionState,
  onReport: (report: RelayReport) => void,
): FrameStart {
  const next = new MessageChannel();
  const link = createHostLink(next.port1, onReport);
  state.link = link;
  const begin = () => {
    state.begun = true;
    warm.port.postMessage({ ...start, suip: 'restart' }, [next.port2]);
    warm.port.close();
  };
  return { frame: warm.frame, channel: Promise.resolve(link.channel), begin };
}

/** The program runs in a spare frame, or a new one. */
function startInFresh(
  options: SandboxConnectionOptions,
  start: StartCommand,
  state: ConnectionState,
  onReport: (report: RelayReport) => void,
): FrameStart {
  const spare = options.spare !== undefined && !options.spare.destroyed ? options.spare : undefined;
  // A new srcdoc frame carries the start itself (the relay starts the Worker as it runs); a
  // spare frame, loaded long ago, and the static strict-CSP document are sent it once connected.
  const inDocument = spare === undefined && options.sandboxUrl === undefined;
  const frame =
    spare ??
    createSandboxFrame(options.frames, {
      relaySource: options.relaySource,
      sandboxUrl: options.sandboxUrl,
      ...(inDocument ? { start } : {}),
    });
  const channel = frame.connected.then((port) => {
    const link = createHostLink(port, onReport);
    state.link = link;
    if (state.destroyed) link.close();
    return link.channel;
  });
  return { frame, channel, begin: inDocument ? () => undefined : () => state.link?.command(start) };
}

/**
 * The host's own guards while the program runs on the relay's thread (isolation `frame`): the
 * host pings the relay, and a post to the host page's window ends the run. Returns their stop.
 */
function guardFrameMode(link: HostLink, frame: SandboxFrame, timing: WatchdogTiming, events: ConnectionEvents) {
  const watch = watchRelay(link, timing, (waited) =>
    events.onEnded(
      'heartbeat',
      `the sandbox did not answer the host's heartbeat for ${Math.round(waited)} ms: its program runs on the ` +
        "sandbox's own thread (the host page's CSP refuses Workers) and blocked it, e.g. with an endless loop; " +
        'the host removed its frame',
    ),
  );
  const unguard = guardWindowMessages(frame.iframe, () =>
    events.onEnded('type', "the generator posted to the host page's window, which the protocol does not use"),
  );
  return { pong: () => watch.pong(), stop: () => (watch.stop(), unguard()) };
}

/**
 * A generator in a sandbox: an iframe with the relay, which runs the program in a Worker and
 * enforces the transport budgets. Data strings go to the session; the relay's reports become
 * connection events.
 */
export function createSandboxConnection(
  options: SandboxConnectionOptions,
  events: ConnectionEvents,
): GeneratorConnection {
  const { limits, timing } = options;
  // A kept frame that navigated itself while idle is gone: start in a new one.
  const warm = options.warm !== undefined && !options.warm.frame.destroyed ? options.warm : undefined;
  if (warm === undefined) options.warm?.destroy();
  const budgets: RelayBudgets = {
    maxMessageBytes: limits.maxMessageBytes,
    maxMessagesPerSecond: limits.maxMessagesPerSecond,
    heartbeatIntervalMs: timing.intervalMs,
    heartbeatTimeoutMs: timing.timeoutMs,
    startupTimeoutMs: timing.startupTimeoutMs,
  };
  const state: ConnectionState = { link: undefined, destroyed: false, navigated: false, begun: false };
  /** Set while the program runs on the relay's thread (isolation `frame`): the host watches the relay. */
  let guard: ReturnType<typeof guardFrameMode> | undefined;
  const onReport = (report: RelayReport) => {
    if (report.suip === 'pong') guard?.pong();
    else if (report.suip === 'isolation') onIsolation(report.mode, report.message);
    else if (report.suip === 'terminated') events.onEnded(report.reason, report.message);
    else events.onException(report.message, report.line, report.fatal === true, report.handled === true);
  };
  const start: StartCommand = { suip: 'start', code: options.code, budgets };
  const { frame, channel, begin } =
    warm !== undefined ? startInWarm(warm, start, state, onReport) : startInFresh(options, start, state, onReport);
  frame.onNavigated(() => onNavigated());
  function onIsolation(mode: IsolationMode, message: string): void {
    unwatch();
    if (mode === 'frame' && state.link !== undefined && !state.destroyed)
      guard = guardFrameMode(state.link, frame, timing, events);
    events.onIsolation?.(mode, message);
  }
  function unwatch(): void {
    guard?.stop();
    guard = undefined;
  }
  function onNavigated(): void {
    state.navigated = true;
    events.onEnded('navigated', 'the sandbox document navigated away, so the generator was ended');
  }
  function destroy(): void {
    state.destroyed = true;
    unwatch();
    state.link?.close();
    warm?.port.close();
    frame.destroy();
  }
  return {
    kind: 'sandbox',
    channel,
    begin: () => begin(),
    stop() {
      state.link?.command({ suip: 'stop' });
    },
    destroy,
    release() {
      unwatch();
      if (warm !== undefined && !state.begun && !state.destroyed && !state.navigated) {
        // Ended before its restart was sent: the relay still listens on the warm port.
        state.destroyed = true;
        state.link?.close();
        frame.onNavigated(() => undefined);
        return warm;
      }
      // Only a frame that is whole is kept: connected, never navigated, not torn down.
      const port = state.destroyed || state.navigated ? undefined : state.link?.release();
      if (port === undefined) {
        destroy();
        return undefined;
      }
      state.destroyed = true;
      frame.onNavigated(() => undefined);
      return { kind: 'sandbox', frame, port, destroy: () => (port.close(), frame.destroy()) } satisfies WarmSandbox;
    },
  };
}
