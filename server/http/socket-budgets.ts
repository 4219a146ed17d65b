/** Limits on what clients may hold open across every HTTP connection and WebSocket of one server. */
export interface SocketLimits {
  /** Authenticated connections (a socket bound to a session, an agent's request) per address (default 256). */
  perAddress: number;
  /** Connections in all, HTTP and WebSocket (default 20,000; the server derives it from its descriptor limit). */
  total: number;
  /** Sockets bound to one session (default 32). */
  perSession: number;
  /** Bytes queued to one socket beyond which it is dropped as a slow consumer (default 4 MiB). */
  perSocketBytes: number;
  /** Bytes queued to all the sockets of one session (default 16 MiB): the session's memory budget. */
  perSessionBytes: number;
  /** Unauthenticated connections one address may hold; a new one past it closes that address's oldest (default 32). */
  unauthenticatedPerAddress: number;
  /** Share of `total` for unauthenticated connections (default 0.25); a new one past it closes the oldest of all. */
  unauthenticatedShare: number;
}

/** The defaults: generous for real pages and agents, small enough that one client cannot hold the server. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = Object.freeze({
  perAddress: 256,
  total: 20_000,
  perSession: 32,
  perSocketBytes: 4 << 20,
  perSessionBytes: 16 << 20,
  unauthenticatedPerAddress: 32,
  unauthenticatedShare: 0.25,
});

/** Something that knows how many bytes it has queued (a `ws` WebSocket). */
export interface Queued {
  readonly bufferedAmount: number;
}

/** A refusal of a budget: the HTTP status to answer (429 for one address, 503 for the server) and why. */
export type BudgetRefusal = { ok: false; status: number; reason: string };

/**
 * What closing a connection to make room does: a function, or an object whose `evict` method it
 * is (an accepted WebSocket is its own evicter: no closure per socket, issue 43).
 */
export type Evict = ((reason: string) => void) | { evict(reason: string): void };

/** A connection whose end is its `close` event (a TCP socket, an HTTP response). */
export interface Closing {
  on(event: 'close', listener: () => void): unknown;
  /** True once it is closed or closing (a client that went away): its `close` may have been emitted already. */
  readonly destroyed?: boolean;
}

/** One connection's place in the budgets, from accept to close. */
export interface Place {
  /** The address it is counted under (the forwarded one behind a listed proxy). */
  readonly address: string;
  readonly trusted: boolean;
  /** It presented a credential: move it to the authenticated pool, where it is never closed to make room. */
  trust(): { ok: true } | BudgetRefusal;
  /**
   * Count it under another address (the client's, forwarded by a listed proxy); an authenticated
   * place goes back to waiting.
   */
  moveTo(address: string): void;
  /** What closing it to make room does (destroy the TCP socket; once upgraded, close the WebSocket with a frame). */
  onEvict(evict: Evict): void;
  /** Give the place back (idempotent). */
  release(): void;
}

/** What the budgets hold now (for `/metrics` and `/readyz`). */
export interface BudgetStats {
  authenticated: number;
  unauthenticated: number;
  /** Sessions with at least one bound socket. */
  sessions: number;
  /** Unauthenticated connections closed to make room, since start. */
  evicted: number;
  /** Room left for authenticated connections. */
  authenticatedRoom: number;
}

/** Counts connections by address, trust and session, and the bytes queued to a session's sockets. */
export interface SocketBudgets {
  readonly limits: SocketLimits;
  /** A place for a new connection, unauthenticated: always granted, closing the oldest unauthenticated when full. */
  /**
   * A new connection from `address`. `viaProxy`: the peer is a listed proxy, so the connection
   * carries its clients' requests and is counted under each one's address from its first request;
   * until then it counts in the total only, never in the proxy's own per-address share (a burst of
   * new users behind the proxy would otherwise close one another's connections).
   */
  admit(connection: object, address: string, evict: Evict, viaProxy?: boolean): Place;
  /** The place `admit` gave this connection, if any. */
  placeOf(connection: object): Place | undefined;
  /**
   * Release the place of `connection` when it closes, by one listener every connection of these
   * budgets shares (a bound `release` and a `once` wrapper per connection weighed about 170 bytes
   * of the live channel's memory per subscriber; issue 43).
   */
  releaseOnClose(connection: Closing): void;
  /** An authenticated place at once (a request slot of `suip mcp`), or the refusal: 429 per address, 503 for all. */
  take(holder: object, address: string): { ok: true; place: Place } | BudgetRefusal;
  /** Bind an open socket to a session; a reason when the session has its sockets already. */
  bind(session: string, socket: Queued): { ok: true } | { ok: false; reason: string };
  /** The socket `bind` bound to `session` is gone (idempotent). */
  unbind(session: string, socket: Queued): void;
  /** Whether a send to `socket` of `session` would pass the per-socket and per-session byte budgets. */
  roomFor(session: string | undefined, socket: Queued): { ok: true } | { ok: false; reason: string };
  stats(): BudgetStats;
}

