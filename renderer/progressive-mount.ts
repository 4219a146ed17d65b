import { SuipHostError } from './host-error.ts';
import type { AttachOptions, GeneratorHandle, Renderer } from './renderer-types.ts';

/** The programs of one model answer, run one after another under one mount id. */
export interface ProgressiveMount {
  /**
   * Run a complete prefix of a program that is still streaming: it takes over what the previous
   * run shows. Never rejects: a prefix may stop mid-thought, so its failure is not an error.
   */
  runPrefix(code: string): Promise<void>;
  /** Run the whole program, taking over what the last prefix shows; rejects like `attach`. */
  run(code: string): Promise<GeneratorHandle>;
}

/**
 * Progressive rendering for a host (docs/streaming.md): each run detaches the one before with
 * `{keep: true}` and attaches with `adopt: true`, so the new program's first render is diffed
 * against the screen (no flash, no re-created element) and runs in the same sandbox frame. The
 * first run replaces whatever the id showed before. Runs are queued: one start at a time.
 * Feed `runPrefix` from `generateWithRepair({runPrefix})` (generator kit) and `run` from its `run`.
 */
export function createProgressiveMount(
  renderer: Renderer,
  mount: Omit<AttachOptions, 'code' | 'adopt'>,
): ProgressiveMount {
  let queue: Promise<unknown> = Promise.resolve();
  let first = true;
  const start = async (code: string): Promise<GeneratorHandle> => {
    if (first) {
      first = false;
      await renderer.detach(mount.id);
      return renderer.attach({ ...mount, code });
    }
    await renderer.detach(mount.id, { keep: true });
    try {
      return await renderer.attach({ ...mount, code, adopt: true });
    } catch (error) {
      // The previous run never got on screen (it failed to start): nothing is kept to adopt.
      if (error instanceof SuipHostError && error.code === 'unknown-generator')
        return renderer.attach({ ...mount, code });
      throw error;
    }
  };
  const enqueue = (code: string): Promise<GeneratorHandle> => {
    const next = queue.then(() => start(code));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    runPrefix: (code) =>
      enqueue(code).then(
        () => undefined,
        () => undefined,
      ),
    run: enqueue,
  };
}
