import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import type { SocketBudgets } from './socket-budgets.ts';

/**
 * Node's clocks for plain HTTP, tighter than its defaults (headers 60 s, a whole request 300 s,
 * checked every 30 s): a client trickling headers or a body holds a descriptor for seconds, not
 * minutes. `requestTimeout` covers receiving the request only (a long SSE answer is not cut).
 * Pass to `createServer`: `connectionsCheckingInterval` is read only there.
 */
export const HTTP_SERVER_OPTIONS: ServerOptions = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
});

/**
 * Connections a server takes in all: well under the process's descriptor limit, so connections can
 * never starve the ledger, the agent API or a new page of descriptors (995 idle sockets once
 * locked everything out at a limit of 1,024).
 */
export function connectionCeiling(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = Number(/Max open files\s+(\d+)/.exec(limits)?.[1]);
    if (Number.isFinite(soft) && soft > 0) return Math.max(64, Math.min(20_000, Math.floor((soft - 128) * 0.75)));
  } catch {
    // Not Linux: the default budget stands.
  }
  return 20_000;
}

/** An address as one key: `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) is `127.0.0.1`. */
export function normalAddress(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address: the TCP peer, or, when that peer is a listed proxy (`--trust-proxy`), the
 * rightmost hop of `X-Forwarded-For` that is not a listed proxy.
 *
 * SECURITY: the header is read only from a listed proxy (anyone else could write any address in it
 * and spread itself over fresh budgets), and only its rightmost untrusted hop counts: a proxy
 * appends the peer it saw, so hops to the left of it are whatever the client sent. A hop that is
 * not an IP address (a proxy that passes garbage) counts as the proxy itself.
 */
export function clientAddress(request: IncomingMessage, proxies: ReadonlySet<string>): string {
  const peer = normalAddress(request.socket.remoteAddress);
  if (!proxies.has(peer)) return peer;
  const header = request.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = joined.split(',').map((hop) => normalAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i]!;
    if (hop === '' || isIP(hop) === 0) return peer;
    if (!proxies.has(hop)) return hop;
  }
  return peer;
}

/** What `guardConnections` takes. */
export interface ConnectionGuardOptions {
  budgets: SocketBudgets;
  /** Proxy addresses whose `X-Forwarded-For` is believed (`--trust-proxy`); empty = none. */
  trustProxy: readonly string[];
  log(event: Record<string, unknown>): void;
}

/** The connection guard of one server: it can mark a request's connection as authenticated. */
export interface ConnectionGuard {
  /** The request carried a credential (the agent token): its connection leaves the pool closed to make room. */
  authenticated(request: IncomingMessage): void;
}

/**
 * Counts every TCP connection of `server` (HTTP and WebSocket alike) in the one socket budget from
 * the moment it is accepted, before a byte of it is parsed: a flood of connections that trickle
 * headers or bodies holds places in the unauthenticated pool, whose oldest is closed when a new
 * connection needs room, so new pages and agents are still served and the process keeps
 * descriptors for its ledger. Each request re-counts its connection under the client's address
 * (the forwarded one behind a listed proxy) before any route or upgrade sees it.
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const proxies = new Set(options.trustProxy.map((address) => normalAddress(address)));
  let evictions = 0;
  let lastReport = 0;
  let lastReason = '';
  // No silent refusal, and no log flood: evictions are counted and said at most every 10 s.
  const report = (reason: string) => {
    evictions += 1;
    lastReason = reason;
    const now = Date.now();
    if (now - lastReport < 10_000) return;
    lastReport = now;
    options.log({ event: 'connections-evicted', count: evictions, reason: lastReason });
    evictions = 0;
  };
  server.on('connection', (socket: Socket) => {
    const peer = normalAddress(socket.remoteAddress);
    const evict = (reason: string) => {
      report(reason);
      socket.destroy();
    };
    options.budgets.admit(socket, peer, evict, proxies.has(peer));
    options.budgets.releaseOnClose(socket);
  });
  const readdress = (request: IncomingMessage) => {
    if (proxies.size === 0) return;
    options.budgets.placeOf(request.socket)?.moveTo(clientAddress(request, proxies));
  };
  server.prependListener('request', readdress);
  server.prependListener('upgrade', readdress);
  return {
    authenticated(request) {
      options.budgets.placeOf(request.socket)?.trust();
    },
  };
}
