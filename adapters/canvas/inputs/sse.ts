import { measureJson } from '../../../shared/json-shape.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { CanvasOpError, applyOp, emptyCanvas, replay, type CanvasState } from '../state.ts';
import { parseJson, collect, type Decoded } from './decode.ts';

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
  /** The canvas so far (a `snapshot` replaces it; each `op` applies to it). */
  readonly state: CanvasState;
  /** The last event id seen: send it as Last-Event-ID to resume. */
  readonly lastEventId: string | undefined;
  /** Problems met (an event that did not parse, a line over the limit, an `error` event). */
  readonly errors: string[];
}

/** The longest SSE line taken (a snapshot holds a whole canvas); bounded before it is parsed. */
const MAX_LINE = 64 * 1024 * 1024;

/** A snapshot's JSON, behind the line bound and the depth bound of its ops (plus `{ops: [...]}`). */
function parseSnapshot(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (measureJson(text, CANVAS_LIMITS.maxOpDepth + 2).truncated) return { ok: false, error: `the snapshot nests deeper than its ops may (maxOpDepth ${CANVAS_LIMITS.maxOpDepth})` };
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
  let buffer = '';
  let fields: { id?: string; event?: string; data: string[] } = { data: [] };

  const dispatch = (): CanvasSseEvent | undefined => {
    const done = fields;
    fields = { data: [] };
    if (done.data.length === 0) return undefined;
    const event: CanvasSseEvent = { event: done.event ?? 'message', data: done.data.join('\n'), ...(done.id !== undefined ? { id: done.id } : {}) };
    if (done.id !== undefined) lastEventId = done.id;
    apply(event);
    return event;
  };

  function apply(event: CanvasSseEvent): void {
    if (event.event === 'error') return void errors.push(`the server reported: ${event.data.slice(0, 300)}`);
    if (event.event !== 'snapshot' && event.event !== 'op') return;
    const parsed = event.event === 'snapshot' ? parseSnapshot(event.data) : parseJson(event.data);
    if (!parsed.ok) return void errors.push(`${event.event} ${event.id ?? ''}: ${parsed.error}`);
    const decoded: Decoded = { ops: [], errors: [] };
    if (event.event === 'snapshot') {
      const ops = (parsed.value as { ops?: unknown } | null)?.ops;
      collect(Array.isArray(ops) ? ops : [], decoded);
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

  function line(text: string): CanvasSseEvent | undefined {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return undefined;
    const colon = text.indexOf(':');
    const name = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (name === 'data') fields.data.push(value);
    else if (name === 'event') fields.event = value;
    else if (name === 'id') fields.id = value;
    return undefined;
  }

  return {
    push(chunk) {
      buffer += chunk;
      const events: CanvasSseEvent[] = [];
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const event = line(buffer.slice(0, newline).replace(/\r$/, ''));
        if (event !== undefined) events.push(event);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      if (buffer.length > MAX_LINE) {
        errors.push(`an SSE line is over ${MAX_LINE} characters; it was dropped`);
        buffer = '';
        fields = { data: [] };
      }
      return events;
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
