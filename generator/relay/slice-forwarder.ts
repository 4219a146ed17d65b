/**
 * How much of a program's data the relay hands the host in one slice (one turn of the relay's
 * timer): at most `messages` texts and, past the first, `bytes` UTF-16 code units.
 */
export interface SliceBudget {
  messages: number;
  bytes: number;
}

/**
 * Per slice: 32 texts (the host's session parses, validates and applies each; 32 small ones cost it
 * a few ms) and 1 MiB (one message of the default `maxMessageBytes` always passes alone).
 */
export const RELAY_SLICE: Readonly<SliceBudget> = Object.freeze({ messages: 32, bytes: 1 << 20 });

/** The relay's path to the host, in slices (see `createSliceForwarder`). */
export interface SliceForwarder<T> {
  /**
   * Forward `message` (`size` code units) now if this slice has room, else queue it for the next
   * slice. False (and nothing queued) when the queue already holds its bound: the run sends faster
   * than the host takes it, and the caller ends it.
   */
  push(message: T, size: number): boolean;
  /** Drop what is queued and forward nothing more (the run ended). */
  stop(): void;
  /** Messages queued, not yet forwarded. */
  readonly pending: number;
}

/**
 * Forwards a run's data texts to the host in budgeted slices, in order: what arrives while the
 * current slice is spent waits for the next one, which starts on the relay's next timer turn.
 *
 * Why: in Firefox the sandbox's relay runs on the host's thread, and every text it forwards costs
 * the host's session its parse, validation and apply on that same thread. A flood forwarded as it
 * arrives (up to the rate budget's burst of 1,000) stalled the host; in slices the host gets at
 * most `budget.messages` per timer turn and its own timers run between them.
 *
 * SECURITY: the queue has a bound of its own (`limit`). The rate budget refills by time, not by how
 * fast slices drain, and a hidden page's timers run about once a second while the program's Worker
 * is not slowed: a run that keeps the queue over its bound is refused (`push` answers false) rather
 * than held in memory. A forwarded slot is cleared at once, so a steady backlog holds only what
 * waits, never what already went.
 */
export function createSliceForwarder<T>(
  send: (message: T) => void,
  budget: SliceBudget = RELAY_SLICE,
  schedule: (task: () => void) => void = (task) => setTimeout(task, 0),
  limit: SliceBudget = { messages: 1000, bytes: 8 << 20 },
): SliceForwarder<T> {
  let queue: ({ message: T; size: number } | undefined)[] = [];
  let head = 0;
  /** Code units waiting in the queue. */
  let queued = 0;
  let sent = 0;
  let bytes = 0;
  let scheduled = false;
  let stopped = false;
  const roomFor = (size: number) => sent === 0 || (sent < budget.messages && bytes + size <= budget.bytes);
  const forward = (entry: { message: T; size: number }) => {
    sent += 1;
    bytes += entry.size;
    send(entry.message);
  };
  const nextSlice = () => {
    scheduled = false;
    if (stopped) return;
    sent = 0;
    bytes = 0;
    while (head < queue.length && roomFor(queue[head]!.size)) {
      const entry = queue[head]!;
      queue[head] = undefined;
      head += 1;
      queued -= entry.size;
      forward(entry);
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head >= 1024) {
      queue = queue.slice(head);
      head = 0;
    }
    // A new slice starts on the next turn even when nothing waits, so a flood that comes after
    // an idle spell still meets a spent slice at its 33rd text.
    if (head < queue.length || sent > 0) later();
  };
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(nextSlice);
  };
  return {
    push(message, size) {
      if (stopped) return true;
      if (head === queue.length && roomFor(size)) forward({ message, size });
      else {
        if (queue.length - head >= limit.messages || queued + size > limit.bytes) return false;
        queue.push({ message, size });
        queued += size;
      }
      later();
      return true;
    },
    stop() {
      stopped = true;
      queue = [];
      head = 0;
      queued = 0;
    },
    get pending() {
      return queue.length - head;
    },
  };
}
