import type { Limits } from '../../shared/limits.ts';
import type { ConnectionEvents, GeneratorConnection } from '../connection.ts';
import type { WatchdogTiming } from '../renderer-types.ts';
import { createHostLink, type HostLink } from './host-link.ts';
import { createSandboxFrame } from './sandbox-frame.ts';

/** What a sandbox connection needs. */
export interface SandboxConnectionOptions {
  /** Where the hidden iframes live. */
  frames: Element;
  relaySource: string;
  sandboxUrl?: string;
  /** The model's program. */
  code: string;
  limits: Limits;
  timing: WatchdogTiming;
}

/**
 * A generator in a sandbox: an iframe with the relay, which runs the program in a Worker and
 * enforces the transport budgets. Data strings go to the session; the relay's reports become
 * connection events.
 */
export function createSandboxConnection(options: SandboxConnectionOptions, events: ConnectionEvents): GeneratorConnection {
  const { limits, timing } = options;
  let link: HostLink | undefined;
  let destroyed = false;
  const frame = createSandboxFrame(options.frames, {
    relaySource: options.relaySource,
    sandboxUrl: options.sandboxUrl,
    onNavigated: () => events.onEnded('navigated', 'the sandbox document navigated away, so the generator was ended'),
  });
  const channel = frame.connected.then((port) => {
    link = createHostLink(port, (report) => {
      if (report.suip === 'terminated') events.onEnded(report.reason, report.message);
      else events.onException(report.message, report.line, report.fatal === true);
    });
    if (destroyed) link.close();
    return link.channel;
  });
  return {
    kind: 'sandbox',
    channel,
    begin() {
      link?.command({
        suip: 'start',
        code: options.code,
        budgets: {
          maxMessageBytes: limits.maxMessageBytes,
          maxMessagesPerSecond: limits.maxMessagesPerSecond,
          heartbeatIntervalMs: timing.intervalMs,
          heartbeatTimeoutMs: timing.timeoutMs,
          startupTimeoutMs: timing.startupTimeoutMs,
        },
      });
    },
    stop() {
      link?.command({ suip: 'stop' });
    },
    destroy() {
      destroyed = true;
      link?.close();
      frame.destroy();
    },
  };
}
