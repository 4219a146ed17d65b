/**
 * How much longer than the run's startup timeout the first answer of a program behind the gate may
 * take, before the program first spoke. The gate starts two Workers one after the other (gate-main.ts),
 * each on the browser's time: a cold Firefox beside a loaded machine took over 5 s (docs/security.md,
 * "Firefox ESR"). None of it is the program's: its code runs only after the handshake.
 */
export const GATE_START_FACTOR = 4;

/** What `watchStart` needs of an engine: the gate's `onstarted` (gate-engine.ts), or nothing. */
export interface StartingEngine {
  onstarted?: (() => void) | null;
}

/**
 * Start the run's watchdog (`watch`, given the startup timeout to use) for `engine`. A direct Worker
 * gets `startupTimeoutMs` as before. Behind the gate, the first answer may take `GATE_START_FACTOR`
 * times as long until the program first speaks; from then on a new watchdog applies the run's own
 * timeouts, so a program that is up but stuck is judged exactly as a direct Worker is. Returns stop.
 */
export function watchStart(
  engine: object,
  startupTimeoutMs: number,
  watch: (startupTimeoutMs: number) => () => void,
): () => void {
  // Any engine (a Worker, the frame engine, the gate): only the gate has `onstarted`.
  if (!('onstarted' in engine)) return watch(startupTimeoutMs);
  const gate = engine as StartingEngine;
  let stop = watch(GATE_START_FACTOR * startupTimeoutMs);
  gate.onstarted = () => {
    gate.onstarted = null;
    stop();
    stop = watch(startupTimeoutMs);
  };
  return () => stop();
}
