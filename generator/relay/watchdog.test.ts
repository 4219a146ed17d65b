import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWatchdog } from './watchdog.ts';

describe('startWatchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const options = (ping: () => Promise<unknown>, onTimeout: (ms: number) => void) => ({ ping, onTimeout, intervalMs: 100, timeoutMs: 400, startupTimeoutMs: 2000, now: () => Date.now() });

  it('keeps quiet while pings are answered', async () => {
    const onTimeout = vi.fn();
    const ping = vi.fn(() => Promise.resolve(true));
    const stop = startWatchdog(options(ping, onTimeout));
    await vi.advanceTimersByTimeAsync(5000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(ping.mock.calls.length).toBeGreaterThan(20);
    stop();
  });

  it('fires once when an answered Worker stops answering for timeoutMs', async () => {
    const onTimeout = vi.fn();
    let alive = true;
    const ping = vi.fn(() => (alive ? Promise.resolve(true) : new Promise(() => undefined)));
    startWatchdog(options(ping, onTimeout));
    await vi.advanceTimersByTimeAsync(1000);
    alive = false;
    await vi.advanceTimersByTimeAsync(399);
    await vi.advanceTimersByTimeAsync(300);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onTimeout.mock.calls[0]![0]).toBeGreaterThan(400);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('gives a starting Worker startupTimeoutMs for its first answer', async () => {
    const onTimeout = vi.fn();
    startWatchdog(options(() => new Promise(() => undefined), onTimeout));
    await vi.advanceTimersByTimeAsync(1900);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(onTimeout).toHaveBeenCalledOnce();
  });
});
