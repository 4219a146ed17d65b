/** Longest a change waits for a frame before it is shown anyway (a page that stopped producing frames). */
const FALLBACK_MS = 200;

/** Coalesces view updates to at most one per animation frame while changes keep coming. */
export interface FrameBatch {
  /** A change happened: show it now, or in the next frame if a change was already shown in this one. */
  request(): void;
  /** Run `show` now if a change is waiting for its frame. */
  flush(): void;
  /** Stop: what is waiting is not shown. */
  cancel(): void;
}

/**
 * Coalesces view updates to one per animation frame. Messages from a generator arrive as separate
 * tasks (a token every 6.7 ms at 150 tok/s, so 2–3 per 60 Hz frame); updating the view for each
 * ran the whole custom-element update chain per message, though only the last state before a
 * frame is ever painted.
 *
 * The first change after a quiet frame is shown at once, exactly as before (nothing waits, and a
 * page reading the DOM right after it sees it). It also starts a frame callback; changes that
 * arrive before that frame are only marked, and the callback shows them all at once, at the start
 * of the frame that would have painted them anyway, then re-registers itself for the next frame.
 * Being registered a frame ahead, it runs before any `requestAnimationFrame` callback the page
 * registered after the previous frame (a host reading the DOM in its own frame callback sees the
 * frame's state). A frame with nothing to show ends the loop. When frames stop coming (a hidden
 * page), a waiting change is shown after FALLBACK_MS, and while the page is hidden every change
 * is shown at once.
 */
export function createFrameBatch(show: () => void): FrameBatch {
  let dirty = false;
  /** `performance.now()` when the change now waiting was marked (meaningful while `dirty`). */
  let dirtySince = 0;
  let frame: number | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    dirty = false;
    show();
  };
  // The fallback timer is not cleared when a frame shows the change: at 150 tokens a second that
  // was a setTimeout and a clearTimeout per frame (0.017 ms a token in the profile). It is armed
  // at most once per FALLBACK_MS; when it fires it shows only a change that has really waited that
  // long, and re-arms for the rest of the wait of a newer one.
  const check = (): void => {
    fallback = undefined;
    if (!dirty) return;
    const waited = performance.now() - dirtySince;
    if (waited >= FALLBACK_MS) return run();
    fallback = setTimeout(check, FALLBACK_MS - waited);
  };
  const tick = (): void => {
    frame = undefined;
    if (!dirty) return; // a quiet frame ends the loop
    run();
    frame = requestAnimationFrame(tick);
  };
  const framesComing = (): boolean =>
    typeof requestAnimationFrame === 'function' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible';
  return {
    request() {
      if (!framesComing()) return run();
      if (frame === undefined) {
        // Quiet until now: show at once, and watch the next frame for more.
        run();
        frame = requestAnimationFrame(tick);
        return;
      }
      if (!dirty) dirtySince = performance.now();
      dirty = true;
      fallback ??= setTimeout(check, FALLBACK_MS);
    },
    flush() {
      if (dirty) run();
    },
    cancel() {
      dirty = false;
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (fallback !== undefined) clearTimeout(fallback);
      frame = undefined;
      fallback = undefined;
    },
  };
}
