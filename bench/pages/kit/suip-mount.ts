import { createRenderer } from '../../../renderer/index.ts';
import type { Renderer, TrafficRecord } from '../../../renderer/index.ts';

/** Limits for benchmarks: the defaults, with the message rate raised so the rate limit never cuts a run short. */
/**
 * The bench's limits: messages unthrottled, and room for issue 42's 50,000-particle stream (a list of
 * 25,000 items, its starting UI in one message).
 */
export const BENCH_LIMITS = {
  maxMessagesPerSecond: 100_000,
  maxNodes: 120_000,
  maxChildren: 60_000,
  maxMessageBytes: 16 << 20,
};

/** A renderer with one generator attached, plus a hook on every message that reaches the host. */
export interface SuipMount {
  container: HTMLElement;
  renderer: Renderer;
  /** Replace the listener for incoming data messages (the renderer's devtools tap). */
  onIncoming(listener: ((record: TrafficRecord) => void) | undefined): void;
  dispose(): Promise<void>;
}

/** Mount a fresh renderer in a new container and attach `code` as generator `bench`. */
export async function mountSuip(code: string): Promise<SuipMount> {
  const container = document.createElement('div');
  document.body.append(container);
  const renderer = createRenderer(container, { limits: BENCH_LIMITS });
  let incoming: ((record: TrafficRecord) => void) | undefined;
  renderer.onTraffic((record) => {
    if (record.direction === 'in') incoming?.(record);
  });
  const handle = await renderer.attach({ id: 'bench', code });
  return {
    container,
    renderer,
    onIncoming(listener) {
      incoming = listener;
    },
    async dispose() {
      await handle.detach();
      await renderer.destroy();
      container.remove();
    },
  };
}

/** Resolves when `check()` is true, polling once per frame (fails after `timeoutMs`). */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