/** A place taken at once (`take`) is never closed to make room: it is authenticated. */
const NO_EVICT = (): void => undefined;

/** Every successful `bind`'s answer (the socket's binding is its entry in the session's set: no object per socket). */
const BOUND = Object.freeze({ ok: true as const });

/** Counts per key, dropping keys that reach zero. */
function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

/** The two pools every place of one budget counts in. */
class Pools {
  readonly unauthenticatedTotal: number;
  readonly authenticatedTotal: number;
  // Insertion order is age: the first of a set is its oldest.
  readonly waiting = new Set<BudgetPlace>();
  readonly waitingByAddress = new Map<string, Set<BudgetPlace>>();
  readonly trustedByAddress = new Map<string, number>();
  trusted = 0;
  evicted = 0;

  constructor(readonly limits: SocketLimits) {
    this.unauthenticatedTotal = Math.floor(limits.total * limits.unauthenticatedShare);
    this.authenticatedTotal = Math.max(1, limits.total - this.unauthenticatedTotal);
  }

  unwait(place: BudgetPlace): void {
    this.waiting.delete(place);
    const mine = this.waitingByAddress.get(place.address);
    mine?.delete(place);
    if (mine?.size === 0) this.waitingByAddress.delete(place.address);
  }

  evictOldest(from: Set<BudgetPlace>, reason: string): void {
    const oldest = from.values().next().value as BudgetPlace | undefined;
    if (oldest === undefined) return;
    this.unwait(oldest);
    oldest.released = true;
    this.evicted += 1;
    oldest.evict(reason);
  }

  wait(place: BudgetPlace): void {
    const mine = this.waitingByAddress.get(place.address) ?? new Set<BudgetPlace>();
    const perAddress = this.limits.unauthenticatedPerAddress;
    if (!place.viaProxy && mine.size >= perAddress)
      this.evictOldest(
        mine,
        `${perAddress} connections from this address have not authenticated; the oldest is closed`,
      );
    if (this.waiting.size >= this.unauthenticatedTotal) {
      const count = this.unauthenticatedTotal;
      const reason = `the server holds ${count} connections that have not authenticated; the oldest is closed`;
      this.evictOldest(this.waiting, reason);
    }
    this.waiting.add(place);
    mine.add(place);
    this.waitingByAddress.set(place.address, mine);
  }
}

/**
 * One connection's place. A class, its methods on the prototype and no function of its own: a
 * server holds one per open connection, and an object literal of closures and getters weighed
 * about 0.8 KB each (issue 43).
 */
class BudgetPlace implements Place {
  trusted = false;
  released = false;

  constructor(
    private readonly pools: Pools,
    public address: string,
    private evicter: Evict,
    /** Accepted from a listed proxy and not yet counted under a client's address. */
    public viaProxy: boolean,
  ) {}

  /** Closed to make room (the pools counted it released already). */
  evict(reason: string): void {
    const { evicter } = this;
    if (typeof evicter === 'function') evicter(reason);
    else evicter.evict(reason);
  }

  trust(): { ok: true } | BudgetRefusal {
    const { pools } = this;
    const { perAddress } = pools.limits;
    if (this.trusted) return { ok: true };
    if (this.released) return { ok: false, status: 503, reason: 'this connection was closed to make room' };
    if ((pools.trustedByAddress.get(this.address) ?? 0) >= perAddress) {
      const reason = `${perAddress} authenticated connections are open from this address; close one`;
      return { ok: false, status: 429, reason };
    }
    if (pools.trusted >= pools.authenticatedTotal) {
      const reason = 'the server holds as many connections as it allows; try again later';
      return { ok: false, status: 503, reason };
    }
    pools.unwait(this);
    this.trusted = true;
    pools.trusted += 1;
    add(pools.trustedByAddress, this.address, 1);
    return { ok: true };
  }

