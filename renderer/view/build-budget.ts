/** Time a task spends building new elements before the rest waits for a later frame. */
const SLICE_MS = 12;
/**
 * New children one task creates before the budget has measured what one costs. Each is an element
 * whose first render follows in the same task, after the clock was last read (a group's own
 * children ask again), so the count bounds what the clock cannot see.
 */
const TASK_CHILDREN = 128;
/**
 * Most new children one task creates however cheap they measured: a count of 128 per frame built a
 * 50,000-item list in 390 frames (6.5 s at 60 frames a second, a minute on a loaded machine) while
 * each slice was a few milliseconds of a 12 ms budget; 1,024 builds it in 49.
 *
 * SECURITY: a program chooses what its next children cost, so a count learnt from cheap children
 * can be spent on dear ones (a review primed 4,096 with cheap tasks, then sent 2 ms children: an
 * 8 s task). The cap, a count that at most doubles a task and an estimate that takes a dearer
 * measurement at once bound that to 8x the unmeasured count. A dear measurement also holds for
 * DEAR_HOLD_MS: cheap children sent right after it do not lower the estimate, so a program that
 * re-primes the count to spend it on dear children again can do so at most about once a second
 * plus the climb back (a review re-primed it in 10 cheap tasks, a few milliseconds).
 */
const MAX_TASK_CHILDREN = 1_024;
/** How long the dearest recent measurement of a child's cost holds against cheaper ones (ms). */
const DEAR_HOLD_MS = 1_000;
/** Fewest children a task must have built for its time to count as a measurement of one child's cost. */
const MEASURED_CHILDREN = 32;

/** Longest a waiting render waits for a frame before it runs anyway (frames stopped coming). */
const FRAME_FALLBACK_MS = 200;

/** True when animation frames are expected (a visible page). */
function framesComing(): boolean {
  return (
    typeof requestAnimationFrame === 'function' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible'
  );
}

/**
 * How much new view one task may build. A program may send up to `maxNodes` particles in one
 * transaction, and building all their elements at once held the host's main thread for 1.5 s
 * (12,000 particles, loaded machine): a loop of such renders froze the page though every
 * transaction was within limits. Keyed renders therefore ask here before they create children;
 * what is not granted is built in the next frames, a slice each, so the page keeps answering while
 * a big tree appears. The tree (and the generator's acknowledgement) is complete at once; only its
 * elements follow. A change that adds up to `TASK_CHILDREN` children is built at once, as before.
 */
export interface BuildBudget {
  /** How many of `wanted` new children the calling render may create now (0 once the task's slice is spent). */
  grant(wanted: number): number;
  /**
   * Run `again` (which renders again and resolves when that render is done) at the next frame with
   * a fresh slice. Waiting renders take turns in the order they asked, so a small one (the one new
   * child of a parent) is not starved by a big list that keeps asking.
   */
  later(again: () => Promise<unknown>): void;
}

/**
 * A budget of `sliceMs` per task and a count of new children sized to fit it: `taskChildren` until
 * a task has measured what a child costs, then as many as that cost fits in the slice (at least
 * `taskChildren`, at most `maxTaskChildren` and twice the last task's count). Per renderer: two
 * renderers on a page do not share it.
 */
export function createBuildBudget(
  sliceMs = SLICE_MS,
  taskChildren = TASK_CHILDREN,
  maxTaskChildren = Math.max(taskChildren, MAX_TASK_CHILDREN),
): BuildBudget {
  /** When the current task's first grant was made; undefined between tasks. */
  let started: number | undefined;
  let left = 0;
  /** Children granted in the current task, and the cost of one as the last tasks measured it. */
  let grantedInTask = 0;
  let msPerChild: number | undefined;
  /** When the estimate last took a dearer measurement: cheaper ones count only DEAR_HOLD_MS after it. */
  let dearAt = Number.NEGATIVE_INFINITY;
  /** The count the last task had: the next may have at most twice as many. */
  let lastCount = taskChildren;
  const waiting: Array<() => Promise<unknown>> = [];
  let scheduled = false;
  /** How many children fit in a slice: what a child costs is measured from whole tasks. */
  const taskCount = (): number => {
    if (msPerChild === undefined) return taskChildren;
    const fits = Math.floor(sliceMs / msPerChild);
    return Math.max(taskChildren, Math.min(maxTaskChildren, 2 * lastCount, fits));
  };
  const endSlice = (): void => {
    // The timer runs after the task and its microtasks (the new elements' first renders), so the
    // time counts their whole build; whatever else ran in between only makes the estimate cautious.
    if (started !== undefined && grantedInTask >= MEASURED_CHILDREN) {
      const now = performance.now();
      const sample = (now - started) / grantedInTask;
      // Dearer children count at once; cheaper ones move the estimate halfway (slow to trust), and
      // not at all while a dearer measurement holds.
      if (msPerChild === undefined || sample > msPerChild) {
        msPerChild = sample;
        dearAt = now;
      } else if (now - dearAt >= DEAR_HOLD_MS) msPerChild = (msPerChild + sample) / 2;
    }
    started = undefined;
  };
  const startSlice = (now: number): void => {
    started = now;
    left = lastCount = taskCount();
    grantedInTask = 0;
    // The slice ends with the task: this timer runs after it.
    setTimeout(endSlice, 0);
  };
  const spent = (): boolean => started !== undefined && (left <= 0 || performance.now() - started > sliceMs);
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    // One turn per frame: what a turn builds is laid out in that frame, so a frame holds one
    // slice of new elements however many tasks the page runs. A page that shows no frames (hidden)
    // is served by the timer.
    let frame: number | undefined;
    const timer = setTimeout(
      () => {
        if (frame !== undefined) cancelAnimationFrame(frame);
        void turn();
      },
      framesComing() ? FRAME_FALLBACK_MS : 0,
    );
    if (framesComing()) {
      frame = requestAnimationFrame(() => {
        clearTimeout(timer);
        void turn();
      });
    }
  };
  /** One task of waiting renders: each runs to its end (microtasks, so still this task) until the slice is spent. */
  const turn = async (): Promise<void> => {
    scheduled = false;
    startSlice(performance.now());
    while (waiting.length > 0 && !spent()) {
      try {
        await waiting.shift()!();
      } catch (error) {
        // One element's failed render must not stop the others from being built.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
    if (waiting.length > 0) schedule();
  };
  return {
    grant(wanted) {
      if (wanted <= 0) return 0;
      const now = performance.now();
      if (started === undefined) startSlice(now);
      if (now - started! > sliceMs) left = 0;
      const granted = Math.min(wanted, left);
      left -= granted;
      grantedInTask += granted;
      return granted;
    },
    later(again) {
      waiting.push(again);
      schedule();
    },
  };
}
