import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardConnections, type ConnectionGuard } from './connection-guard.ts';
import { createSocketBudgets, type SocketBudgets } from './socket-budgets.ts';

const PROXY = '127.0.0.2';

/**
 * One keep-alive connection from the listed proxy (a raw socket bound to 127.0.0.2), carrying
 * requests for different forwarded clients in turn, as HAProxy's connection reuse does.
 */
describe('--trust-proxy on a keep-alive connection (real HTTP server, raw socket)', () => {
  let server: Server;
  let budgets: SocketBudgets;
  let guard: ConnectionGuard;
  let port = 0;
  /** Per request: the address its connection counted under, and whether it was in the authenticated pool. */
  const seen: Array<{ address: string; trusted: boolean }> = [];
  beforeAll(async () => {
    budgets = createSocketBudgets({ total: 400, unauthenticatedPerAddress: 32, perAddress: 256 });
    server = createServer((request, response) => {
      if (request.headers.authorization === 'Bearer agent') guard.authenticated(request);
      const place = budgets.placeOf(request.socket)!;
      seen.push({ address: place.address, trusted: place.trusted });
      response.end('ok');
    });
    guard = guardConnections(server, { budgets, trustProxy: [PROXY], log: () => undefined });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Sends each request head in turn on one socket from the proxy, waiting for each answer. */
  async function overOneConnection(heads: string[]): Promise<void> {
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress: PROXY });
    await new Promise((resolve) => socket.once('connect', resolve));
    for (const head of heads) {
      const answered = new Promise((resolve) => socket.once('data', resolve));
      socket.write(head);
      await answered;
    }
    socket.destroy();
  }
  const head = (forwarded: string | undefined, extra = '') =>
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${forwarded ? `X-Forwarded-For: ${forwarded}\r\n` : ''}${extra}\r\n`;

  it('counts each request under its own forwarded client, not the first one on the connection', async () => {
    seen.length = 0;
    await overOneConnection([head('10.9.0.1'), head('10.9.0.2'), head('203.0.113.7, 10.9.0.3'), head(undefined)]);
    expect(seen.map((s) => s.address)).toEqual(['10.9.0.1', '10.9.0.2', '10.9.0.3', PROXY]);
  });

  it("does not lend one client's credential to the next client's request on the same connection", async () => {
    seen.length = 0;
    const agent = 'Authorization: Bearer agent\r\n';
    await overOneConnection([head('10.9.1.1', agent), head('10.9.1.2'), head('10.9.1.2', agent), head('10.9.1.2')]);
    expect(seen).toEqual([
      { address: '10.9.1.1', trusted: true },
      // Before: still in the authenticated pool, under 10.9.1.2, with no credential of its own.
      { address: '10.9.1.2', trusted: false },
      { address: '10.9.1.2', trusted: true },
      // The same client again keeps what it earned on this connection.
      { address: '10.9.1.2', trusted: true },
    ]);
    await expect.poll(() => budgets.stats().authenticated).toBe(0);
  });
});
