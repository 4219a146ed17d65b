/** How a client waits between reconnect attempts. */
export interface BackoffOptions {
  /** The first delay (ms). */
  baseMs: number;
  /** The longest delay (ms). */
  maxMs: number;
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
