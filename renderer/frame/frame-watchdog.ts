import { startWatchdog } from '../../shared/watchdog.ts';
import type { WatchdogTiming } from '../renderer-types.ts';
import type { HostLink } from './host-link.ts';

/** The host's watch over one relay whose program runs on the relay's own thread. */
export interface RelayWatch {
  /** The relay answered a ping. */
  pong(): void;
  stop(): void;
}

/**
 * The watchdog of the Worker-less mode (isolation `frame`), on the host's side: the program runs
 * on the window thread it shares with its relay, so a loop stops the relay's own watchdog with it
 * (its timers never fire). The host pings the relay over the port with the same watchdog and the
 * same timing a relay uses on its Worker; an unanswered ping calls `onStuck`, and the host removes
 * the frame, which ends the looping process in Chromium (docs/security.md, "CSP × engine matrix").
 */
export function watchRelay(link: HostLink, timing: WatchdogTiming, onStuck: (waitedMs: number) => void): RelayWatch {
  let answers: Array<() => void> = [];
  const stop = startWatchdog({
    ping: () => {
      link.command({ suip: 'ping' });
      return new Promise<void>((resolve) => answers.push(resolve));
    },
    intervalMs: timing.intervalMs,
    timeoutMs: timing.timeoutMs,
    startupTimeoutMs: timing.startupTimeoutMs,
    onTimeout: (waited) => onStuck(waited),
  });
  return {
    pong() {
      const waiting = answers;
      answers = [];
      for (const resolve of waiting) resolve();
    },
    stop() {
      stop();
      answers = [];
    },
  };
}
