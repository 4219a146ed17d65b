/**
 * The one sliced stream reader: every untrusted stream the host page reads (an AG-UI agent's SSE,
 * a GenUI or A2UI answer's JSONL or SSE, a canvas SSE feed) is read here, so a hostile stream
 * cannot hold the host's main thread.
 *
 * Why slices and not a Worker: suip runs under hosts whose CSP forbids Workers (`worker-src
 * 'none'`), and what a stream's items feed (rxjs pipelines, the renderer) lives on the main thread
 * anyway. So the work is bounded before it is done and cut into slices instead:
 * - the body's bytes go to a bounded framer (`shared/line-framer.ts`, `shared/sse-reader.ts`) in
 *   pieces of at most `PIECE_BYTES`, so an oversize line or event is skipped by byte count as it
 *   streams, before it is decoded or parsed, and never buffered whole; a byte stream (a fetch body)
 *   is read through a BYOB reader into one `PIECE_BYTES` buffer lent to each read, so no read hands
 *   the page more than that (measured in docs/security.md, "Agent streams": it took the rare long
 *   outliers of Chromium's body-delivery task away, not its usual length);
 * - the items a piece completes are queued (at most one piece's worth) and handed on one by one;
 * - after every piece and every item, a slice that has run `sliceMs` yields to the host (its
 *   timers, input and rendering run) before the next one. `await reader.read()` alone does not
 *   yield: while the network has chunks queued it resolves in a microtask, in the same task.
 */

/** Bytes framed per step: a 1 MiB chunk from the network is framed in 16 steps, each one checked against the clock. */
export const PIECE_BYTES = 64 * 1024;

/** The default time a slice may run before it yields to the host (ms). */
export const DEFAULT_SLICE_MS = 8;

/** A parser the reader feeds: bytes in; the items it completes go to the `emit` it was made with. */
export interface SlicedParser {
  push(bytes: Uint8Array): void;
  end(): void;
}

/** Options of `readInSlices`. */
export interface SlicedReadOptions {
  /** Milliseconds a slice may run before it yields (default 8). */
  sliceMs?: number;
  /** Called with each network chunk's size as it arrives (idle timeouts reset on it). */
  onBytes?(bytes: number): void;
  /**
   * Called with `true` when a network chunk arrives and with `false` once every item it completed
   * has been handed on. While `true` the reader holds data it has read but not handed on (it may be
   * yielding to the host), so a caller's "render everything pending" waits for it.
   */
  onHolding?(holding: boolean): void;
  /** Aborting it cancels the body; the read ends without an error. */
  signal?: AbortSignal;
  /** The clock (tests); default `performance.now`. */
  now?(): number;
  /** How to yield (tests); default `yieldToHost`. */
  yield?(): Promise<void>;
}

interface SchedulerWithYield {
  yield?(): Promise<void>;
}

/**
 * Lets the host's pending tasks run, then resolves: `scheduler.yield()` where the browser has it
 * (the continuation keeps its place ahead of new work), else a `MessageChannel` message (no 4 ms
 * timer clamp, and not throttled in a background tab as timers are), else `setTimeout(0)` (Node
 * without MessageChannel).
 */
