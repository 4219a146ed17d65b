/** Refusals counted by code, from the server's own log events. */
export interface RefusalCounter {
  /** The log to hand every part of the server: it counts each refusal, then passes the event on. */
  log(event: Record<string, unknown>): void;
  /** Refusals so far, by code. */
  counts(): ReadonlyMap<string, number>;
}

/** The events that say something was refused, and how many each says (`connections-evicted` sums its `count`). */
const REFUSALS = new Set(['http-refused', 'upgrade-refused', 'slow-consumer', 'connections-evicted', 'mcp-refused']);

/** The code of an event that carries none. */
const IMPLIED: Record<string, string> = { 'slow-consumer': 'SLOW_CONSUMER', 'connections-evicted': 'EVICTED' };

/**
 * Counts every refusal the server logs, by its code, for `/metrics`. One tap on the one log every
 * part already writes to when it refuses (nothing refused is silent), so no route keeps a second
 * count that could disagree with its log lines.
 */
export function countRefusals(log: (event: Record<string, unknown>) => void): RefusalCounter {
  const counts = new Map<string, number>();
  return {
    log(event) {
      if (typeof event.event === 'string' && REFUSALS.has(event.event)) {
        const code = typeof event.code === 'string' ? event.code : (IMPLIED[event.event] ?? 'OTHER');
        // A bounded label set: codes are the server's own words; anything else counts as OTHER.
        const key = /^[A-Z_]{1,40}$/.test(code) ? code : 'OTHER';
        counts.set(key, (counts.get(key) ?? 0) + (typeof event.count === 'number' ? event.count : 1));
      }
      log(event);
    },
    counts: () => counts,
  };
}
