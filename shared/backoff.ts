/** How a client waits between reconnect attempts. */
export interface BackoffOptions {
  /** The first delay (ms). */
  baseMs: number;
  /** The longest delay (ms). */
  maxMs: number;
}

/** The reconnect policy of a suip client: its delays and how many failures in a row it takes before it stops. */
export interface ReconnectPolicy extends BackoffOptions {
  /** Failed connections in a row after which the client stops and says so. */
  attempts: number;
}

/**
 * The one default of every suip client (the live channel's and the runtime bridge's): first retry
 * within 1 s, never more than 30 s apart, and a stop after 10 failures in a row (about three
 * minutes), so a page whose server is gone for good says so instead of trying forever.
 */
export const RECONNECT_DEFAULTS: Readonly<ReconnectPolicy> = Object.freeze({
  baseMs: 1000,
  maxMs: 30_000,
  attempts: 10,
});

/** The policy a client runs with: what its host set, the defaults for the rest. */
export function reconnectPolicy(overrides: Partial<ReconnectPolicy> = {}): ReconnectPolicy {
  return {
    baseMs: overrides.baseMs ?? RECONNECT_DEFAULTS.baseMs,
    maxMs: overrides.maxMs ?? RECONNECT_DEFAULTS.maxMs,
    attempts: overrides.attempts ?? RECONNECT_DEFAULTS.attempts,
  };
}

/**
 * The one reconnect delay of every suip client (the live channel's and the runtime bridge's):
 * exponential from `baseMs`, capped at `maxMs`, with jitter over the upper half, so a server
 * restart is not met by every client at the same instant. `failures` counts from 1.
 */
export function backoffDelay(failures: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 20);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  return ceiling * (0.5 + random() / 2);
}
