import gateSource from 'virtual:suip-gate-source';
import type { GateBoot, GateEvent } from './gate-main.ts';
import type { Engine } from './frame-engine.ts';

/** The gate engine: an `Engine` whose breaches of the budgets end the run with their reason. */
export interface GateEngine extends Engine {
  /** The gate ended the program for a broken budget: the relay ends the run with this reason. */
  onbreach: ((reason: 'rate' | 'bytes' | 'type', message: string) => void) | null;
}

/**
 * Start the program's Worker behind a gate Worker (gate-main.ts): the gate starts `script` as its
 * own nested Worker, spends the budgets on everything the program posts on the gate's thread, and
 * passes on only what kept within them. To the relay it has the `Worker` shape it already drives
 * (relay-main.ts): the boot's ports, `onerror` for the program's errors (and for a gate the page's
 * CSP refused, which the relay then reads as the program's refusal), `onmessage` for a post on
 * the program's own channel, `terminate`.
 */
export function startGateEngine(script: string, budgets: Omit<GateBoot, 'script'>): GateEngine {
  const url = URL.createObjectURL(new Blob([gateSource], { type: 'text/javascript' }));
  const gate = new Worker(url, { name: 'suip-gate' });
  const events = new MessageChannel();
  let ended = false;
  const engine: GateEngine = {
    onerror: null,
    onmessage: null,
    onbreach: null,
    postMessage: (message, transfer) => gate.postMessage(message, transfer),
    terminate() {
      if (ended) return;
      ended = true;
      // Ending the gate ends its nested program Worker with it.
      gate.terminate();
      events.port1.close();
      URL.revokeObjectURL(url);
    },
  };
  gate.onerror = (event) => engine.onerror?.(event);
  events.port1.onmessage = ({ data }: MessageEvent<GateEvent>) => {
    if (ended) return;
    if (data.kind === 'breach') engine.onbreach?.(data.reason, data.message);
    else if (data.kind === 'own-channel') engine.onmessage?.(data);
    else
      engine.onerror?.({
        message: data.message ?? '',
        lineno: data.lineno ?? 0,
        preventDefault: () => undefined,
      });
  };
  gate.postMessage({ script, ...budgets } satisfies GateBoot, [events.port2]);
  return engine;
}
