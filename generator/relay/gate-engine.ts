import gateSource from 'virtual:suip-gate-source';
import type { Engine } from './frame-engine.ts';
import type { GateBoot, GateBreach, GateEvent } from './gate-main.ts';

/** The gate engine: an `Engine` whose breaches of the budgets end the run with their reason. */
export interface GateEngine extends Engine {
  /** The gate ended the program for a broken budget: the relay ends the run with this reason. */
  onbreach: ((reason: GateBreach, message: string) => void) | null;
  /** The program spoke for the first time: its Worker is up (gate-start.ts `watchStart`). */
  onstarted: (() => void) | null;
}

/**
 * True where the relay's frame runs on the host page's thread, so the program's posts must land
 * on a gate Worker's thread instead (gate-main.ts): every engine but Chromium's, whose opaque-origin
 * frames run out of the host's process (measured in docs/security.md, "Firefox ESR"). Read from the
 * user agent at each run's start: Chromium keeps the direct Worker exactly as before.
 */
export function relaySharesHostThread(userAgent: string = navigator.userAgent): boolean {
  return !/\b(?:Chrome|Chromium|HeadlessChrome)\//.test(userAgent);
}

/**
 * Start the program's Worker behind a gate Worker (gate-main.ts). To the relay it has the shape of
 * the `Worker` it drives (relay-main.ts): `postMessage` for the boot and its ports, `onerror` for
 * the program's errors (and for a gate the page's CSP refused, which the relay then reads as the
 * program's refusal), `terminate`; `onbreach` for a budget the gate saw broken.
 */
export function startGateEngine(script: string, budgets: Omit<GateBoot, 'script'>): GateEngine {
  const url = URL.createObjectURL(new Blob([gateSource], { type: 'text/javascript' }));
  const gate = new Worker(url, { name: 'suip-gate' });
  let ended = false;
  const engine: GateEngine = {
    onerror: null,
    onmessage: null,
    onbreach: null,
    onstarted: null,
    postMessage: (message, transfer) => gate.postMessage(message, transfer),
    terminate() {
      if (ended) return;
      ended = true;
      // Ending the gate ends its nested program Worker with it.
      gate.terminate();
      URL.revokeObjectURL(url);
    },
  };
  gate.onerror = (event) => engine.onerror?.(event);
  // The gate's own channel: trusted (the program cannot post on it), one event per breach or error.
  gate.onmessage = ({ data }: MessageEvent<GateEvent>) => {
    if (ended) return;
    if (data.kind === 'breach') return engine.onbreach?.(data.reason, data.message);
    if (data.kind === 'started') return engine.onstarted?.();
    // No message stays no message: the relay names a script that failed to load itself.
    const event = { message: data.message, lineno: data.lineno ?? 0, preventDefault: () => undefined };
    engine.onerror?.(event as Pick<ErrorEvent, 'message' | 'lineno' | 'preventDefault'>);
  };
  gate.postMessage({ script, ...budgets } satisfies GateBoot);
  return engine;
}
