import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteEnvelope } from '../../adapters/live/live-remote.ts';
import { DrainScheduler } from './drain-scheduler.ts';
import { EnvelopeOutbox } from './envelope-outbox.ts';
import { RemoteEpoch } from './remote-epoch.ts';

afterEach(() => vi.useRealTimers());

describe('the remote generator units', () => {
  it('EnvelopeOutbox: what queues during a publish goes next, in order; a failure retries the same batch', async () => {
    vi.useFakeTimers();
    const published: number[][] = [];
    let fail = 1;
    let release: () => void = () => undefined;
    const outbox = new EnvelopeOutbox(async (batch: RemoteEnvelope[]) => {
      if (published.length === 0) await new Promise<void>((resolve) => (release = resolve));
      if (published.length === 1 && fail-- > 0) throw new Error('server restarting');
      published.push(batch.map((envelope) => envelope.n!));
    });
    const envelope = (n: number) => ({ epoch: 'e', text: `t${n}`, n });
    // 1 starts a publish at once; 2 and 3 queue while it is in flight.
    outbox.push(envelope(1));
    outbox.push(envelope(2));
    outbox.push(envelope(3));
    release();
    const done = outbox.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    // [2, 3] failed once and went again as the same batch, in order.
    expect(published).toEqual([[1], [2, 3]]);
    expect(fail).toBe(-1);
  });

  it('EnvelopeOutbox: closed, it publishes nothing more', async () => {
    const published: RemoteEnvelope[][] = [];
    const outbox = new EnvelopeOutbox(async (batch) => void published.push(batch));
    outbox.close();
    outbox.push({ epoch: 'e', text: 'x', n: 1 });
    await outbox.flush();
    expect(published).toEqual([]);
  });

  it('DrainScheduler: a burst drains once, through its highest sequence; closed, it drains nothing', async () => {
    vi.useFakeTimers();
    const drained: number[] = [];
    const drains = new DrainScheduler(
      async (through) => void drained.push(through),
      () => undefined,
    );
    drains.soon(4);
    drains.soon(9);
    drains.soon(7);
    await vi.advanceTimersByTimeAsync(100);
    expect(drained).toEqual([9]);
    drains.soon(12);
    drains.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(drained).toEqual([9]);
  });

  it('DrainScheduler: a failed drain goes to onError', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const drains = new DrainScheduler(
      () => Promise.reject(new Error('down')),
      (error) => errors.push(error),
    );
    drains.soon(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toEqual([new Error('down')]);
  });

  it('RemoteEpoch: numbers what it sends, hands in what the page sent, and goes quiet once superseded', async () => {
    const sent: RemoteEnvelope[] = [];
    const outbox = { push: (envelope: RemoteEnvelope) => sent.push(envelope) } as unknown as EnvelopeOutbox;
    let newest = 'a';
    const epoch = new RemoteEpoch('a', outbox, () => newest);
    const heard: unknown[] = [];
    const stop = epoch.channel.onMessage((text) => heard.push(text));
    epoch.channel.send('one');
    epoch.channel.send('two');
    epoch.deliver('from the page');
    stop();
    epoch.deliver('after stop');
    expect(sent).toEqual([
      { epoch: 'a', text: 'one', n: 1 },
      { epoch: 'a', text: 'two', n: 2 },
    ]);
    expect(heard).toEqual(['from the page']);
    let closed = 0;
    epoch.api = { close: () => (closed += 1) } as unknown as RemoteEpoch['api'];
    newest = 'b';
    epoch.supersede();
    await epoch.superseded;
    epoch.channel.send('three');
    expect(sent).toHaveLength(2);
    expect(closed).toBe(1);
  });
});
