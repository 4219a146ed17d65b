import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSlicedInbox } from './sliced-inbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createSlicedInbox', () => {
  it('handles a message that arrives after a quiet spell in its own arrival task', () => {
    const got: unknown[] = [];
    const inbox = createSlicedInbox((data) => got.push(data));
    inbox.push('a');
    expect(got).toEqual(['a']);
  });

  it('never handles a burst back to back: what follows at once waits for timer slices, in order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const got: number[] = [];
    const inbox = createSlicedInbox((data) => got.push(data as number));
    for (let i = 0; i < 100; i += 1) inbox.push(i);
    // Only the first went at once; the rest are queued.
    expect(got).toEqual([0]);
    await vi.advanceTimersToNextTimerAsync();
    // One slice: at most 16 messages.
    expect(got.length).toBeLessThanOrEqual(1 + 16);
    await vi.runAllTimersAsync();
    expect(got).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('queues when the last message was handled less than the idle gap ago', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const got: string[] = [];
    const inbox = createSlicedInbox((data) => got.push(data as string));
    inbox.push('a');
    vi.advanceTimersByTime(1);
    inbox.push('b');
    expect(got).toEqual(['a']);
    await vi.runAllTimersAsync();
    expect(got).toEqual(['a', 'b']);
    vi.advanceTimersByTime(10);
    inbox.push('c');
    expect(got).toEqual(['a', 'b', 'c']);
  });

  it('waits for a listener: nothing is handled in the arrival task before someone listens', async () => {
    let listening = false;
    const got: string[] = [];
    const inbox = createSlicedInbox(
      (data) => got.push(data as string),
      () => listening,
    );
    inbox.push('initialize');
    expect(got).toEqual([]);
    listening = true;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['initialize']);
  });

  it('drops what is queued on close', async () => {
    const got: string[] = [];
    const inbox = createSlicedInbox((data) => got.push(data as string));
    inbox.push('a');
    inbox.push('b');
    inbox.close();
    inbox.push('c');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['a']);
  });
});
