import { createSandboxFrame, type SandboxFrame } from './sandbox-frame.ts';

/** How long (ms) the pool waits, once no program runs, before it makes a fresh sandbox frame again. */
export const RECYCLE_MS = 1500;

/** How long after a start (ms) a refill begins: the started program's first render comes first. */
const REFILL_DELAY_MS = 200;

/** The longest a refill waits for an idle moment (ms): a busy page still gets its warm frame. */
const IDLE_TIMEOUT_MS = 500;

/** What a renderer's warm sandbox needs: where frames live and how they are made. */
export interface WarmSandboxOptions {
  /** The renderer's hidden frame holder (the warm frame is one of its children). */
  frames: Element;
  relaySource: string | Promise<string>;
  sandboxUrl?: string;
  /** Overrides RECYCLE_MS (tests). */
  recycleMs?: number;
  /**
   * `RendererOptions.warmSandbox`: `true` makes the warm frame at once; `'auto'` only at a `fill`
   * (after a start), and, unless the renderer `hibernating`, keeps it only while a program's frame
   * is beside it: once no program runs it is removed and not remade until the next start, so a
   * page whose programs all ended keeps no sandbox frame, and no sandbox process, at all.
   */
  mode: true | 'auto';
  /**
   * The renderer hibernates programs (`RendererOptions.hibernation`): its wakes want a warm frame
   * while every program sleeps.
   */
  hibernating: boolean;
}

/** One renderer's warm sandbox: at most one fresh frame, loaded and connected, that no program ever ran in. */
export interface WarmSandboxPool {
  /**
   * Hand the warm frame (ready, or still loading) to a start and forget it; undefined when there
   * is none. The caller calls `fill` once that start settled, off its critical path.
   */
  take(): SandboxFrame | undefined;
  /**
   * Make the warm frame if there is none (and no recycle is waiting), when the page is next idle:
   * building a frame costs the host's main thread a few milliseconds, which must not land on the
   * first frame of the program that just started.
   */
  fill(): void;
  destroy(): void;
}

/**
 * A warm sandbox for the next attach or wake: a frame whose relay has loaded and connected, so the
 * program's start skips the iframe, its sandbox process and its navigation (most of a cold first
 * paint: docs/benchmarks.md, "a sandboxed program's first paint"). It holds no Worker: the sandbox
 * CSP lets a Worker run only the blob the relay builds from the program's code, so a Worker cannot
 * be started before the code is known without widening that CSP.
 *
 * Recycled when idle: once no program's frame is left beside it (every program hibernated or
 * detached), the warm frame is removed and a new one made RECYCLE_MS later. Without that, the
 * warm frame alone keeps the browser's sandbox process alive with what the ended programs left in
 * it (+170 MB resident measured with 100 hibernated answers); the new frame starts in a new
 * process instead.
 */
export function createWarmSandbox(options: WarmSandboxOptions): WarmSandboxPool {
  const { frames } = options;
  const onlyBesidePrograms = options.mode === 'auto' && !options.hibernating;
  let warm: SandboxFrame | undefined;
  /** A program's frame was beside the warm one at some point (their process is shared). */
  let sharedProcess = false;
  let recycle: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;
  const others = () => {
    let count = 0;
    for (const element of frames.children)
      if (element instanceof HTMLIFrameElement && element !== warm?.iframe) count += 1;
    return count;
  };
  // Frames come and go with starts, hibernations and detaches; a change is all the pool needs to hear.
  const observer = new MutationObserver(() => {
    if (warm === undefined || warm.destroyed) return;
    if (others() > 0) {
      sharedProcess = true;
      return;
    }
    if (!sharedProcess) return;
    warm.destroy();
    warm = undefined;
    if (onlyBesidePrograms) return;
    clearTimeout(recycle);
    recycle = setTimeout(() => {
      recycle = undefined;
      fill();
    }, options.recycleMs ?? RECYCLE_MS);
  });
  observer.observe(frames, { childList: true });

  /** A refill under way: its timer, then its idle callback (each cancelled by its own function). */
  let pending: { cancel(): void } | undefined;
  function fill(): void {
    if (destroyed || pending !== undefined) return;
    // First a pause (the program that just started renders in it), then an idle moment.
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return fillNow();
      const id = requestIdleCallback(fillNow, { timeout: IDLE_TIMEOUT_MS });
      pending = { cancel: () => cancelIdleCallback(id) };
    }, REFILL_DELAY_MS);
    pending = { cancel: () => clearTimeout(timer) };
  }

  function fillNow(): void {
    pending = undefined;
    if (destroyed || recycle !== undefined || (warm !== undefined && !warm.destroyed)) return;
    sharedProcess = others() > 0;
    // The program that asked for it may have ended during the refill's pause.
    if (onlyBesidePrograms && !sharedProcess) return;
    warm = createSandboxFrame(frames, { relaySource: options.relaySource, sandboxUrl: options.sandboxUrl });
  }

  if (options.mode === true) fill();
  return {
    take() {
      const taken = warm !== undefined && !warm.destroyed ? warm : undefined;
      warm = undefined;
      return taken;
    },
    fill,
    destroy() {
      destroyed = true;
      observer.disconnect();
      clearTimeout(recycle);
      pending?.cancel();
      warm?.destroy();
      warm = undefined;
    },
  };
}
