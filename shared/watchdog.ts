/** What the watchdog needs: a ping that resolves when the Worker answers. */
export interface WatchdogOptions {
  ping(): Promise<unknown>;
  intervalMs: number;
  timeoutMs: number;
  /** Allowed for the first ping (the Worker is still parsing its script). */
  startupTimeoutMs: number;
  /** Called once when a ping stays unanswered too long. */
  onTimeout(waitedMs: number): void;
  now?: () => number;
}

/**
 * Pings the Worker every `intervalMs`; a ping unanswered for `timeoutMs` means its event loop is
 * stuck (`while (true) {}`), and only terminating it helps. Returns a stop function. The relay
 * runs it on its program; the host runs the same one on a relay whose program shares its thread
 * (the Worker-less mode, `renderer/frame/frame-watchdog.ts`). DOM-free, so both layers import it.
 */
export function startWatchdog(options: WatchdogOptions): () => void {
  const now = options.now ?? (() => performance.now());
  let sentAt: number | undefined;
  let lastSent = -Infinity;
  let answered = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  let lastTick = now();
  let current = 0;
  const tick = () => {
    if (stopped) return;
    const t = now();
    const asleep = t - lastTick > options.timeoutMs;
    lastTick = t;
    // The relay itself was not running (a frozen background page): the Worker's answer may be
    // queued behind this tick, so judge it only from a ping sent while the relay was awake.
    if (asleep) sentAt = undefined;
    if (sentAt !== undefined) {
      const limit = answered ? options.timeoutMs : options.startupTimeoutMs;
      if (t - sentAt > limit) {
        stop();
        options.onTimeout(t - sentAt);
      }
      return;
    }
    if (t - lastSent < options.intervalMs) return;
    sentAt = t;
    lastSent = t;
    const ping = (current += 1);
    options.ping().then(
      () => {
        answered = true;
        // Only the newest ping's answer clears it (an older one may arrive after a re-ping).
        if (ping === current) sentAt = undefined;
      },
      () => undefined,
    );
  };
  // Checked more often than pinged, so a stuck Worker is caught soon after its timeout.
  const timer = setInterval(tick, Math.max(10, Math.min(options.intervalMs, options.timeoutMs / 4)));
  tick();
  return stop;
}
