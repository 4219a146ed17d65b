import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PROTOCOL_VERSION } from '../../shared/neighbours/live/frames.ts';
import { createLiveClient } from './live-client.ts';

/** A fake socket: records what the client sends; the test plays the server. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Array<{ type: string; payload?: Record<string, unknown> }> = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: () => void;
  onerror?: () => void;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as { type: string });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
}

const ack = (streamSeq: number, extra: Record<string, unknown> = {}) => ({
  type: 'ack',
  payload: { sequence: 0, timestamp: 0, streamSeq, session: null, serverVersion: LIVE_PROTOCOL_VERSION, ...extra },
});
const data = (seq: number) => ({
  type: 'data',
  seq,
  payload: { sessionId: 's', channel: 'c', mode: 'append', payload: seq, seq },
});

describe('createLiveClient (fake socket)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('statuses, heartbeat loss → reconnect to the next URL, resume from the last seq, each frame once, the outbox resent', () => {
    const statuses: string[] = [];
    const applied: number[] = [];
    const client = createLiveClient({
      url: ['ws://a/ws', 'ws://b/ws'],
      sessionId: 's',
      wsToken: 't',
      onStatus: (s) => statuses.push(s),
      onFrame: (f) => applied.push(f.seq),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    const first = FakeSocket.made[0]!;
    first.open();
    expect(first.sent[0]).toMatchObject({
      type: 'subscribe',
      payload: { sessionId: 's', wsToken: 't', fromSeq: 0, supportedVersions: [LIVE_PROTOCOL_VERSION] },
    });
    first.receive(ack(2, { sessionToken: 'st' }));
    first.receive(data(1));
    first.receive(data(2));
    client.sendAction('book', { x: 1 });
    // No pong: after 15 s a ping, after 10 s more the socket counts as lost.
    vi.advanceTimersByTime(15_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(10_000);
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting']);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.made[1]!;
    expect(second.url).toBe('ws://b/ws?token=st');
    second.open();
    expect(second.sent[0]).toMatchObject({ type: 'subscribe', payload: { fromSeq: 2 } });
    second.receive(ack(3));
    // The replay repeats frame 2: applied once.
    second.receive(data(2));
    second.receive(data(3));
    expect(applied).toEqual([1, 2, 3]);
    expect(second.sent.filter((f) => f.type === 'action').map((f) => f.payload!.clientSeq)).toEqual([1]);
    second.receive({ type: 'action_recorded', payload: { clientSeq: 1, duplicate: true } });
    expect(statuses.at(-1)).toBe('connected');
    client.close();
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('sockets that never open are said once (CONNECT_FAILED) while retrying goes on; once connected, a restart is only reconnecting', () => {
    const errors: string[] = [];
    const statuses: string[] = [];
    createLiveClient({
      url: 'ws://a/ws',
      sessionId: 's',
      wsToken: 't',
      onError: (code) => errors.push(code),
      onStatus: (s) => statuses.push(s),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    for (let i = 0; i < 2; i += 1) {
      FakeSocket.made.at(-1)!.close();
      vi.runOnlyPendingTimers();
    }
    expect(errors).toEqual([]);
    FakeSocket.made.at(-1)!.close();
    expect(errors).toEqual(['CONNECT_FAILED']);
    vi.runOnlyPendingTimers();
    FakeSocket.made.at(-1)!.close();
    vi.runOnlyPendingTimers();
    expect(errors).toEqual(['CONNECT_FAILED']);
    expect(statuses.at(-1)).toBe('reconnecting');
    // It comes up: the server and the origin are good. A later outage (a restart, a kill -9) is
    // 'reconnecting', not a failure to connect whose hint (--origins) would mislead.
    const up = FakeSocket.made.at(-1)!;
    up.open();
    up.receive(ack(0));
    up.close();
    for (let i = 0; i < 5; i += 1) {
      vi.runOnlyPendingTimers();
      FakeSocket.made.at(-1)!.close();
    }
    expect(errors).toEqual(['CONNECT_FAILED']);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('a server of another version is refused (UPGRADE_REQUIRED, disconnected, no retry)', () => {
    const errors: string[] = [];
    const client = createLiveClient({
      url: 'ws://a/ws',
      sessionId: 's',
      wsToken: 't',
      onError: (code) => errors.push(code),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.receive(ack(0, { serverVersion: 'ggui/9' }));
    vi.advanceTimersByTime(60_000);
    expect(errors).toEqual(['UPGRADE_REQUIRED']);
    expect(client.status).toBe('disconnected');
    expect(FakeSocket.made).toHaveLength(1);
  });
});
