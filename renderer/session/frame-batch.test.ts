import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameBatch } from './frame-batch.ts';

/** A fake frame clock: `frame()` runs the callbacks registered so far, in order. */
function fakeFrames(visibility: 'visible' | 'hidden' = 'visible') {
  let callbacks: Array<[number, FrameRequestCallback]> = [];
  let next = 1;
  vi.stubGlobal('document', { visibilityState: visibility });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.push([next, callback]);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
    callbacks = callbacks.filter(([id]) => id !== handle);
  });
  return {
    frame() {
      const run = callbacks;
      callbacks = [];
      for (const [, callback] of run) callback(0);
    },
    pending: () => callbacks.length,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createFrameBatch', () => {
  it('shows the first change at once and the ones after it once, at the next frame', () => {
    const frames = fakeFrames();
    const show = vi.fn();
    const batch = createFrameBatch(show);
    batch.request();
    expect(show).toHaveBeenCalledTimes(1);
    batch.request();
    batch.request();
    expect(show).toHaveBeenCalledTimes(1);
    frames.frame();
    expect(show).toHaveBeenCalledTimes(2);
    // A quiet frame ends the loop; the next change is shown at once again.
    frames.frame();
    expect(frames.pending()).toBe(0);
    batch.request();
    expect(show).toHaveBeenCalledTimes(3);
  });

  it('keeps its callback registered while changes come, ahead of callbacks registered after a frame, and stops after an idle frame', () => {
    const frames = fakeFrames();
    const order: string[] = [];
    const batch = createFrameBatch(() => order.push('show'));
    batch.request();
    batch.request();
    frames.frame();
    // A page callback registered after this frame, then a change: ours still runs first.
    requestAnimationFrame(() => order.push('page'));
    batch.request();
    frames.frame();
    expect(order).toEqual(['show', 'show', 'show', 'page']);
    frames.frame(); // idle: the loop ends
    expect(frames.pending()).toBe(0);
  });

  it('shows at once when the page is hidden (no frames come)', () => {
    fakeFrames('hidden');
    const show = vi.fn();
    createFrameBatch(show).request();
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('shows after the fallback delay when no frame comes', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    fakeFrames();
    const show = vi.fn();
    const batch = createFrameBatch(show);
    batch.request();
    batch.request();
    expect(show).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('keeps one fallback timer while frames come, and lets a newer change wait its whole delay', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const frames = fakeFrames();
    const show = vi.fn();
    const batch = createFrameBatch(show);
    batch.request(); // shown at once
    batch.request(); // waits for the frame; arms the fallback
    frames.frame();
    expect(show).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(150);
    batch.request(); // marked at 150 ms; its frame never comes
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(60); // the first timer fires at 200 ms: this change waited only 50
    expect(show).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(140); // 350 ms: it has waited 200
    expect(show).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('flush shows now; cancel drops what is pending', () => {
    const frames = fakeFrames();
    const show = vi.fn();
    const batch = createFrameBatch(show);
    batch.request();
    batch.request();
    batch.flush();
    expect(show).toHaveBeenCalledTimes(2);
    batch.request();
    batch.cancel();
    frames.frame();
    expect(show).toHaveBeenCalledTimes(2);
  });
});
