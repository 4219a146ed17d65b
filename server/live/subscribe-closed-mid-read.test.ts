import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createRouter } from '../http/router.ts';
import { createSocketBudgets } from '../http/socket-budgets.ts';
import { routeUpgrades } from '../http/upgrades.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createMemoryLedger } from '../ledger/memory-ledger.ts';
import { sessionRoutes } from '../sessions/session-api.ts';
import { upgradeHead } from '../testing/raw-request.ts';
import { agentCall, liveTestClient } from '../testing/live-test-client.ts';
import { createLiveChannel } from './live-server.ts';

const AGENT = 'subscribe-closed-mid-read-agent';
const MAX_FRAME = 64 * 1024;

/** A gate a ledger read waits at while it is shut; `waiting` counts the reads held there. */
class Gate {
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  waiting = 0;

  shut(): void {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  async pass<T>(read: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    await this.opened;
    this.waiting -= 1;
    return read();
  }
}

/**
 * A memory ledger whose reads of one kind wait at a gate (a slow store, a Redis primary failing
 * over), and which counts its open tails: the live channel's fan-out tails a stream while it has
 * a reader, so an open tail with no subscriber left is a reader kept for ever.
 */
function slowLedger(gates: { heads: Gate; eventsLast: Gate }): { ledger: Ledger; tails: () => number } {
  const inner = createMemoryLedger();
  let tails = 0;
  const ledger = new Proxy(inner, {
    get(target, key) {
      if (key === 'heads') return (session: string) => gates.heads.pass(() => target.heads(session));
      if (key === 'last')
        return (stream: string) =>
          stream.endsWith('.events') ? gates.eventsLast.pass(() => target.last(stream)) : target.last(stream);
      if (key === 'tail')
        return (...args: Parameters<Ledger['tail']>) => {
          const stop = target.tail(...args);
          tails += 1;
          let stopped = false;
          return () => {
            if (!stopped) tails -= 1;
            stopped = true;
            stop();
          };
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ledger, tails: () => tails };
}

/** Until `check` holds (a condition of the server, never a duration; the deadline only ends a failed run). */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every continuation of a resolved read has run (they are microtasks; this waits a few macrotasks). */
async function settled(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** One masked client frame (RFC 6455 §5.2), its length given as the 64-bit form when `claimed` is set. */
function clientFrame(text: string, claimed?: number): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const head =
    claimed !== undefined
      ? Buffer.concat([Buffer.from([0x81, 0x80 | 127]), Buffer.from(new BigUint64Array([0n]).buffer)])
      : payload.length < 126
        ? Buffer.from([0x81, 0x80 | payload.length])
        : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  if (claimed !== undefined) head.writeBigUInt64BE(BigInt(claimed), 2);
  return Buffer.concat([head, mask, Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!))]);
}

/**
 * A socket closed while its subscribe's ledger reads are in flight joins nothing afterwards: not
 * presence, not a fan-out reader, not its session's socket budget. Each used to be counted for
 * ever: presence said one viewer too many, the session stream kept a tail, and the session kept a
 * socket seat (32 such sockets locked the session out).
 */
describe('live channel: a socket closed during its subscribe', () => {
  const gates = { heads: new Gate(), eventsLast: new Gate() };
  const { ledger, tails } = slowLedger(gates);
  const budgets = createSocketBudgets();
  let server: Server;
  let base = '';
  let port = 0;
  const session = async () =>
    (await agentCall(base, AGENT, '/api/sessions', {})) as unknown as { sessionId: string; wsToken: string };
  /** Presence as a fresh agent socket of `sessionId` reads it (itself included), then that socket gone again. */
  const presence = async (sessionId: string): Promise<unknown> => {
    const agent = liveTestClient(base, '', { authorization: `Bearer ${AGENT}` });
    await agent.opened;
    agent.send({ type: 'subscribe', payload: { sessionId, role: 'agent' } });
    await agent.until((frames) => frames.some((f) => f.type === 'ack'), 'the agent ack');
    agent.send({ type: 'channel_subscribe', payload: { channel: 'presence' } });
    await agent.until((frames) => frames.some((f) => f.type === 'channel_payload'), 'presence');
    agent.ws.close();
    await until(() => budgets.stats().sessions === 0, 'the agent socket gone');
    return agent.frames.find((f) => f.type === 'channel_payload')?.payload?.payload;
  };

  beforeAll(async () => {
    const log = () => undefined;
    const guard = createBrowserGuard({ origins: [], hosts: ['*'] });
    const router = createRouter(
      sessionRoutes({ ledger, secret: 'mid-read', agentToken: AGENT, wsTokenTtlMs: 600_000, maxBodyBytes: 1 << 20 }),
      { guard, agentToken: AGENT, log },
    );
    server = createServer((req, res) => void router(req, res));
    const live = createLiveChannel({
      ledger,
      secret: 'mid-read',
      agentToken: AGENT,
      guard,
      budgets,
      maxFrameBytes: MAX_FRAME,
      maxFramesPerSecond: 100,
      sessionTokenTtlMs: 600_000,
      log,
    });
    routeUpgrades(server, [live], { guard, log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    gates.heads.release();
    gates.eventsLast.release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('closed after it was bound (its event ledger read held): no presence, no reader, no seat', async () => {
    const { sessionId, wsToken } = await session();
    const start = budgets.stats();
    expect(tails()).toBe(0);
    gates.eventsLast.shut();
    const viewer = liveTestClient(base);
    await viewer.opened;
    viewer.send({ type: 'subscribe', payload: { sessionId, wsToken } });
    // Bound to its session (its seat taken), its subscribe waits for the event ledger.
    await until(() => gates.eventsLast.waiting === 1, 'the event ledger read');
    expect(budgets.stats().sessions).toBe(1);
    viewer.ws.close();
    await until(() => budgets.stats().sessions === 0, 'the server to see the socket close');
    gates.eventsLast.release();
    await settled();
    expect(tails()).toBe(0);
    expect(budgets.stats()).toEqual(start);
    // Only the agent that asks is there (the closed viewer used to stay counted).
    expect(await presence(sessionId)).toEqual({ connections: 1 });
    expect(budgets.stats()).toEqual(start);
  });

  it('ended by an error before its TCP socket closed (its heads read held): it takes no seat', async () => {
    const { sessionId, wsToken } = await session();
    const start = budgets.stats();
    gates.heads.shut();
    // A raw client, so its TCP socket stays open after the server ends the WebSocket (`ws` waits 30 s
    // for the peer's close; the server's socket counts meanwhile, as it should, but no seat is taken).
    // Half-open allowed: it does not answer the server's FIN either, as a peer that went away would not.
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on('error', () => undefined);
    socket.write(upgradeHead('/ws', port));
    await until(() => received.includes('\r\n\r\n'), 'the upgrade');
    expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
    const upgraded = received.length;
    socket.write(clientFrame(JSON.stringify({ type: 'subscribe', payload: { sessionId, wsToken } })));
    await until(() => gates.heads.waiting === 1, 'the heads read');
    // A frame over the size limit: `ws` errors (1009) and the socket ends at once; the close frame
    // it sends back says the server has ended it.
    socket.write(clientFrame('', MAX_FRAME * 4));
    await until(() => received.length > upgraded, 'the close frame');
    expect(received[upgraded]).toBe(0x88);
    gates.heads.release();
    await settled();
    expect(budgets.stats().sessions).toBe(0);
    expect(tails()).toBe(0);
    socket.destroy();
    await until(() => budgets.stats().unauthenticated === start.unauthenticated, 'the TCP socket released');
    expect(budgets.stats()).toEqual(start);
    expect(await presence(sessionId)).toEqual({ connections: 1 });
  });
});
