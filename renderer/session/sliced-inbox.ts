/** Longest stretch the host spends on generator messages before it lets its own tasks run (ms). */
const SLICE_MS = 8;
/** Most messages per slice: each may add particles that the view renders right after the slice. */
const SLICE_MESSAGES = 16;
/**
 * Quiet time since the host last handled a generator message after which one arriving message is
 * handled in its own arrival task instead of a timer task of its own.
 */
const IDLE_MS = 4;

/** A queue of arrived messages that the host handles in slices. */
export interface SlicedInbox {
  push(data: unknown): void;
  /** Drop what is queued and deliver nothing more. */
  close(): void;
}

/**
 * SECURITY: the host never handles generator messages back to back. A burst within the budget
 * (1000 messages at once) would sit in the host's task queue ahead of every timer of the host
 * page; handled one task each, it froze the host for seconds. Arrival only queues; a timer task
 * drains the queue in slices (SLICE_MS, SLICE_MESSAGES), so the host's own tasks run between
 * slices. Shared by the sandbox port and remote channels.
 *
 * The one exception keeps the rule: a message that arrives when nothing is queued and no
 * generator message was handled in the last IDLE_MS is handled at once, in its arrival task (a
 * streamed token every 6.7 ms at 150 tok/s: a timer task per token was host CPU for nothing, and
 * a timer hop of latency). Messages that follow it sooner queue for a timer slice as before, so
 * handling is never back to back.
 */
export function createSlicedInbox(
  deliver: (data: unknown) => void,
  listening: () => boolean = () => true,
): SlicedInbox {
  const inbox: unknown[] = [];
  let head = 0;
  let scheduled = false;
  let closed = false;
  /** `performance.now()` when the host last finished handling generator messages. */
  let lastDone = Number.NEGATIVE_INFINITY;
  const drain = (): void => {
    scheduled = false;
    const end = performance.now() + SLICE_MS;
    const last = head + SLICE_MESSAGES;
    while (head < inbox.length && head < last && !closed) {
      const data = inbox[head];
      inbox[head] = undefined;
      head += 1;
      deliver(data);
      if (performance.now() >= end) break;
    }
    lastDone = performance.now();
    if (head >= inbox.length || closed) {
      inbox.length = 0;
      head = 0;
    } else {
      scheduled = true;
      setTimeout(drain, 0);
    }
  };
  return {
    push(data) {
      if (closed) return;
      // Only once someone listens: a message that arrives before the session subscribed waits for
      // the timer slice, by which time it has.
      if (!scheduled && head >= inbox.length && listening() && performance.now() - lastDone >= IDLE_MS) {
        try {
          deliver(data);
        } finally {
          lastDone = performance.now();
        }
        return;
      }
      inbox.push(data);
      if (!scheduled) {
        scheduled = true;
        setTimeout(drain, 0);
      }
    },
    close() {
      closed = true;
      inbox.length = 0;
      head = 0;
    },
  };
}
