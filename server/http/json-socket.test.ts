import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from '../testing/raw-request.ts';
import { createBrowserGuard } from './browser-guard.ts';
import { createJsonSocketEndpoint } from './json-socket.ts';
import { createSocketBudgets } from './socket-budgets.ts';
import { routeUpgrades } from './upgrades.ts';

/** The JSON socket endpoint on a real server on 127.0.0.1: refusals that must be said, not silent. */
const logs: Array<Record<string, unknown>> = [];
const budgets = createSocketBudgets({ unauthenticatedPerAddress: 1 });
let server: Server;
let port: number;

beforeAll(async () => {
  const guard = createBrowserGuard({ origins: ['http://allowed.example'] });
  const endpoint = createJsonSocketEndpoint({
    path: '/ws',
    guard,
    budgets,
    frames: { check: () => ({ ok: false, errors: ['unused'] }) } as never,
    maxFrameBytes: 1024,
    maxFramesPerSecond: 10,
    explainOriginRefusal: true,
    errorFrame: (code, message) => ({ type: 'error', code, message }),
    accept: () => ({ frame: () => undefined, closed: () => undefined }),
    log: (event) => void logs.push(event),
  });
  server = createServer((_request, response) => response.end('ok'));
  routeUpgrades(server, [endpoint], { guard, log: (event) => void logs.push(event) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  guard.listening(port);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createJsonSocketEndpoint origin refusal', () => {
  it('an origin-refusal socket past the unauthenticated budget of its address closes the oldest, and is itself answered', async () => {
    const evicted: string[] = [];
    const held = budgets.admit({}, '127.0.0.1', (reason) => void evicted.push(reason));
    const head = `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    const answer = await rawExchange(port, head);
    expect(answer).toMatch(/^HTTP\/1\.1 101 /);
    expect(answer).toContain('ORIGIN_NOT_ALLOWED');
    expect(evicted).toEqual([expect.stringContaining('the oldest is closed')]);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'upgrade-refused', code: 'ORIGIN_NOT_ALLOWED', origin: 'http://evil.example' }),
    );
    held.release();
  });
});
