import { afterEach, describe, expect, it } from 'vitest';
import { agentCall, liveTestClient } from '../testing/live-test-client.ts';
import { serverForSuite } from '../testing/server-suite.ts';

/**
 * Budgets that cannot be turned against users (issue 45, finding 3), against real processes. A
 * client that reconnects with no token once got a real page from its own address refused (429),
 * and from any address (503) once it used 59 loopback addresses; a forwarded address must count
 * only when a listed proxy forwards it.
 */

const AGENT = 'agent-token-for-lockout';

/** An attacker: `count` live-channel sockets from `localAddress` that never subscribe, each reopened a second after it closes. */
function reconnecting(
  url: string,
  localAddress: string,
  count: number,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  let running = true;
  const clients: Array<ReturnType<typeof liveTestClient>> = [];
  const open = (i: number) => {
    const client = liveTestClient(url, '', headers(i), { localAddress });
    clients.push(client);
    client.ws.once('close', () => {
      if (running) setTimeout(() => running && open(i), 1000);
    });
  };
  for (let i = 0; i < count; i += 1) open(i);
  return {
    clients,
    stop() {
      running = false;
      for (const client of clients) client.ws.terminate();
    },
  };
}

/** A real page: a session from the agent, its socket from `localAddress` with its wsToken on the URL (as `live-client.ts` sends it), subscribed and acknowledged. */
async function pageSubscribes(url: string, localAddress: string): Promise<void> {
  const created = await agentCall(url, AGENT, '/api/sessions', {});
  expect(created.status).toBe(201);
  const page = liveTestClient(url, `?wsToken=${encodeURIComponent(String(created.wsToken))}`, {}, { localAddress });
  await page.opened;
  page.send({ type: 'subscribe', payload: { sessionId: created.sessionId, wsToken: created.wsToken } });
  await page.until((frames) => frames.some((frame) => frame.type === 'ack'), `the ack of a page from ${localAddress}`);
  page.ws.close();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reconnecting with no token locks nobody out (real process, 1,024 descriptors)', () => {
  // 1,024 descriptors: 672 connections in all, as in the finding (59 addresses filled them).
  const server = serverForSuite('suip-hostile-lockout-', ['--agent-token', AGENT], { process: { openFiles: 1024 } });
  const attackers: Array<{ stop(): void }> = [];
  afterEach(() => {
    for (const attacker of attackers.splice(0)) attacker.stop();
  });

  it('300 idle sockets from one address do not get a page from that address refused', async () => {
    attackers.push(reconnecting(server.url, '127.0.0.1', 300));
    await pause(3000);
    await pageSubscribes(server.url, '127.0.0.1');
  }, 60_000);

  it('16 idle sockets from each of 60 loopback addresses do not get a page from another address refused', async () => {
    for (let host = 2; host < 62; host += 1) attackers.push(reconnecting(server.url, `127.0.0.${host}`, 16));
    await pause(4000);
    await pageSubscribes(server.url, '127.0.0.99');
    await pageSubscribes(server.url, '127.0.0.2');
  }, 90_000);
});

describe('--trust-proxy (real process)', () => {
  const server = serverForSuite('suip-hostile-proxy-', ['--agent-token', AGENT, '--trust-proxy', '127.0.0.2']);

  /**
   * 40 idle sockets from `localAddress` with the given X-Forwarded-For; how many the server closed
   * to make room for their own address: a socket still opening on a busy machine is not one.
   * Waits up to 8 s (under the 10 s handshake deadline) for `expected` evictions, 1.5 s for none.
   */
  async function evictedOf(localAddress: string, forwarded: (i: number) => string, expected: number): Promise<number> {
    const clients = Array.from({ length: 40 }, (_, i) =>
      liveTestClient(server.url, '', { 'x-forwarded-for': forwarded(i) }, { localAddress }),
    );
    await Promise.allSettled(clients.map((client) => client.opened));
    // Closed to make room: told in a frame once upgraded, or the TCP socket destroyed before (1006).
    const evicted = () =>
      clients.filter((client) => client.errors().includes('TOO_MANY_CONNECTIONS') || client.closed() === 1006).length;
    const deadline = Date.now() + (expected > 0 ? 8000 : 1500);
    while (Date.now() < deadline && (expected === 0 || evicted() < expected)) await pause(100);
    const count = evicted();
    for (const client of clients) client.ws.terminate();
    await pause(500);
    return count;
  }

  it('counts a forwarded address only from a listed proxy, and only its rightmost hop', async () => {
    // Not a listed proxy: the header is ignored, all 40 count under 127.0.0.1 (32 unauthenticated per address).
    expect(await evictedOf('127.0.0.1', (i) => `10.0.0.${i}`, 8)).toBeGreaterThanOrEqual(8);
    // The listed proxy forwards 40 clients: each has its own budget.
    expect(await evictedOf('127.0.0.2', (i) => `10.0.0.${i}`, 0)).toBe(0);
    // A client that writes its own X-Forwarded-For before the proxy appends the real one: only the proxy's hop counts.
    expect(await evictedOf('127.0.0.2', (i) => `10.1.0.${i}, 10.0.0.7`, 8)).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
