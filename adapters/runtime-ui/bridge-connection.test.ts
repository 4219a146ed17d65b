import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_DEFAULTS } from '../../shared/backoff.ts';
import { connectBridge, type BridgeEvents } from './bridge-connection.ts';

/** A socket whose server never answers: each one closes without opening. */
class DeadSocket {
  static made: DeadSocket[] = [];
  readyState = 0;
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: () => void;
  constructor(readonly url: string) {
    DeadSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const events = (statuses: string[], problems: string[]): BridgeEvents => ({
  line: () => undefined,
  claim: () => undefined,
  hello: () => undefined,
  started: () => undefined,
  exit: () => undefined,
  problem: (message) => problems.push(message),
  status: (status) => statuses.push(status),
});

/** A bridge connection over DeadSockets, telling its statuses and problems. */
const connect = (statuses: string[], problems: string[]) =>
  connectBridge({
    url: 'ws://bridge/runtime',
    token: 't',
    events: events(statuses, problems),
    WebSocketImpl: DeadSocket as unknown as typeof WebSocket,
  });

describe('connectBridge reconnects with the one policy of shared/backoff.ts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    DeadSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('waits the default delays and stops, saying so, after the default attempts', () => {
    const statuses: string[] = [];
    const problems: string[] = [];
    connect(statuses, problems);
    for (let failure = 1; failure <= RECONNECT_DEFAULTS.attempts; failure += 1) {
      DeadSocket.made.at(-1)!.close();
      // The jitter keeps each delay in the upper half of the doubled base, never over the cap.
      const ceiling = Math.min(RECONNECT_DEFAULTS.maxMs, RECONNECT_DEFAULTS.baseMs * 2 ** (failure - 1));
      vi.advanceTimersByTime(ceiling / 2 - 1);
      expect(DeadSocket.made).toHaveLength(failure);
      vi.advanceTimersByTime(ceiling / 2 + 1);
      expect(DeadSocket.made).toHaveLength(failure + 1);
    }
    DeadSocket.made.at(-1)!.close();
    vi.advanceTimersByTime(10 * RECONNECT_DEFAULTS.maxMs);
    expect(DeadSocket.made).toHaveLength(RECONNECT_DEFAULTS.attempts + 1);
    expect(statuses.at(-1)).toBe('closed');
    expect(problems).toEqual([
      `the runtime bridge did not keep a connection: gave up after ${RECONNECT_DEFAULTS.attempts} attempts in a row`,
    ]);
  });
  it('counts a socket the bridge closes after the upgrade as a failure (hello resets), and stops at an ended session', () => {
    const statuses: string[] = [];
    const problems: string[] = [];
    connect(statuses, problems);
    const refuse = (code: string) => {
      const socket = DeadSocket.made.at(-1)!;
      socket.readyState = 1;
      socket.onopen?.();
      socket.onmessage?.({ data: JSON.stringify({ type: 'error', code, message: `refused: ${code}` }) });
      socket.close();
      vi.advanceTimersByTime(RECONNECT_DEFAULTS.maxMs);
    };
    // Too many windows: the upgrade opens, the bridge refuses and closes; that is no connection kept.
    for (let failure = 1; failure <= RECONNECT_DEFAULTS.attempts; failure += 1) refuse('TOO_MANY_CONNECTIONS');
    refuse('TOO_MANY_CONNECTIONS');
    expect(DeadSocket.made).toHaveLength(RECONNECT_DEFAULTS.attempts + 1);
    expect(statuses.at(-1)).toBe('closed');
    expect(problems.at(-1)).toMatch(/gave up after 10 attempts in a row/);

    DeadSocket.made = [];
    const ended: string[] = [];
    connect(statuses, ended);
    const hello = { type: 'hello', generation: 1, running: true, canRestart: true, lastSeq: 0, clientId: 'c1' };
    const first = DeadSocket.made.at(-1)!;
    first.readyState = 1;
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify(hello) });
    refuse('SESSION_ENDED');
    expect(DeadSocket.made).toHaveLength(1);
    expect(ended.at(-1)).toBe('the runtime session has ended: refused: SESSION_ENDED; not reconnecting');
    expect(statuses.at(-1)).toBe('closed');
  });
});
