import { measureJson } from '../../../shared/json-shape.ts';
import { createSseParser, readSse, type SseEvent, type SseProblem } from '../../../shared/sse-reader.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { openAgentStream, refuseUnreadable, type StreamMode } from '../../kit/agent-stream.ts';
import { CanvasOpError, applyOp, emptyCanvas, replay, type CanvasState } from '../state.ts';
import { parseJson, collect, type Decoded } from './decode.ts';
import { parseSnapshotInSlices, type SnapshotParse } from './snapshot-pieces.ts';

/** One event of the canvas's SSE stream (`GET /api/canvas/<id>/sse`). */
export interface CanvasSseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A client's view of a canvas SSE stream: the folded canvas and the position to resume from. */
export interface CanvasSseFold {
  /** Feed decoded text as it arrives; returns the events it completed. */
  push(chunk: string): CanvasSseEvent[];
  /**
   * Reads a whole SSE body (`fetch(...).body`) into the fold through the tree's one sliced reader
   * (`shared/sliced-reader.ts`): bounded before parsing, in slices that yield to the host page, so a
   * hostile feed cannot hold a browser host's main thread. `onEvent` sees each event once applied.
   */
  read(
    body: ReadableStream<Uint8Array>,
    options?: { signal?: AbortSignal; onEvent?(event: CanvasSseEvent): void },
  ): Promise<void>;
  /**
   * Fetches the canvas's SSE stream and reads it into the fold to its end through the one door for
   * untrusted agent streams (`adapters/kit/agent-stream.ts`): in the stream Worker where the host
   * allows one (the page takes only bounded events), else on the page in slices that yield.
   * Rejects on an answer that is not 2xx (quoting its start). `onMode` hears which mode it got.
   */
  connect(url: string, init?: RequestInit, options?: CanvasSseConnectOptions): Promise<void>;
  /** The canvas so far (a `snapshot` replaces it; each `op` applies to it). */
  readonly state: CanvasState;
  /** The last event id seen: send it as Last-Event-ID to resume. */
  readonly lastEventId: string | undefined;
  /** Problems met (an event that did not parse, a line over the limit, an `error` event). */
  readonly errors: string[];
}

/** Options of `CanvasSseFold.connect`. */
export interface CanvasSseConnectOptions {
  /** Each event once applied. */
  onEvent?(event: CanvasSseEvent): void;
  /** Where the stream is read (`worker` or `sliced`), and why: told once per connect. */
  onMode?(mode: StreamMode, message: string): void;
  /** The host's own fetch (auth, tests): the stream is then read on the page's thread, in slices. */
  fetch?(input: string, init: RequestInit): Promise<Response>;
}

/** The longest SSE line taken (a snapshot holds a whole canvas); bounded before it is parsed. */
const MAX_LINE = 64 * 1024 * 1024;

/** A snapshot's JSON, behind the line bound and the depth bound of its ops (plus `{ops: [...]}`). */
function parseSnapshot(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (measureJson(text, CANVAS_LIMITS.maxOpDepth + 2).truncated)
    return { ok: false, error: `the snapshot nests deeper than its ops may (maxOpDepth ${CANVAS_LIMITS.maxOpDepth})` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'the snapshot is not JSON' };
  }
}

/**
 * The client side of the canvas SSE transport, without EventSource: SSE text → events → the
 * canvas. A `snapshot` event (`{seq, ops}`) replaces the canvas (the server sends one whenever it
 * cannot serve a resume from its ledger, so the client never holds a gap); an `op` event applies
 * one op (checked through the same door as every input; one that cannot apply is skipped, as the
 * server's fold skips it); an `error` event is recorded. Every line is bounded before parsing.
 * `initial` is the canvas the client held at the id it resumes from.
 */
export function createCanvasSseFold(initial: CanvasState = emptyCanvas()): CanvasSseFold {
  let state = initial;
  let lastEventId: string | undefined;
  const errors: string[] = [];
  let completed: CanvasSseEvent[] = [];

  /** `snapshot`: the snapshot's JSON already parsed (in pieces, by `connect`); else it is parsed here. */
  function apply(event: CanvasSseEvent, snapshot?: SnapshotParse): void {
    if (event.event === 'error') return void errors.push(`the server reported: ${event.data.slice(0, 300)}`);
    if (event.event !== 'snapshot' && event.event !== 'op') return;
    const parsed = event.event === 'snapshot' ? (snapshot ?? parseSnapshot(event.data)) : parseJson(event.data);
    if (!parsed.ok) return void errors.push(`${event.event} ${event.id ?? ''}: ${parsed.error}`);
    const decoded: Decoded = { ops: [], errors: [] };
    if (event.event === 'snapshot') {
      const ops = (parsed.value as { ops?: unknown } | null)?.ops;
      // A snapshot replaces the whole canvas: one without an ops array is refused, not taken as empty.
      if (!Array.isArray(ops))
        return void errors.push(`snapshot ${event.id ?? ''}: its "ops" is not an array; the canvas is kept as it was`);
      collect(ops, decoded);
      state = replay(decoded.ops);
    } else {
      collect(parsed.value, decoded);
      for (const op of decoded.ops) {
        try {
          applyOp(state, op);
        } catch (error) {
          if (!(error instanceof CanvasOpError)) throw error;
        }
      }
    }
    errors.push(...decoded.errors);
  }

  // The one SSE reader (shared/sse-reader.ts): lines and events bounded before they are parsed,
  // and a line that is no SSE field reported rather than skipped quietly.
  const take = ({ data, event, id }: SseEvent, snapshot?: SnapshotParse): CanvasSseEvent => {
    const done: CanvasSseEvent = { event: event ?? 'message', data, ...(id !== undefined ? { id } : {}) };
    if (id !== undefined) lastEventId = id;
    apply(done, snapshot);
    return done;
  };
  const bounds = { maxLineBytes: MAX_LINE, maxEventBytes: MAX_LINE };
  const parser = createSseParser(
    { event: (sse) => void completed.push(take(sse)), problem: ({ message }) => void errors.push(message) },
    bounds,
  );
  const problem = ({ message }: SseProblem) => void errors.push(message);

  return {
    push(chunk) {
      parser.push(chunk);
      const events = completed;
      completed = [];
      return events;
    },
    read: (body, options = {}) =>
      readSse(
        body,
        (sse) => {
          // Applied whether or not the caller listens (an optional call would skip its arguments).
          const done = take(sse);
          options.onEvent?.(done);
        },
        {
          ...bounds,
          ...(options.signal ? { signal: options.signal } : {}),
          onProblem: problem,
        },
      ),
    async connect(url, init = {}, options = {}) {
      const stream = await openAgentStream(url, init, {
        ...(init.signal ? { signal: init.signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.onMode ? { onMode: options.onMode } : {}),
      });
      await refuseUnreadable(stream, 'canvas SSE', url);
      await stream.read('sse', bounds, async (item) => {
        if (!('event' in item)) return problem(item.problem);
        // SECURITY: a snapshot may be megabytes; its JSON is parsed in pieces that yield, never in
        // one task on the host's thread (an op event is bounded by parseJson's limit before parsing).
        const snapshot =
          item.event.event === 'snapshot'
            ? await parseSnapshotInSlices(item.event.data, init.signal ? { signal: init.signal } : {})
            : undefined;
        // Aborted while the snapshot was parsed: the caller gave this fold up, so nothing changes it.
        if (init.signal?.aborted) return;
        // Applied whether or not the caller listens: `onEvent?.(take(…))` would skip the take itself.
        const done = take(item.event, snapshot);
        options.onEvent?.(done);
      });
    },
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    errors,
  };
}
