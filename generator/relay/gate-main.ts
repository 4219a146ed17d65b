import { createRateBudget } from '../../shared/rate-budget.ts';
import { REPORT_MESSAGE_CHARS } from '../../shared/relay-control.ts';
import type { OwnEnvelope, OwnLane } from '../runtime/own-channel.ts';
import { gateRefusal } from './gate-refusal.ts';
import { createSliceForwarder, RELAY_SLICE } from './slice-forwarder.ts';

/**
 * The gate: a TRUSTED Worker the relay starts for each run in Firefox and WebKit (gate-engine.ts),
 * which starts the program's Worker itself (a nested Worker, UNTRUSTED: the model's code) and
 * stands between it and the relay. The program has no MessagePort: its runtime speaks on its own
 * channel (`self.postMessage`, generator/runtime/own-channel.ts), so everything it can post, its
 * uncaught errors included, lands on this thread first, not on the relay's.
 *
 * Why: those engines run the opaque-origin sandbox frame, and so the relay, on the host page's
 * thread, where each message a Worker posts to a port of that frame is a task of the host before
 * any relay script sees it; a program's loop of posts cost the host hundreds of ms even though the
 * relay ended it at its first look. Here the rate, byte and type budgets are spent on this thread,
 * and the relay gets at most the budget's messages, in slices. See docs/security.md, "Firefox ESR".
 *
 * The protocol with the relay: the first message is `GateBoot`; the second the relay's `boot` with
 * its [control, data] ports, which this gate keeps (lanes "c" and "d"); each port inside a message
 * the relay sends on a lane (comlink's proxies) becomes a numbered lane. What the gate tells the
 * relay is a `GateEvent` on the gate's own channel.
 */

/** What the relay tells the gate first. */
export interface GateBoot {
  /** The program's Worker script (the model's code wrapped with the runtime). */
  script: string;
  maxMessagesPerSecond: number;
  maxMessageBytes: number;
}

/** A reason the gate ends the program for. */
export type GateBreach = 'rate' | 'bytes' | 'type';

/** What the gate tells the relay. */
export type GateEvent =
  | { kind: 'breach'; reason: GateBreach; message: string }
  /** The program's Worker fired `error` (a script that did not run, or an uncaught exception). */
  | { kind: 'error'; message?: string; lineno?: number }
  /** The program posted its first message: its Worker is up (the relay's startup clock, gate-start.ts). */
  | { kind: 'started' };

/**
 * Promise rejections a program may leave unhandled per second (burst included). Firefox ESR reports
 * each one on the host page's thread whatever the program's scripts do (docs/security.md, "Firefox
 * ESR": 10–20 µs of the host's CPU each, 75–150 µs under WebDriver BiDi), so this bounds what a
 * program that makes them one task at a time costs the host; a task that makes many is paid once.
 */
export const UNCAUGHT_PER_SECOND = 100;

/** The gate's Worker scope (the DOM lib has no Worker scope type). */
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void, options: { once: true }): void;
};

