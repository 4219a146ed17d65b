import { completePrefix } from './program-prefix.ts';

/** Where prefixes run: the host runs each one in place of the last, adopting what it shows. */
export interface PrefixTarget {
  /** Run a complete prefix; its errors are the host's to ignore (a prefix may throw). */
  runPrefix(code: string): Promise<void>;
}

/** Options of the progressive runner. */
export interface ProgressiveOptions {
  /**
   * Quiet time between the end of one prefix run and the start of the next (default 400 ms). Each
   * run is a new Worker whose `runPrefix` resolves once it is attached, before its program has
   * necessarily rendered: the gap is what lets that render land before the next run replaces it
   * (on a loaded machine, a gap measured from the start let runs replace each other unseen).
   */
  throttleMs?: number;
}

/** Feeds a program that is still streaming to its host, one complete prefix at a time. */
export interface ProgressiveRunner {
  /** The program so far (the whole text each time, as the stream grows). */
  push(partial: string): void;
  /** Stop: no prefix runs after this; resolves once a run under way has finished. */
  stop(): Promise<void>;
  /** How many prefixes ran. */
  readonly runs: number;
}

/**
 * Runs the longest complete prefix of a streaming program, throttled, and only when it grew: the
 * UI appears while the model still writes. The final program is not this runner's job: the host
 * runs it once at the end, adopting what the last prefix showed, and reports its errors normally.
 */
export function createProgressiveRunner(target: PrefixTarget, options: ProgressiveOptions = {}): ProgressiveRunner {
  const throttleMs = options.throttleMs ?? 400;
  let latest = '';
  let ran = '';
  let runs = 0;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRun = -Infinity;
  let stopped = false;

  const tick = () => {
    timer = undefined;
    if (stopped || running !== undefined) return;
    // A timer armed while a run was under way still owes the quiet time after that run's end.
    if (performance.now() < lastRun + throttleMs) return schedule();
    const prefix = completePrefix(latest, ran.length > 0 ? ran.length - 1 : 0);
    if (prefix === undefined || prefix === ran) return;
    ran = prefix;
    runs += 1;
    running = target
      .runPrefix(prefix)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        lastRun = performance.now();
        if (!stopped && latest !== ran) schedule();
      });
  };
  const schedule = () => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(tick, Math.max(0, lastRun + throttleMs - performance.now()));
  };

  return {
    push(partial) {
      if (stopped) return;
      latest = partial;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
    get runs() {
      return runs;
    },
  };
}
