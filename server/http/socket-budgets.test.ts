import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './connection-guard.ts';
import { createSocketBudgets } from './socket-budgets.ts';

describe('createSocketBudgets', () => {
  it('closes the oldest unauthenticated connection of an address, then of all, to make room; never refuses one', () => {
    const budgets = createSocketBudgets({ total: 8, unauthenticatedShare: 0.5, unauthenticatedPerAddress: 2 });
    const closed: string[] = [];
    const admit = (name: string, address: string) => budgets.admit({}, address, () => void closed.push(name));
    admit('a1', 'a');
    admit('a2', 'a');
    admit('a3', 'a');
    expect(closed).toEqual(['a1']);
    admit('b1', 'b');
    admit('c1', 'c');
    expect(closed).toEqual(['a1']);
    admit('d1', 'd');
    // Four unauthenticated in all (half of 8): the oldest anywhere goes.
    expect(closed).toEqual(['a1', 'a2']);
    expect(budgets.stats()).toMatchObject({ unauthenticated: 4, evicted: 2 });
  });

  it("counts a listed proxy's new connections in the total only, then each under its client's address", () => {
    const budgets = createSocketBudgets({ total: 16, unauthenticatedShare: 0.5, unauthenticatedPerAddress: 2 });
    const closed: string[] = [];
    // A burst of five users behind the proxy, before any request was read: nobody is closed.
    const places = [1, 2, 3, 4, 5].map((i) => budgets.admit({}, 'proxy', () => void closed.push(`u${i}`), true));
    expect(closed).toEqual([]);
    // Their requests name them: per-address shares apply from then on, under each client.
    for (const place of places.slice(0, 3)) place.moveTo('client');
    expect(closed).toEqual(['u1']);
    // The total still holds for a proxy: 8 unauthenticated in all, the oldest still waiting under the proxy goes.
    for (let i = 6; i < 11; i += 1) budgets.admit({}, 'proxy', () => void closed.push(`u${i}`), true);
    expect(closed).toEqual(['u1', 'u4']);
  });

  it('never evicts authenticated connections; refuses them only past their own limits (429, then 503)', () => {
    const budgets = createSocketBudgets({ total: 8, unauthenticatedShare: 0.5, perAddress: 2 });
    const closed: string[] = [];
    const trusted = [0, 1].map(() => budgets.admit({}, 'a', () => void closed.push('trusted')));
    for (const place of trusted) expect(place.trust()).toEqual({ ok: true });
    expect(budgets.admit({}, 'a', () => undefined).trust()).toMatchObject({ ok: false, status: 429 });
    for (let i = 0; i < 10; i += 1) budgets.admit({}, `x${i}`, () => undefined);
    expect(closed).toEqual([]);
    expect(budgets.admit({}, 'b', () => undefined).trust()).toEqual({ ok: true });
    expect(budgets.admit({}, 'c', () => undefined).trust()).toEqual({ ok: true });
    expect(budgets.admit({}, 'd', () => undefined).trust()).toMatchObject({ ok: false, status: 503 });
    trusted[0]!.release();
    expect(budgets.take({}, 'd')).toMatchObject({ ok: true });
    expect(budgets.stats().authenticatedRoom).toBe(0);
  });

  it('moves a connection to the address a listed proxy forwards, under that address budget', () => {
    const budgets = createSocketBudgets({ unauthenticatedPerAddress: 1 });
    const closed: string[] = [];
    const first = budgets.admit({}, 'proxy', () => void closed.push('first'));
    const second = budgets.admit({}, 'proxy', () => void closed.push('second'));
    expect(closed).toEqual(['first']);
    second.moveTo('client-1');
    budgets.admit({}, 'proxy', () => void closed.push('third'));
    expect(closed).toEqual(['first']);
    expect(first.trust()).toMatchObject({ ok: false });
  });

  it("counts a session's bound sockets until each is unbound, once, with no object per socket", () => {
    const budgets = createSocketBudgets({ perSession: 2 });
    const [a, b, c] = [{ bufferedAmount: 0 }, { bufferedAmount: 0 }, { bufferedAmount: 0 }];
    expect(budgets.bind('s', a)).toBe(budgets.bind('s', b));
    expect(budgets.bind('s', c)).toMatchObject({ ok: false, reason: expect.stringContaining('has 2 sockets open') });
    budgets.unbind('s', a);
    budgets.unbind('s', a);
    budgets.unbind('t', b);
    expect(budgets.stats().sessions).toBe(1);
    expect(budgets.bind('s', c)).toEqual({ ok: true });
    expect(budgets.bind('s', a)).toMatchObject({ ok: false });
    budgets.unbind('s', b);
    budgets.unbind('s', c);
    expect(budgets.stats().sessions).toBe(0);
  });

  it("reads a keeping-up socket's own queue per send; past the session budget, drops the one over its share", () => {
    const budgets = createSocketBudgets({ perSession: 1000, perSessionBytes: 1000, perSocketBytes: 10_000 });
    let reads = 0;
    const socket = (queued: number) => ({
      queued,
      get bufferedAmount() {
        reads += 1;
        return this.queued;
      },
    });
    const sockets = Array.from({ length: 500 }, () => socket(0));
    for (const s of sockets) expect(budgets.bind('s', s).ok).toBe(true);
    reads = 0;
    // A broadcast to 500 subscribers: each send looks at its own socket, not the 500 (n² reads before).
    for (const s of sockets) expect(budgets.roomFor('s', s)).toEqual({ ok: true });
    expect(reads).toBeLessThanOrEqual(2 * sockets.length);
    // Over the session's budget, a socket holding more than its share (1000 / 500 = 2 bytes) goes; the others stay.
    sockets[0]!.queued = 1001;
    expect(budgets.roomFor('s', sockets[0]!)).toMatchObject({ ok: false });
    expect(budgets.roomFor('s', sockets[1]!)).toEqual({ ok: true });
    // Under the session's budget, holding more than a share is allowed.
    sockets[0]!.queued = 900;
    expect(budgets.roomFor('s', sockets[0]!)).toEqual({ ok: true });
  });
});