export function yieldToHost(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The one "a reader still holds items" gate of a client: a client's `settle()` ("render everything
 * pending") waits on it, because items a sliced read has taken from the network but not yet handed
 * on (it yields to the host between slices, often under load) are pending changes too. One gate
 * serves any number of reads, concurrent ones included: each gets its own `onHolding` from `read()`.
 */
export interface HoldingGate {
  /** The `SlicedReadOptions.onHolding` of one read. */
  read(): (holding: boolean) => void;
  /**
   * Runs `flush`, and while some read still holds items, waits for it to hand them on and runs
   * `flush` again; resolves once a `flush` ran with nothing held. `flush` going first also lets a
   * read the network just answered resume before the gate is looked at.
   */
  settle(flush: () => Promise<void>): Promise<void>;
}

/** Creates a client's holding gate (see `HoldingGate`). */
export function createHoldingGate(): HoldingGate {
  const holders = new Set<object>();
  const waiters: Array<() => void> = [];
  const release = () => {
    if (holders.size > 0) return;
    for (const wake of waiters.splice(0)) wake();
  };
  return {
    read() {
      const token = {};
      return (holding) => {
        if (holding) holders.add(token);
        else if (holders.delete(token)) release();
      };
    },
    async settle(flush) {
      for (;;) {
        await flush();
        if (holders.size === 0) return;
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

/**
 * What takes each item: false stops the read. It may return a promise when an item's handling must
 * itself yield (it is then awaited before the next item is handed on).
 */
export type ItemHandler<T> = (item: T) => boolean | void | Promise<boolean | void>;

/** The clock, the yield and the slice budget of one read, and the hand-on of a run of items. */
function createSlicer<T>(onItem: ItemHandler<T>, options: SlicedReadOptions) {
  const now = options.now ?? (() => performance.now());
  const pause = options.yield ?? yieldToHost;
  const budget = options.sliceMs ?? DEFAULT_SLICE_MS;
  let sliceStart = now();
  const slicer = {
    stopped: false,
    done: () => slicer.stopped || options.signal?.aborted === true,
    /** Yields to the host when the slice is spent. */
    async breathe() {
      if (now() - sliceStart < budget) return;
      await pause();
      sliceStart = now();
    },
    /** Hands `items` on, yielding between them when the slice is spent; empties `items`. */
    async drain(items: T[]) {
      for (let i = 0; i < items.length && !slicer.stopped; i += 1) {
        await slicer.breathe();
        if (slicer.done()) break;
        const result = onItem(items[i]!);
        // An item whose handling is work of its own (a large snapshot parsed in pieces) is awaited:
        // the items after it wait, in order.
        if ((result instanceof Promise ? await result : result) === false) slicer.stopped = true;
      }
      items.length = 0;
    },
  };
  return slicer;
}

/**
 * Hands the items of each batch `next` gives (undefined: the end) to `onItem` in order, in slices
 * that yield to the host, as `readInSlices` does for a body's items: for items framed elsewhere (the
 * stream Worker's batches). `onHolding` is true from a batch's arrival until it was handed on.
 * Returns false when `onItem` stopped the read or the signal aborted it before the end.
 */
export async function handOnInSlices<T>(
  next: () => Promise<T[] | undefined>,
  onItem: ItemHandler<T>,
  options: SlicedReadOptions = {},
): Promise<boolean> {
  const slicer = createSlicer(onItem, options);
  try {
    while (!slicer.done()) {
      await slicer.breathe();
      const batch = await next();
      if (batch === undefined) return true;
      options.onHolding?.(true);
      await slicer.drain(batch);
      options.onHolding?.(false);
    }
    return false;
  } finally {
    options.onHolding?.(false);
  }
}

/**
 * Reads `body` to its end through the parser `makeParser` builds, handing each item it completes
 * to `onItem` in order, in slices that yield to the host (see the module comment). `onItem`
 * returning `false` stops the read and cancels the body; what `onItem` throws ends the read with
 * that error (the body is cancelled). Memory: one piece of bytes, the items it completed, and
 * whatever the parser holds (bounded by its own limits).
 */
export async function readInSlices<T>(
  body: ReadableStream<Uint8Array>,
  makeParser: (emit: (item: T) => void) => SlicedParser,
  onItem: ItemHandler<T>,
  options: SlicedReadOptions = {},
): Promise<void> {
  const queue: T[] = [];
  const parser = makeParser((item) => void queue.push(item));
  const bytes = byteReader(body);
  const reader = bytes ?? body.getReader();
  let lent = new ArrayBuffer(PIECE_BYTES);
  // A byte source that closes the stream while a BYOB read waits, without `byobRequest.respond(0)`
  // (the usual `pull` of a stream a host built: enqueue, or close at the end), leaves that read
  // pending for ever, where a default reader is told `done`: the stream's closing ends it too. A
  // stream closes with its queue empty, and a read its last bytes filled was answered in the same
  // step, its promise settling in microtasks: it is waited for until the next task, so no bytes are lost.
  // SECURITY (memory): one listener on the stream's closing for the whole read, never one per
  // chunk: a `Promise.race` with the `closed` promise per read left a reaction on it per read, kept
  // until the stream ends (about 540 bytes a chunk: a long event stream of small chunks grew
  // without bound; found in review).
  const done: ReadableStreamReadDoneResult<Uint8Array> = { done: true, value: undefined };
  /** Ends the read waiting now, if any, with `done` (set while a BYOB read waits). */
  let endWaiting: ((result: typeof done) => void) | undefined;
  // Its rejections (the stream errored, the lock released) are the read's own, or come after it.
  bytes?.closed.then(
    () => setTimeout(() => endWaiting?.(done), 0),
    () => undefined,
  );
  /** The next chunk: on a byte stream, at most `PIECE_BYTES` copied into the one buffer this read lends. */
  const next = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    if (bytes === undefined) return (reader as ReadableStreamDefaultReader<Uint8Array>).read();
    const reading = bytes.read(new Uint8Array(lent, 0, PIECE_BYTES));
    const result = await new Promise<ReadableStreamReadResult<Uint8Array>>((resolve, reject) => {
      endWaiting = resolve;
      reading.then(resolve, reject);
    }).finally(() => (endWaiting = undefined));
    // The buffer comes back (transferred) with the bytes: lent again on the next read. The parser
    // copies what it keeps (`line-framer.ts`), so reusing it loses nothing.
    if (result.value !== undefined) lent = result.value.buffer as ArrayBuffer;
    return result;
  };
  const slicer = createSlicer(onItem, options);
  const cancel = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    while (!slicer.done()) {
      await slicer.breathe();
      const { value, done } = await next();
      options.onHolding?.(true);
      if (done) {
        parser.end();
        await slicer.drain(queue);
        break;
      }
      options.onBytes?.(value.length);
      for (let at = 0; at < value.length && !slicer.stopped; at += PIECE_BYTES) {
        if (at > 0) await slicer.breathe();
        parser.push(value.subarray(at, at + PIECE_BYTES));
        await slicer.drain(queue);
      }
      options.onHolding?.(false);
    }
  } catch (error) {
    slicer.stopped = true;
    throw error;
  } finally {
    options.onHolding?.(false);
    options.signal?.removeEventListener('abort', cancel);
    if (slicer.done()) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * A BYOB reader of `body` when it is a byte stream (a fetch body is, in browsers and Node), else
 * undefined (a stream a test or a host built; it is read with the default reader).
 */
function byteReader(body: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return body.getReader({ mode: 'byob' });
  } catch {
    return undefined;
  }
}
