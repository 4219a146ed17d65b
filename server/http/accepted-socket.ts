import type { IncomingMessage } from 'node:http';
import type { TSchema } from '@sinclair/typebox';
import type { WebSocket } from 'ws';
import { FrameIntake, type FrameLimits, type FrameOwner } from './frame-intake.ts';
import type { JsonSocket, JsonSocketOptions, SocketHandler } from './json-socket.ts';
import type { Place } from './socket-budgets.ts';

/** What every socket of one endpoint shares. */
export interface AcceptContext<S extends TSchema, F> {
  options: JsonSocketOptions<S, F>;
  limits: FrameLimits<S>;
  handshakeMs: number;
}

/** The accepted socket under each `ws` socket (the idle sweep and the shared listeners read it). */
const acceptedOf = new WeakMap<WebSocket, AcceptedSocket<TSchema, unknown>>();

/**
 * One upgraded socket: its send with backpressure, its binding to a session, its handshake
 * deadline, eviction from the unauthenticated pool, and its inbound frames (`frame-intake.ts`).
 * A class whose methods live on its prototype, with listeners shared by every socket and no
 * function of its own: a server holds one per open socket, and the closures it was made of
 * weighed about 0.9 KB each (issue 43).
 */
export class AcceptedSocket<S extends TSchema, F> implements JsonSocket, FrameOwner<F> {
  readonly remoteAddress: string;
  /** When it was last heard from (the idle sweep reads it). */
  lastSeen = Date.now();
  /** The session it is bound to (counted in that session's socket and byte budgets until it ends). */
  private session: string | undefined;
  private deadline: ReturnType<typeof setTimeout> | undefined;
  private readonly intake: FrameIntake<S, F>;
  private readonly handler: SocketHandler<F>;
  private gone = false;

  constructor(
    private readonly ws: WebSocket,
    request: IncomingMessage,
    url: URL,
    private readonly place: Place,
    private readonly endpoint: AcceptContext<S, F>,
  ) {
    this.remoteAddress = place.address;
    acceptedOf.set(ws, this as never);
    // Closed to make room for a newer connection while it had not authenticated: `evict` below.
    place.onEvict(this);
    // SECURITY: a socket that never binds to a session holds a descriptor for nothing: closed at the deadline.
    this.deadline = setTimeout(handshakeExpired, endpoint.handshakeMs, this);
    this.handler = endpoint.options.accept(this, request, url);
    this.intake = new FrameIntake<S, F>(endpoint.limits, this);
    ws.on('pong', heard);
    ws.on('message', received);
    ws.on('close', closed);
    ws.on('error', closed);
  }

  sendText(text: string): boolean {
    const { ws, session } = this;
    const { options } = this.endpoint;
    if (ws.readyState !== ws.OPEN) return false;
    // SECURITY: a reader that does not keep up is dropped, not buffered without bound.
    const room = options.budgets.roomFor(session, ws);
    if (!room.ok) {
      options.log({ event: 'slow-consumer', path: options.path, session, reason: room.reason });
      if (session !== undefined) options.budgetHit?.(session, 'SLOW_CONSUMER', room.reason);
      ws.close(1013, 'SLOW_CONSUMER');
      return false;
    }
    ws.send(text);
    return true;
  }

  send(frame: unknown): boolean {
    return this.sendText(JSON.stringify(frame));
  }

  fail(code: string, message: string, close = false): void {
    this.sendText(JSON.stringify(this.endpoint.options.errorFrame(code, message)));
    if (close) this.ws.close(1008, code.slice(0, 120));
  }

  bind(name: string): { ok: true } | { ok: false; reason: string } {
    const { session } = this;
    if (session !== undefined)
      return session === name
        ? { ok: true }
        : { ok: false, reason: `this socket is bound to ${session.slice(0, 64)} already` };
    // A socket that ended while its subscribe was reading (an error ends it before its TCP socket
    // closes) must not take a seat nobody gives back: it would count in the session for ever.
    if (this.gone) return { ok: false, reason: 'this socket is closed' };
    // SECURITY: bound to a session = authenticated: out of the pool that is closed oldest-first to make room.
    const trusted = this.place.trust();
    if (!trusted.ok) return trusted;
    const bound = this.endpoint.options.budgets.bind(name, this.ws);
    if (!bound.ok) return bound;
    this.session = name;
    this.stopDeadline();
    return { ok: true };
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /** Its budget place was closed to make room while it had not authenticated: said in a frame, then cut. */
  evict(reason: string): void {
    this.fail('TOO_MANY_CONNECTIONS', reason, true);
    setTimeout(terminate, 1000, this.ws).unref();
  }

  /** FrameOwner: the inbound queue overflowed. */
  busy(reason: string): void {
    if (this.session !== undefined) this.endpoint.options.budgetHit?.(this.session, 'BUSY', reason);
  }

  /** FrameOwner: one checked frame. */
  handle(frame: F): Promise<void> | void {
    return this.handler.frame(frame);
  }

  /** FrameOwner: a handler failed with a fault of ours. */
  failed(error: unknown): void {
    this.endpoint.options.log({
      event: 'frame-failed',
      path: this.endpoint.options.path,
      error: error instanceof Error ? error.message : String(error),
    });
  }

  receive(data: { toString(): string }, binary: boolean): void {
    this.lastSeen = Date.now();
    this.intake.receive(data, binary);
  }

  /** Not bound to a session by the deadline. */
  handshakeExpired(): void {
    const ms = this.endpoint.handshakeMs;
    this.fail('HANDSHAKE_TIMEOUT', `no subscribe within ${ms} ms; send subscribe first`, true);
  }

  /** Closed, dropped or errored: said to the handler once. */
  ended(): void {
    if (this.gone) return;
    this.gone = true;
    this.stopDeadline();
    if (this.session !== undefined) this.endpoint.options.budgets.unbind(this.session, this.ws);
    this.handler.closed();
  }

  /** The cleared timer is let go too (it stayed reachable for the socket's life). */
  private stopDeadline(): void {
    clearTimeout(this.deadline);
    this.deadline = undefined;
  }
}

/** Whether `ws` was last heard from more than `idleMs` before `now` (the endpoint's idle sweep). */
export function idleSince(ws: WebSocket, now: number, idleMs: number): boolean {
  return now - (acceptedOf.get(ws)?.lastSeen ?? now) > idleMs;
}

function handshakeExpired(socket: AcceptedSocket<TSchema, unknown>): void {
  socket.handshakeExpired();
}

function terminate(ws: WebSocket): void {
  ws.terminate();
}

// The listeners every socket shares (`ws` calls them with the socket as `this`).
function heard(this: WebSocket): void {
  const accepted = acceptedOf.get(this);
  if (accepted !== undefined) accepted.lastSeen = Date.now();
}
function received(this: WebSocket, data: { toString(): string }, binary: boolean): void {
  acceptedOf.get(this)?.receive(data, binary);
}
function closed(this: WebSocket): void {
  acceptedOf.get(this)?.ended();
}
