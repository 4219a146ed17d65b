import type { Endpoint } from 'comlink';
import type { Channel } from '../../shared/channel.ts';

/**
 * The runtime's transport when its Worker was started inside the relay's gate Worker
 * (generator/relay/gate-main.ts, Firefox and WebKit): no MessagePort at all, every message on the
 * Worker's own channel (`self.postMessage`) as an envelope `[lane, payload]`. The lanes: `"c"` the
 * comlink control plane, `"d"` the data plane (JSON texts), `"e"` the count of promise rejections left
 * unhandled (`countUncaught`, only towards the gate), a number for each comlink proxy the relay sent
 * (the exception-report callback). The gate spends the run's budget on each envelope
 * before it reads it, then checks its shape and forwards the payload to the relay's port of that lane.
 */

/** A lane of the own channel: control, data, uncaught rejections, or a proxy's number. */
export type OwnLane = 'c' | 'd' | 'e' | number;

/** The envelope on the own channel, both ways. */
export type OwnEnvelope = [lane: OwnLane, payload: unknown];

/** True when `value` is an envelope of `lane` (what the gate sends the program has this shape too). */
function onLane(value: unknown, lane: OwnLane): value is OwnEnvelope {
  return Array.isArray(value) && value.length === 2 && value[0] === lane;
}

/** The Worker's scope as the own channel uses it (the DOM lib has no Worker scope type). */
export interface OwnScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * A comlink endpoint on one lane of the own channel. The scope's `postMessage` is looked up at each
 * send: the model's code runs in this realm and could replace it anyway, and the gate trusts no
 * envelope (the lanes are public), so capturing it would protect nothing.
 */
export function ownEndpoint(scope: OwnScope, lane: OwnLane): Endpoint {
  const wrapped = new Map<EventListenerOrEventListenerObject, (event: Event) => void>();
  return {
    postMessage: (message: unknown) => scope.postMessage([lane, message] satisfies OwnEnvelope),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const onMessage = (event: Event) => {
        const data: unknown = (event as MessageEvent).data;
        if (!onLane(data, lane)) return;
        const inner = { data: data[1] } as MessageEvent;
        if (typeof listener === 'function') listener(inner);
        else listener.handleEvent(inner);
      };
      wrapped.set(listener, onMessage);
      scope.addEventListener(type as 'message', onMessage);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const onMessage = wrapped.get(listener);
      if (onMessage === undefined) return;
      wrapped.delete(listener);
      scope.removeEventListener(type as 'message', onMessage);
    },
  };
}

/** The data plane (`"d"`) as a `Channel`: strings in, strings out; `close` stops both ways. */
export function ownChannel(scope: OwnScope): Channel {
  const listeners = new Set<(text: unknown) => void>();
  let closed = false;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (closed || !onLane(data, 'd')) return;
    for (const listener of listeners) listener(data[1]);
  };
  scope.addEventListener('message', onMessage);
  return {
    send: (text) => {
      if (!closed) scope.postMessage(['d', text] satisfies OwnEnvelope);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      closed = true;
      scope.removeEventListener('message', onMessage);
    },
  };
}

/**
 * A scheduler of one task at a time on a MessageChannel of its own, made now: the program can
 * neither name nor cancel what it schedules. A timer could be: ids are small integers, so a
 * program's `clearTimeout` over a range cancels the runtime's timers too.
 */
function privateTask(): (task: () => void) => void {
  const channel = new MessageChannel();
  const send = channel.port2.postMessage.bind(channel.port2);
  let pending: (() => void) | undefined;
  channel.port1.onmessage = () => {
    const task = pending;
    pending = undefined;
    task?.();
  };
  return (task) => {
    pending = task;
    send(null);
  };
}

/**
 * Tells the gate how many promise rejections the program left unhandled, one `["e", count]` per
 * task that had any. Must run before the model's code: the listener is the scope's first capture
 * listener, so it hears every `unhandledrejection` whatever the model adds later (a listener of its
 * own that stops the event stops only the runtime's report after it), and `postMessage` and the
 * flush's channel (`later`, a private MessageChannel by default) are the ones captured now.
 * Returns `enable`: until it is called (the boot chose the own channel) nothing is sent. Why:
 * Firefox ESR reports each unhandled rejection to the console on the host page's thread before any
 * script hears of it, whatever a listener does (docs/security.md, "Firefox ESR"), so the gate must
 * be able to end a program that makes many.
 */
export function countUncaught(scope: OwnScope, later: (task: () => void) => void = privateTask()): () => void {
  const post = scope.postMessage.bind(scope);
  let enabled = false;
  let uncaught = 0;
  const flush = () => {
    post(['e', uncaught] satisfies OwnEnvelope);
    uncaught = 0;
  };
  // SECURITY: capture phase, registered before any code of the model's: it runs first at the target.
  // The flush is scheduled once per run of rejections, so it must be one the program cannot cancel
  // (a cleared timer left the count at 1 and silenced it for good).
  (scope as unknown as EventTarget).addEventListener(
    'unhandledrejection',
    () => {
      if (!enabled) return;
      uncaught += 1;
      if (uncaught === 1) later(flush);
    },
    true,
  );
  return () => {
    enabled = true;
  };
}
