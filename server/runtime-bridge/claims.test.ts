import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClaims } from './claims.ts';

/** The claims of one bridge, with the connected windows and the hand-overs recorded. */
function setup() {
  const connected: string[] = [];
  const handed: Array<[string, string]> = [];
  const claims = createClaims({
    graceMs: 3000,
    connected: () => [...connected],
    hand: (client, _gen, line) => handed.push([client, line]),
  });
  claims.newGeneration(1);
  const ask = (id: string, runId?: string) => {
    const line = JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'ui.prompt.request',
      params: { ...(runId ? { run_id: runId } : {}), title: 'Key', message: '', secret: true },
    });
    claims.asked(1, id, JSON.parse(line).params, line);
    return JSON.stringify({ type: 'line', generation: 1, line });
  };
  const startRun = (client: string, requestId: string, runId: string) => {
    expect(claims.fromUi(client, 1, { jsonrpc: '2.0', id: requestId, method: 'run.start', params: {} })).toBe('relay');
    expect(claims.replyTo(1, requestId, { run_id: runId })).toBe(client);
  };
  const answer = (client: string, id: string) =>
    claims.fromUi(client, 1, { jsonrpc: '2.0', id, result: { value: 'v' } });
  return { claims, connected, handed, ask, startRun, answer };
}

afterEach(() => vi.useRealTimers());

describe('who may answer what (several windows, one runtime)', () => {
  it('the window that started the run holds its request; another window sees it elsewhere and its answer is refused', () => {
    const t = setup();
    t.connected.push('A', 'B');
    t.startRun('B', 'ui-b-1', 'run-1');
    const frame = t.ask('rt-1', 'run-1');
    expect(t.claims.viewOf('B', frame)).toBe('mine');
    expect(t.claims.viewOf('A', frame)).toBe('elsewhere');
    expect(t.answer('A', 'rt-1')).toMatchObject({ code: 'ANSWERED_ELSEWHERE' });
    expect(t.answer('B', 'rt-1')).toBe('relay');
    // Answered: not shown again to anyone, and a second answer is refused.
    expect(t.claims.viewOf('A', frame)).toBe('answered');
    expect(t.answer('B', 'rt-1')).toMatchObject({ code: 'NO_PENDING_REQUEST' });
  });

  it('a request of no known run goes to the longest-connected window; an error answer to nothing passes', () => {
    const t = setup();
    t.connected.push('A', 'B');
    const frame = t.ask('rt-2');
    expect(t.claims.viewOf('B', frame)).toBe('elsewhere');
    expect(t.claims.viewOf('A', frame)).toBe('mine');
    expect(t.claims.fromUi('B', 1, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })).toBe(
      'relay',
    );
  });

  it('a claimant that leaves keeps its request for the grace; a reconnect gets it handed back; after the grace another window gets it', () => {
    vi.useFakeTimers();
    const t = setup();
    t.connected.push('A', 'B');
    t.startRun('A', 'ui-a-1', 'run-1');
    t.ask('rt-3', 'run-1');
    t.connected.splice(0, 1);
    t.claims.left('A');
    t.connected.push('A');
    t.claims.arrived('A', 0);
    expect(t.handed.map(([client]) => client)).toEqual(['A']);
    t.connected.splice(t.connected.indexOf('A'), 1);
    t.claims.left('A');
    vi.advanceTimersByTime(2999);
    expect(t.handed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.handed.map(([client]) => client)).toEqual(['A', 'B']);
    expect(t.answer('A', 'rt-3')).toMatchObject({ code: 'ANSWERED_ELSEWHERE' });
    expect(t.answer('B', 'rt-3')).toBe('relay');
  });

  it('a new runtime generation voids every request of the old one', () => {
    const t = setup();
    t.connected.push('A');
    const frame = t.ask('rt-4');
    t.claims.newGeneration(2);
    expect(t.claims.viewOf('A', frame)).toBe('answered');
    expect(t.answer('A', 'rt-4')).toMatchObject({ code: 'NO_PENDING_REQUEST' });
  });
});
