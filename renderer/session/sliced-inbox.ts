/** Longest stretch the host spends on generator messages before it lets its own tasks run (ms). */
const SLICE_MS = 8;
/** Most messages per slice: each may add particles that the view renders right after the slice. */
const SLICE_MESSAGES = 16;

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
 */
export function createSlicedInbox(deliver: (data: unknown) => void): SlicedInbox {
  const inbox: unknown[] = [];
  let head = 0;
  let scheduled = false;
  let closed = false;
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
