/**
 * What the gate Worker needs: the program's budgets, and a breach port on which it tells the relay
 * why it ended a run.
 */
export interface GateBreach {
  reason: 'rate' | 'bytes' | 'type';
  message: string;
}

/**
 * The gate: a TRUSTED Worker between the program's Worker and the relay, on neither's thread. Every
 * port the program gets from the relay (control, data, and each comlink proxy the relay sends
 * later) is a pair through the gate: what the program posts spends one shared token bucket of
 * `maxMessagesPerSecond` (the relay's own budget), a string longer than `maxMessageBytes` code units
 * is refused unread (its UTF-8 length is at least that), and a port sent back is refused; the first
 * breach closes every port of the gate and tells the relay, which ends the program with that reason.
 *
 * Why: Firefox runs the opaque-origin sandbox frame, and so the relay, on the host's thread, and
 * each message a Worker posts to a port there is a task of that thread before any script of the
 * relay sees it: a Worker's synchronous flood of 200,000 posts stalled the host for seconds and
 * starved the relay's own budget check until the heartbeat fired. Through the gate the host's
 * thread receives at most one burst of the budget, and a 128 MB string is read on the gate's
 * thread, not the host's. Self-contained (it runs from its own source text in a blob Worker).
 */
function gateMain(): void {
  self.addEventListener(
    'message',
    (boot: MessageEvent) => {
      const [breachPort, ...pairs] = boot.ports;
      const budget = boot.data as { maxMessagesPerSecond: number; maxMessageBytes: number };
      const perSecond = budget.maxMessagesPerSecond;
      let tokens = perSecond;
      let last = performance.now();
      let dead = false;
      const open: MessagePort[] = [];
      const take = () => {
        const now = performance.now();
        tokens = Math.min(perSecond, tokens + ((now - last) * perSecond) / 1000);
        last = now;
        if (tokens < 1) return false;
        tokens -= 1;
        return true;
      };
      const end = (reason: string, message: string) => {
        if (dead) return;
        dead = true;
        breachPort?.postMessage({ reason, message });
        // SECURITY: closing drops everything the program queued; nothing more crosses.
        for (const port of open) port.close();
        breachPort?.close();
        self.close();
      };
      // The relay's messages may carry ports (comlink proxies): each one the program gets is a
      // new pair through this gate, swapped in where the port was.
      const swap = (value: unknown, swapped: Map<MessagePort, MessagePort>, depth: number): unknown => {
        if (value instanceof MessagePort) return swapped.get(value) ?? value;
        if (depth > 16 || value === null || typeof value !== 'object') return value;
        if (Array.isArray(value)) return value.map((item) => swap(item, swapped, depth + 1));
        const copy: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) copy[key] = swap(item, swapped, depth + 1);
        return copy;
      };
      const gate = (relaySide: MessagePort, programSide: MessagePort) => {
        open.push(relaySide, programSide);
        programSide.onmessage = (event) => {
          if (dead) return;
          if (event.ports.length > 0)
            return end('type', 'the generator sent a port towards the relay, which the protocol does not do');
          const data: unknown = event.data;
          if (typeof data === 'string' && data.length > budget.maxMessageBytes)
            return end('bytes', `the generator sent a message larger than maxMessageBytes ${budget.maxMessageBytes}`);
          if (!take())
            return end('rate', `the generator sent more than maxMessagesPerSecond ${perSecond} messages per second`);
          relaySide.postMessage(data);
        };
        relaySide.onmessage = (event) => {
          if (dead) return;
          const swapped = new Map<MessagePort, MessagePort>();
          for (const port of event.ports) {
            const pair = new MessageChannel();
            gate(port, pair.port1);
            swapped.set(port, pair.port2);
          }
          programSide.postMessage(swap(event.data, swapped, 0), [...swapped.values()]);
        };
      };
      for (let i = 0; i + 1 < pairs.length; i += 2) gate(pairs[i]!, pairs[i + 1]!);
    },
    { once: true },
  );
}

/** The gate's script: `gateMain`'s own source, run at once. */
const GATE_SCRIPT = `(${gateMain.toString()})();`;

/** A started gate: the ports to hand the program, and how to end it. */
export interface Gate {
  /** The program-side ends of `relaySides`, in the same order. */
  readonly programSides: MessagePort[];
  terminate(): void;
}

/**
 * Start a gate Worker between the relay's ports and the program: each of `relaySides` (the far ends
 * of channels whose near ends the relay keeps) gets a program-side twin, which the relay sends to
 * the program instead. `onBreach` hears the first budget the program broke.
 */
export function startGate(
  relaySides: MessagePort[],
  budgets: { maxMessagesPerSecond: number; maxMessageBytes: number },
  onBreach: (breach: GateBreach) => void,
): Gate {
  const url = URL.createObjectURL(new Blob([GATE_SCRIPT], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'suip-gate' });
  // A gate that cannot run (the page's CSP refuses Workers) sends nothing: the program's own Worker
  // is refused by the same policy, and the relay falls back to the frame engine.
  worker.onerror = (event) => event.preventDefault();
  const breach = new MessageChannel();
  breach.port1.onmessage = (event: MessageEvent<GateBreach>) => onBreach(event.data);
  const programSides: MessagePort[] = [];
  const transfer: MessagePort[] = [breach.port2];
  for (const relaySide of relaySides) {
    const pair = new MessageChannel();
    programSides.push(pair.port2);
    transfer.push(relaySide, pair.port1);
  }
  worker.postMessage(
    { maxMessagesPerSecond: budgets.maxMessagesPerSecond, maxMessageBytes: budgets.maxMessageBytes },
    transfer,
  );
  return {
    programSides,
    terminate() {
      worker.terminate();
      breach.port1.close();
      URL.revokeObjectURL(url);
    },
  };
}