describe('clientAddress', () => {
  const request = (peer: string, forwarded?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;
  const proxies = new Set(['10.0.0.1', '10.0.0.2']);

  it('reads X-Forwarded-For only from a listed proxy, its rightmost hop that is not a proxy', () => {
    expect(clientAddress(request('192.0.2.9', '198.51.100.1'), proxies)).toBe('192.0.2.9');
    expect(clientAddress(request('10.0.0.1', '198.51.100.1'), proxies)).toBe('198.51.100.1');
    expect(clientAddress(request('::ffff:10.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.2'), proxies)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.1', 'not-an-address'), proxies)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1'), proxies)).toBe('10.0.0.1');
  });

  it('gives each connection a place with shared methods and no function of its own, released by one listener', () => {
    // A server holds one place per open connection: methods made per place (closures, getters on an
    // object literal, a bound release and its once wrapper) were most of the live channel's memory
    // per subscriber above a bare ws server (issue 43).
    const budgets = createSocketBudgets();
    const [a, b] = [budgets.admit({}, 'a', () => undefined), budgets.admit({}, 'b', () => undefined)];
    expect(a.trust).toBe(b.trust);
    expect(a.moveTo).toBe(b.moveTo);
    expect(a.release).toBe(b.release);
    const own = (place: object) =>
      Object.entries(place)
        .filter(([, value]) => typeof value === 'function')
        .map(([key]) => key);
    expect(own(a)).toEqual(['evicter']);
    // Every connection's close is heard by one shared listener, which releases that connection's place.
    const [first, second] = [new EventEmitter(), new EventEmitter()];
    const [p, q] = [budgets.admit(first, 'c', () => undefined), budgets.admit(second, 'c', () => undefined)];
    budgets.releaseOnClose(first);
    budgets.releaseOnClose(second);
    expect(first.listeners('close')[0]).toBe(second.listeners('close')[0]);
    expect(p.trust()).toEqual({ ok: true });
    expect(q.trust()).toEqual({ ok: true });
    expect(budgets.stats()).toMatchObject({ authenticated: 2, unauthenticated: 2 });
    first.emit('close');
    expect(budgets.stats()).toMatchObject({ authenticated: 1, unauthenticated: 2 });
    second.emit('close');
    second.emit('close');
    expect(budgets.stats()).toMatchObject({ authenticated: 0, unauthenticated: 2 });
  });
});
