import { createRateBudget } from '../../shared/rate-budget.ts';

/**
 * The gate: a TRUSTED Worker the relay starts for each run, which starts the program's Worker
 * itself (a nested Worker) and stands between it and the relay. Everything the program can post
 * lands on this thread first: its data and comlink ports end here, its own channel
 * (`self.postMessage`) is this Worker's `Worker` object, and its uncaught errors are events here.
 * Each message spends one token of the run's rate budget, counted before anything reads it; a
 * string longer than `maxMessageBytes` code units (so at least that many UTF-8 bytes) is refused
 * unread, and so is anything but a string on the data port or a port sent towards the relay. The
 * first breach ends the program here and tells the relay why. Only what passed crosses to the
 * relay, at most one burst of the budget: the relay makes the exact checks again.
 *
 * Why: Firefox (and WebKitGTK) run the opaque-origin sandbox frame, and so the relay, on the host
 * page's thread, where each message a Worker posts to a port of that frame is a task before any
 * relay script sees it. A program's loop of posts cost the host seconds there even though the relay
 * ended it at its first look. Through the gate the host's thread gets at most the budget's
 * messages, whatever the program posts. See docs/security.md, "Firefox ESR".
 *
 * The protocol with the relay (gate-engine.ts): the first message is `GateBoot` with an events
 * port; then the relay's `boot` for the program, whose ports this gate pairs with its own.
 */

/** What the relay tells the gate first. */
export interface GateBoot {
  /** The program's Worker script (the model's code wrapped with the runtime). */
  script: string;
  maxMessagesPerSecond: number;
  maxMessageBytes: number;
}

/** What the gate tells the relay on the events port. */
export type GateEvent =
  | { kind: 'breach'; reason: 'rate' | 'bytes' | 'type'; message: string }
  /** The program's Worker fired `error` (a script that did not run, or an uncaught exception). */
  | { kind: 'error'; message?: string; lineno?: number }
  /** The program posted on its Worker's own channel, which the protocol never does. */
  | { kind: 'own-channel' };

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Replace each transferred port in `value` by its stand-in (comlink puts proxies' ports in its messages). */
function swap(value: unknown, swapped: Map<MessagePort, MessagePort>, depth: number): unknown {
  if (value instanceof MessagePort) return swapped.get(value) ?? value;
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => swap(item, swapped, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = swap(item, swapped, depth + 1);
  return copy;
}

function run(boot: GateBoot, events: MessagePort): void {
  const rate = createRateBudget(boot.maxMessagesPerSecond);
  const open: MessagePort[] = [];
  let dead = false;
  const blobUrl = URL.createObjectURL(new Blob([boot.script], { type: 'text/javascript' }));
  const program = new Worker(blobUrl, { name: 'suip-generator' });
  const tell = (event: GateEvent) => events.postMessage(event);
  const breach = (reason: 'rate' | 'bytes' | 'type', message: string) => {
    if (dead) return;
    dead = true;
    // SECURITY: the program ends here, and closing the ports drops what it queued on them.
    program.terminate();
    for (const port of open) port.close();
    URL.revokeObjectURL(blobUrl);
    tell({ kind: 'breach', reason, message });
  };
  const tooMany = `the generator sent more than maxMessagesPerSecond ${boot.maxMessagesPerSecond} messages per second`;
  // SECURITY: the budget is spent before the message is looked at, once per message.
  const spend = (): boolean => {
    if (dead || rate.take()) return !dead;
    breach('rate', tooMany);
    return false;
  };
  program.onmessage = () => {
    if (!dead) tell({ kind: 'own-channel' });
  };
  program.onerror = (event) => {
    // Handled here: an error left unhandled would bubble to this Worker's global, then the relay.
    event.preventDefault();
    if (!spend()) return;
    tell({ kind: 'error', message: event.message || undefined, lineno: event.lineno || undefined });
  };
  /** Forward between a relay-side port and its program-side twin; `data` is the JSON text port. */
  const pair = (relaySide: MessagePort, programSide: MessagePort, data: boolean) => {
    open.push(relaySide, programSide);
    programSide.onmessage = (event) => {
      if (!spend()) return;
      if (event.ports.length > 0)
        return breach('type', 'the generator sent a port towards the relay, which the protocol does not do');
      const text: unknown = event.data;
      if (data && typeof text !== 'string')
        return breach('type', 'the generator sent a message that is not a JSON text');
      if (typeof text === 'string' && text.length > boot.maxMessageBytes)
        return breach('bytes', `the generator sent a message larger than maxMessageBytes ${boot.maxMessageBytes}`);
      relaySide.postMessage(text);
    };
    // The relay's side is trusted: its messages go on, each port in them through a new twin.
    relaySide.onmessage = (event) => {
      if (dead) return;
      const swapped = new Map<MessagePort, MessagePort>();
      for (const port of event.ports) {
        const twin = new MessageChannel();
        pair(port, twin.port1, false);
        swapped.set(port, twin.port2);
      }
      programSide.postMessage(swap(event.data, swapped, 0), [...swapped.values()]);
    };
  };
  // The relay's boot for the program: its ports, each paired with a twin the program gets instead.
  scope.onmessage = (event) => {
    if (dead) return;
    const twins = event.ports.map((relaySide, index) => {
      const twin = new MessageChannel();
      // The relay's boot sends [control, data] (relay-main.ts).
      pair(relaySide, twin.port1, index === 1);
      return twin.port2;
    });
    program.postMessage(event.data, twins);
  };
}

scope.addEventListener(
  'message',
  (event: MessageEvent<GateBoot>) => {
    const events = event.ports[0];
    if (events !== undefined) run(event.data, events);
  },
  { once: true },
);