/** `value` with each MessagePort replaced by the lane `lanes` gives it (comlink puts proxies' ports in it). */
function swapPorts(value: unknown, lanes: (port: MessagePort) => number, depth: number): unknown {
  if (value instanceof MessagePort) return lanes(value);
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => swapPorts(item, lanes, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = swapPorts(item, lanes, depth + 1);
  return copy;
}

/** `["e", count]`: the runtime's count of rejections left unhandled in one task (own-channel.ts `countUncaught`). */
function uncaughtCount(data: unknown, ports: readonly MessagePort[]): number | undefined {
  if (ports.length > 0 || !Array.isArray(data) || data.length !== 2 || data[0] !== 'e') return undefined;
  const count: unknown = data[1];
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 ? count : undefined;
}

function run(boot: GateBoot): void {
  const rate = createRateBudget(boot.maxMessagesPerSecond);
  const uncaught = createRateBudget(UNCAUGHT_PER_SECOND);
  const lanes = new Map<OwnLane, MessagePort>();
  let dead = false;
  const blobUrl = URL.createObjectURL(new Blob([boot.script], { type: 'text/javascript' }));
  const program = new Worker(blobUrl, { name: 'suip-generator' });
  const tell = (event: GateEvent) => scope.postMessage(event);
  // One slice of at most 32 messages per 16 ms towards the relay's thread (the host's, in these
  // engines). The queue holds two seconds of the budget: a flood fills the budget first, so it is
  // ended for its rate even while this thread is too busy with it to run the slices' timer.
  const forwarder = createSliceForwarder<[MessagePort, unknown]>(
    ([port, payload]) => port.postMessage(payload),
    undefined,
    (task) => setTimeout(task, 16),
    { messages: 2 * boot.maxMessagesPerSecond + RELAY_SLICE.messages, bytes: 16 << 20 },
  );
  const breach = (reason: GateBreach, message: string) => {
    if (dead) return;
    dead = true;
    // SECURITY: the program ends here, what waits for a slice is dropped, and closing the ports
    // drops what the relay queued on them.
    program.terminate();
    forwarder.stop();
    for (const port of lanes.values()) port.close();
    URL.revokeObjectURL(blobUrl);
    tell({ kind: 'breach', reason, message });
  };
  const tooMany = `the generator sent more than maxMessagesPerSecond ${boot.maxMessagesPerSecond} messages per second`;
  // SECURITY: one token per message, spent before anything of the message is read.
  const spend = (): boolean => {
    if (dead) return false;
    if (rate.take()) return true;
    breach('rate', tooMany);
    return false;
  };
  const tooManyUncaught =
    `the generator left more than ${UNCAUGHT_PER_SECOND} promise rejections per second unhandled ` +
    "(this browser reports each one on the host page's thread); handle them with await or .catch";
  // SECURITY: a count beyond the whole budget is a breach at once (never a loop of that length).
  const countUncaught = (count: number) => {
    for (let i = 0; i < Math.min(count, UNCAUGHT_PER_SECOND + 1); i += 1)
      if (!uncaught.take()) return breach('rate', tooManyUncaught);
  };
  let started = false;
  program.onmessage = (event: MessageEvent) => {
    if (!started && !dead) {
      started = true;
      tell({ kind: 'started' });
    }
    if (!spend()) return;
    const count = uncaughtCount(event.data, event.ports);
    if (count !== undefined) return countUncaught(count);
    const size = gateRefusal(event.data, event.ports, lanes, boot.maxMessageBytes);
    if (typeof size !== 'number') return breach(size.reason, size.message);
    const [lane, payload] = event.data as OwnEnvelope;
    if (!forwarder.push([lanes.get(lane)!, payload], size))
      breach('rate', 'the generator sent faster than the relay takes its messages; send fewer, smaller updates');
  };
  program.onmessageerror = () => {
    if (spend()) breach('type', 'the generator sent a message that could not be read');
  };
  program.onerror = (event) => {
    // Handled here: an error left unhandled would bubble to this Worker's global, then the relay.
    event.preventDefault();
    if (!spend()) return;
    // SECURITY: the program writes the message (a thrown string of any length): cut here, as the relay
    // cuts it, before it is copied to the relay's thread (the host's).
    const message = event.message ? String(event.message).slice(0, REPORT_MESSAGE_CHARS) : undefined;
    tell({ kind: 'error', message, lineno: event.lineno || undefined });
  };
  /** The relay's side of `lane` (trusted): its messages go to the program as envelopes. */
  const listen = (lane: OwnLane, port: MessagePort) => {
    lanes.set(lane, port);
    port.onmessage = (event) => {
      if (dead) return;
      const payload = swapPorts(
        event.data,
        (inner) => {
          const next = lanes.size;
          listen(next, inner);
          return next;
        },
        0,
      );
      program.postMessage([lane, payload] satisfies OwnEnvelope);
    };
  };
  scope.onmessage = (event: MessageEvent) => {
    if (dead) return;
    const [control, data] = event.ports;
    if (control === undefined || data === undefined) return;
    scope.onmessage = null;
    listen('c', control);
    listen('d', data);
    program.postMessage({ suip: 'boot', own: true });
  };
}

scope.addEventListener('message', (event: MessageEvent<GateBoot>) => run(event.data), { once: true });
