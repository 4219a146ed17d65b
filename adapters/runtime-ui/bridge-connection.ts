import { backoffDelay, reconnectPolicy, type ReconnectPolicy } from '../../shared/backoff.ts';
import { compile } from '../../shared/check.ts';
import { BridgeServerFrame } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';

/** What the browser hears from the runtime bridge. */
export interface BridgeEvents {
  /**
   * One runtime line, in bridge order, exactly once across reconnects; `replayed` when it was sent
   * before this connection; `elsewhere` when it is a runtime request another window holds.
   */
  line(text: string, generation: number, replayed: boolean, elsewhere: boolean): void;
  /** A runtime request handed to this window (the window that held it went away, or this one came back). */
  claim(text: string, generation: number): void;
  /** A (re)connection; `generation` names the runtime process; `canRestart` is the token's capability. */
  hello(generation: number, running: boolean, canRestart: boolean): void;
  started(generation: number): void;
  exit(generation: number, code: number | null, signal: string | null): void;
  problem(message: string): void;
  status(status: 'connecting' | 'open' | 'closed'): void;
}

/** Options of `connectBridge`. */
export interface BridgeConnectionOptions {
  /** `ws://host:port/runtime`. */
  url: string;
  /** A bridge token (`POST /api/runtime/token`). */
  token: string;
  events: BridgeEvents;
  /** Reconnect backoff: first delay, cap, attempts (the one `shared/backoff.ts` policy; default 1 s, 30 s, 10). */
  backoff?: Partial<ReconnectPolicy>;
  WebSocketImpl?: typeof WebSocket;
}

/** A resumable connection to the runtime bridge. */
export interface BridgeConnection {
  /**
   * Send one line to the runtime process `generation` (queued while reconnecting, in memory only; the bridge refuses it
   * once that process exited).
   */
  send(line: string, generation: number): void;
  restart(): void;
  close(): void;
  readonly lastSeq: number;
}

const checkFrame = compile(BridgeServerFrame);

/**
 * Connect to the runtime bridge and stay connected: on a drop it reconnects with the shared
 * backoff (`shared/backoff.ts`, exponential with jitter), asking for the lines after the last one it applied
 * (`fromSeq`), so each runtime line is
 * applied once and in order. Frames are bounded by the bridge and checked here before use.
 */
export function connectBridge(options: BridgeConnectionOptions): BridgeConnection {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const policy = reconnectPolicy(options.backoff);
  let lastSeq = 0;
  let replayUntil = 0;
  /** The id the bridge gave this window: sent back on reconnect, so the runtime requests it holds stay its own. */
  let clientId: string | undefined;
  let socket: WebSocket | undefined;
  let closed = false;
  let attempt = 0;
  /** Why the bridge said not to come back (an ended session), once it did. */
  let stopped: string | undefined;
  const outbox: string[] = [];

  const open = () => {
    options.events.status('connecting');
    const url = `${options.url}?token=${encodeURIComponent(options.token)}&fromSeq=${lastSeq}${clientId ? `&client=${encodeURIComponent(clientId)}` : ''}`;
    const ws = new Impl(url);
    socket = ws;
    ws.onopen = () => {
      // Failures in a row are counted until the bridge said hello: a socket it closes right after the upgrade (too
      // many windows, a refused bind) is a failure too, or such a window would retry every second for ever.
      options.events.status('open');
      for (const frame of outbox.splice(0)) ws.send(frame);
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return options.events.problem('the bridge sent a binary frame');
      let frame: unknown;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return options.events.problem('the bridge sent a frame that is not JSON');
      }
      if (!checkFrame.check(frame))
        return options.events.problem(`the bridge sent a frame that does not fit: ${checkFrame.firstError(frame)}`);
      // Frames of the runtime's stream carry the ledger's seq: each is applied once, in order, across reconnects.
      if ('seq' in frame) {
        if (frame.seq <= lastSeq) return;
        lastSeq = frame.seq;
      }
      switch (frame.type) {
        case 'hello':
          attempt = 0;
          replayUntil = frame.lastSeq;
          clientId = frame.clientId;
          return options.events.hello(frame.generation, frame.running, frame.canRestart);
        case 'line':
          return options.events.line(frame.line, frame.generation, frame.seq <= replayUntil, frame.elsewhere === true);
        case 'claim':
          return options.events.claim(frame.line, frame.generation);
        case 'started':
          return options.events.started(frame.generation);
        case 'exit':
          return options.events.exit(frame.generation, frame.code, frame.signal);
        case 'violation':
          return options.events.problem(
            `the runtime wrote a line that is not protocol (answered with a JSON-RPC error, not relayed): ${frame.message}`,
          );
        case 'truncated':
          lastSeq = Math.max(lastSeq, frame.firstSeq - 1);
          return options.events.problem(
            `the runtime's stream before seq ${frame.firstSeq} is no longer kept by the server; what came earlier is missing here`,
          );
        case 'error':
          // An ended session never comes back: stop rather than knock again (each try costs the server a token check).
          if (frame.code === 'SESSION_ENDED') stopped = `the runtime session has ended: ${frame.message}`;
          return options.events.problem(`the bridge refused a frame (${frame.code}): ${frame.message}`);
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      // Failures in a row past the policy's attempts: the window stops and says why, as the live client does.
      if (!closed && stopped !== undefined) {
        closed = true;
        options.events.problem(`${stopped}; not reconnecting`);
      } else if (!closed && (attempt += 1) > policy.attempts) {
        closed = true;
        options.events.problem(
          `the runtime bridge did not keep a connection: gave up after ${policy.attempts} attempts in a row`,
        );
      }
      options.events.status(closed ? 'closed' : 'connecting');
      if (closed) return;
      setTimeout(() => !closed && open(), backoffDelay(attempt, policy));
    };
  };
  const write = (frame: string) => {
    if (socket?.readyState === 1) socket.send(frame);
    else outbox.push(frame);
  };
  open();
  return {
    send: (line, generation) => write(JSON.stringify({ type: 'line', generation, line })),
    restart: () => write(JSON.stringify({ type: 'restart' })),
    close() {
      closed = true;
      socket?.close();
    },
    get lastSeq() {
      return lastSeq;
    },
  };
}
