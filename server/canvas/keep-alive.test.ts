import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive } from './keep-alive.ts';

describe('createKeepAlive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every stream from one timer, which exists only while a stream is open', () => {
    vi.useFakeTimers();
    const keepAlive = createKeepAlive(1000);
    const beats: string[] = [];
    const streams = ['a', 'b', 'c'].map((name) => () => beats.push(name));
    expect(vi.getTimerCount()).toBe(0);
    for (const stream of streams) keepAlive.add(stream);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(beats).toEqual(['a', 'b', 'c']);
    keepAlive.delete(streams[1]!);
    vi.advanceTimersByTime(1000);
    expect(beats).toEqual(['a', 'b', 'c', 'a', 'c']);
    keepAlive.delete(streams[0]!);
    keepAlive.delete(streams[2]!);
    expect(keepAlive.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a beat may close its own stream (over budget) without skipping the others', () => {
    vi.useFakeTimers();
    const keepAlive = createKeepAlive(1000);
    const beats: string[] = [];
    const closing = () => {
      beats.push('closing');
      keepAlive.delete(closing);
    };
    keepAlive.add(closing);
    keepAlive.add(() => beats.push('other'));
    vi.advanceTimersByTime(2000);
    expect(beats).toEqual(['closing', 'other', 'other']);
  });
});
