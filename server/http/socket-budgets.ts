/** Limits on what clients may hold open across every WebSocket endpoint of one server. */
export interface SocketLimits {
  /** Open sockets from one remote address (default 256). */
  perAddress: number;
  /** Open sockets in all (default 20,000); past it an upgrade is answered 503. */
  total: number;
  /** Sockets bound to one session (default 32). */
  perSession: number;
  /** Bytes queued to one socket beyond which it is dropped as a slow consumer (default 4 MiB). */
  perSocketBytes: number;
  /** Bytes queued to all the sockets of one session (default 16 MiB): the session's memory budget. */
  perSessionBytes: number;
}

/** The defaults: generous for real pages and agents, small enough that one client cannot hold the server. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = Object.freeze({ perAddress: 256, total: 20_000, perSession: 32, perSocketBytes: 4 << 20, perSessionBytes: 16 << 20 });

/** Something that knows how many bytes it has queued (a `ws` WebSocket). */
export interface Queued {
  readonly bufferedAmount: number;
}

/** Counts sockets by address and by session, and the bytes queued to a session's sockets. */
export interface SocketBudgets {
  readonly limits: SocketLimits;
  /** Take a place for a socket from `address`; the refusal's reason when over a budget. */
  open(address: string): { ok: true; release(): void } | { ok: false; status: number; reason: string };
  /** Bind an open socket to a session; a reason when the session has its sockets already. */
  bind(session: string, socket: Queued): { ok: true; release(): void } | { ok: false; reason: string };
  /** Whether a send to `socket` of `session` would pass the per-socket and per-session byte budgets. */
  roomFor(session: string | undefined, socket: Queued): { ok: true } | { ok: false; reason: string };
}

/**
 * Every budget a client can hold open on the server's sockets, in one counter shared by every
 * endpoint, so a client cannot escape the per-address budget by opening the live channel and the
 * runtime bridge at once.
 */
export function createSocketBudgets(limits: Partial<SocketLimits> = {}): SocketBudgets {
  const effective: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...limits };
  const byAddress = new Map<string, number>();
  const bySession = new Map<string, Set<Queued>>();
  let total = 0;
  return {
    limits: effective,
    open(address) {
      const count = byAddress.get(address) ?? 0;
      if (count >= effective.perAddress) return { ok: false, status: 429, reason: `${effective.perAddress} sockets are open from this address already; close some first` };
      if (total >= effective.total) return { ok: false, status: 503, reason: 'the server holds as many sockets as it allows; try again later' };
      byAddress.set(address, count + 1);
      total += 1;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          total -= 1;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left <= 0) byAddress.delete(address);
          else byAddress.set(address, left);
        },
      };
    },
    bind(session, socket) {
      const sockets = bySession.get(session) ?? new Set<Queued>();
      if (sockets.size >= effective.perSession) return { ok: false, reason: `session ${session.slice(0, 64)} has ${effective.perSession} sockets open already; close a tab or reuse a connection` };
      sockets.add(socket);
      bySession.set(session, sockets);
      return {
        ok: true,
        release() {
          sockets.delete(socket);
          if (sockets.size === 0 && bySession.get(session) === sockets) bySession.delete(session);
        },
      };
    },
    roomFor(session, socket) {
      if (socket.bufferedAmount > effective.perSocketBytes) return { ok: false, reason: `more than ${effective.perSocketBytes} bytes are waiting for this socket to read` };
      if (session === undefined) return { ok: true };
      const sockets = bySession.get(session);
      if (sockets === undefined) return { ok: true };
      let sum = 0;
      for (const other of sockets) sum += other.bufferedAmount;
      // Over the session's budget, the sockets holding more than their share go: a reader that keeps up is never dropped for the others.
      if (sum > effective.perSessionBytes && socket.bufferedAmount > effective.perSessionBytes / sockets.size) return { ok: false, reason: `more than ${effective.perSessionBytes} bytes are waiting for this session's sockets to read, and this one holds more than its share` };
      return { ok: true };
    },
  };
}
