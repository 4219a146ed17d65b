import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWatchdog } from './watchdog.ts';

describe('startWatchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const options = (ping: () => Promise<unknown>, onTimeout: (ms: number) => void) => ({
    ping,
    onTimeout,
    intervalMs: 100,
    timeoutMs: 400,
    startupTimeoutMs: 2000,
    now: () => Date.now(),
  });

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

describe('startWatchdog when the relay itself was suspended', () => {
  it('does not blame the Worker for time the relay did not run', async () => {
    let now = 0;
    const ticks: Array<() => void> = [];
    const realSetInterval = globalThis.setInterval;
    globalThis.setInterval = ((fn: () => void) => {
      ticks.push(fn);
      return 1 as unknown as ReturnType<typeof setInterval>;
    }) as typeof setInterval;
    const onTimeout = vi.fn();
    const answers: Array<() => void> = [];
    try {
      startWatchdog({
        ping: () => new Promise<void>((resolve) => answers.push(resolve)),
        onTimeout,
        intervalMs: 100,
        timeoutMs: 400,
        startupTimeoutMs: 400,
        now: () => now,
      });
    } finally {
      globalThis.setInterval = realSetInterval;
    }
    const tickAt = async (t: number) => {
      now = t;
      ticks[0]!();
      await Promise.resolve();
    };
    // A ping is out when the page is frozen for 10 s; the first tick after it runs before the answer.
    await tickAt(10_000);
    expect(onTimeout).not.toHaveBeenCalled();
    for (const answer of answers) answer();
    await Promise.resolve();
    // Awake again, a Worker that stops answering is still caught within the timeout.
    for (let t = 10_100; t <= 10_700; t += 100) await tickAt(t);
    expect(onTimeout).toHaveBeenCalledOnce();
  });
});
