import type { Limits } from '../../shared/limits.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from '../connection.ts';
import type { IsolationMode, RelayBudgets, RelayReport } from '../../shared/relay-control.ts';
import type { WatchdogTiming } from '../renderer-types.ts';
import { watchRelay, type RelayWatch } from './frame-watchdog.ts';
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
  let link: HostLink | undefined;
  /** Set while the program runs on the relay's thread (isolation `frame`): the host watches the relay. */
  let watch: RelayWatch | undefined;
  let unguard: (() => void) | undefined;
  let destroyed = false;
  let navigated = false;
  let begun = false;
  const onReport = (report: RelayReport) => {
    if (report.suip === 'pong') watch?.pong();
    else if (report.suip === 'isolation') onIsolation(report.mode, report.message);
    else if (report.suip === 'terminated') events.onEnded(report.reason, report.message);
    else events.onException(report.message, report.line, report.fatal === true, report.handled === true);
  };
  let frame: SandboxFrame;
  let channel: Promise<HostLink['channel']>;
  let begin: () => void;
  if (warm !== undefined) {
    // The relay listens on the warm port; the restart hands it this run's own port.
    frame = warm.frame;
    frame.onNavigated(() => onNavigated());
    const next = new MessageChannel();
    link = createHostLink(next.port1, onReport);
    channel = Promise.resolve(link.channel);
    begin = () => {
      begun = true;
      warm.port.postMessage({ suip: 'restart', code: options.code, budgets }, [next.port2]);
      warm.port.close();
    };
  } else {
    const spare = options.spare !== undefined && !options.spare.destroyed ? options.spare : undefined;
    // A new srcdoc frame carries the start itself (the relay starts the Worker as it runs); a
    // spare frame, loaded long ago, and the static strict-CSP document are sent it once connected.
    const inDocument = spare === undefined && options.sandboxUrl === undefined;
    frame =
      spare ??
      createSandboxFrame(options.frames, {
        relaySource: options.relaySource,
        sandboxUrl: options.sandboxUrl,
        ...(inDocument ? { start: { suip: 'start', code: options.code, budgets } } : {}),
      });
    frame.onNavigated(() => onNavigated());
    channel = frame.connected.then((port) => {
      link = createHostLink(port, onReport);
      if (destroyed) link.close();
      return link.channel;
    });
    begin = inDocument ? () => undefined : () => link?.command({ suip: 'start', code: options.code, budgets });
  }
  function onIsolation(mode: IsolationMode, message: string): void {
    unwatch();
    if (mode === 'frame' && link !== undefined && !destroyed) {
      watch = watchRelay(link, timing, (waited) =>
        events.onEnded(
          'heartbeat',
          `the sandbox did not answer the host's heartbeat for ${Math.round(waited)} ms: its program runs on the sandbox's own thread (the host page's CSP refuses Workers) and blocked it, e.g. with an endless loop; the host removed its frame`,
        ),
      );
      unguard = guardWindowMessages(frame.iframe, () =>
        events.onEnded('type', "the generator posted to the host page's window, which the protocol does not use"),
      );
    }
    events.onIsolation?.(mode, message);
  }
  function unwatch(): void {
    watch?.stop();
    unguard?.();
    watch = unguard = undefined;
  }
  function onNavigated(): void {
    navigated = true;
    events.onEnded('navigated', 'the sandbox document navigated away, so the generator was ended');
  }
  function destroy(): void {
    destroyed = true;
    unwatch();
    link?.close();
    warm?.port.close();
    frame.destroy();
  }
  return {
    kind: 'sandbox',
    channel,
    begin: () => begin(),
    stop() {
      link?.command({ suip: 'stop' });
    },
    destroy,
    release() {
      unwatch();
      if (warm !== undefined && !begun && !destroyed && !navigated) {
        // Ended before its restart was sent: the relay still listens on the warm port.
        destroyed = true;
        link?.close();
        frame.onNavigated(() => undefined);
        return warm;
      }
      // Only a frame that is whole is kept: connected, never navigated, not torn down.
      const port = destroyed || navigated ? undefined : link?.release();
      if (port === undefined) {
        destroy();
        return undefined;
      }
      destroyed = true;
      frame.onNavigated(() => undefined);
      return { kind: 'sandbox', frame, port, destroy: () => (port.close(), frame.destroy()) } satisfies WarmSandbox;
    },
  };
}