  moveTo(address: string): void {
    if (this.released || address === this.address) return;
    if (this.trusted) {
      // SECURITY: behind a proxy one connection carries many clients' requests in turn; the
      // credential one client showed is not lent to the next: the connection waits again,
      // under the new client's address, until this request shows its own.
      this.untrust();
    }
    this.pools.unwait(this);
    this.address = address;
    this.viaProxy = false;
    this.pools.wait(this);
  }

  onEvict(next: Evict): void {
    this.evicter = next;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.trusted) this.untrust();
    else this.pools.unwait(this);
  }

  private untrust(): void {
    this.trusted = false;
    this.pools.trusted -= 1;
    add(this.pools.trustedByAddress, this.address, -1);
  }
}

/**
 * Every budget a client can hold open on the server, in one counter shared by every HTTP
 * connection and every WebSocket endpoint (the live channel, the runtime bridge, `suip mcp`), so
 * a client cannot escape it by using another endpoint.
 *
 * SECURITY: two pools, so the budgets cannot be turned against users. A connection starts
 * unauthenticated; its pool is small and cheap to defend: when one address, or everyone, holds as
 * many unauthenticated connections as allowed, a new one closes the OLDEST (a real page subscribes
 * within milliseconds, an attacker's idle or trickling socket is the oldest), so reconnecting with
 * no token never gets a page refused, from its own address or any other. A connection that
 * presents a credential moves to the authenticated pool, reserved (the rest of `total`), never
 * closed to make room, and refused per address (429) or in all (503) only past its own limits.
 */
export function createSocketBudgets(limits: Partial<SocketLimits> = {}): SocketBudgets {
  const effective: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...limits };
  const pools = new Pools(effective);
  const places = new WeakMap<object, Place>();
  const bySession = new Map<string, Set<Queued>>();
  // The one close listener of every connection of these budgets (the emitter is `this`).
  const releaseClosed = function (this: object): void {
    places.get(this)?.release();
  };

  return {
    limits: effective,
    admit(connection, address, evict, viaProxy = false) {
      const place = new BudgetPlace(pools, address, evict, viaProxy);
      pools.wait(place);
      places.set(connection, place);
      return place;
    },
    placeOf: (connection) => places.get(connection),
    releaseOnClose(connection) {
      // SECURITY: a client that went away before its place was taken (an MCP request's body read,
      // then the socket closed) emitted `close` already: its place is given back now, or it would
      // count for ever and a client could fill the server's slots with requests it abandoned.
      if (connection.destroyed === true) places.get(connection)?.release();
      else connection.on('close', releaseClosed);
    },
    take(holder, address) {
      const place = this.admit(holder, address, NO_EVICT);
      const trusted = place.trust();
      if (trusted.ok) return { ok: true, place };
      place.release();
      return trusted;
    },
    bind(session, socket) {
      const sockets = bySession.get(session) ?? new Set<Queued>();
      if (sockets.size >= effective.perSession) {
        const count = effective.perSession;
        const reason = `session ${session.slice(0, 64)} has ${count} sockets open; close a tab or reuse one`;
        return { ok: false, reason };
      }
      sockets.add(socket);
      bySession.set(session, sockets);
      return BOUND;
    },
    unbind(session, socket) {
      const sockets = bySession.get(session);
      if (sockets?.delete(socket) === true && sockets.size === 0) bySession.delete(session);
    },
    roomFor(session, socket) {
      if (socket.bufferedAmount > effective.perSocketBytes) {
        return { ok: false, reason: `more than ${effective.perSocketBytes} bytes are waiting for this socket to read` };
      }
      if (session === undefined) return { ok: true };
      const sockets = bySession.get(session);
      if (sockets === undefined) return { ok: true };
      // Over the session's budget, the sockets holding more than their share go: a reader that keeps
      // up is never dropped for the others. Its share is looked at first: summing the session's
      // sockets on every send made a broadcast to n subscribers cost n² reads (issue 43).
      const budget = effective.perSessionBytes;
      if (socket.bufferedAmount <= budget / sockets.size) return { ok: true };
      let sum = 0;
      for (const other of sockets) sum += other.bufferedAmount;
      if (sum > budget) {
        const reason =
          `more than ${budget} bytes wait for this session's sockets to read, and this one holds more ` +
          'than its share';
        return { ok: false, reason };
      }
      return { ok: true };
    },
    stats: () => ({
      authenticated: pools.trusted,
      unauthenticated: pools.waiting.size,
      sessions: bySession.size,
      evicted: pools.evicted,
      authenticatedRoom: pools.authenticatedTotal - pools.trusted,
    }),
  };
}
