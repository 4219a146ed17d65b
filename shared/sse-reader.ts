import { createLineFramer, DEFAULT_MAX_LINE_BYTES } from './line-framer.ts';
import { readInSlices, type SlicedReadOptions } from './sliced-reader.ts';

/**
 * The one server-sent-events reader (the `text/event-stream` format of the HTML standard), on the
 * one bounded line framer. Used by the chat client (model streams), the A2UI client (SSE bodies)
 * and anything else that reads SSE.
 *
 * Per the standard: `data:` lines of one event are joined with `\n`; a blank line ends the event;
 * `:` lines are comments (keep-alives); `event:`, `id:` and `retry:` are fields. Unlike a browser's
 * EventSource, a line the standard would silently ignore (an unknown field name, a line with no
 * field) is *reported* as a problem: a model stream with garbage in it must not lose text quietly.
 */

/** One event: its `data` (lines joined with `\n`) and its `event` type when it had one. */
export interface SseEvent {
  data: string;
  event?: string;
  id?: string;
}

/** A line or event the reader did not deliver, with why. The stream goes on after it. */
export interface SseProblem {
  kind: 'too-long' | 'unknown-field';
  message: string;
  /** The first characters of the line (never a whole line). */
  preview: string;
  /** For `too-long`: the line's or event's length as far as it was seen. */
  length?: number;
}

/** What the SSE parser calls. */
export interface SseSink {
  event(event: SseEvent): void;
  problem?(problem: SseProblem): void;
}

/** Options of the SSE parser and reader. */
export interface SseOptions {
  /** The longest line kept (default 4 MiB). */
  maxLineBytes?: number;
  /** The largest event (its data lines together; default 4 MiB). */
  maxEventBytes?: number;
}

/** An incremental SSE parser: bytes (or decoded text) in, events out. */
export interface SseParser {
  push(chunk: Uint8Array | string): void;
  end(): void;
}

const KNOWN_FIELDS = new Set(['data', 'event', 'id', 'retry']);

/** Creates an incremental SSE parser over the bounded line framer. */
export function createSseParser(sink: SseSink, options: SseOptions = {}): SseParser {
  const maxEvent = options.maxEventBytes ?? DEFAULT_MAX_LINE_BYTES;
  let data: string[] = [];
  let dataSize = 0;
  let oversize = false;
  /** A field line of this event was too long and skipped (already reported): the event goes too. */
  let broken = false;
  let type: string | undefined;
  let id: string | undefined;
  const problem = (kind: SseProblem['kind'], message: string, preview: string, length?: number) =>
    sink.problem?.({ kind, message, preview: preview.slice(0, 80), ...(length !== undefined ? { length } : {}) });
  const dispatch = () => {
    if (broken) {
      // Reported when its line was skipped; what is left of it is not the event the server sent.
    } else if (oversize)
      problem('too-long', `an event's data is larger than ${maxEvent} bytes; it was skipped`, data[0] ?? '', dataSize);
    else if (data.length > 0)
      sink.event({
        data: data.join('\n'),
        ...(type !== undefined ? { event: type } : {}),
        ...(id !== undefined ? { id } : {}),
      });
    data = [];
    dataSize = 0;
    oversize = false;
    broken = false;
    type = undefined;
  };
  const framer = createLineFramer(
    {
      line(text) {
        if (text === '') return dispatch();
        // A comment, or a line of spaces (a field with no name: nothing a server means to say).
        if (text.startsWith(':') || text.trim() === '') return;
        const colon = text.indexOf(':');
        const field = colon === -1 ? text : text.slice(0, colon);
        let value = colon === -1 ? '' : text.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (!KNOWN_FIELDS.has(field))
          return problem(
            'unknown-field',
            `a line that is not an SSE field (data:, event:, id:, retry: or a ":" comment) was skipped`,
            text,
          );
        if (field === 'data') {
          dataSize += value.length + 1;
          if (dataSize > maxEvent) {
            // The event's earlier lines go too: an event is delivered whole or not at all.
            if (!oversize) data = data.slice(0, 1);
            oversize = true;
          } else data.push(value);
        } else if (field === 'event') type = value;
        else if (field === 'id') id = value;
      },
      tooLong: ({ length, max, preview }) => {
        // SECURITY: a skipped field line (data:, event:, id:) takes its whole event with it: the
        // lines around it joined without it must never be parsed as an event (an event is
        // delivered whole or not at all). A skipped comment line breaks nothing.
        const comment = preview.startsWith(':');
        if (!comment) broken = true;
        const what = comment ? '' : ', and the event it was part of with it';
        problem('too-long', `a line of ${length} bytes was skipped (the limit is ${max})${what}`, preview, length);
      },
    },
    { maxLineBytes: options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, keepEmpty: true, bareCr: true },
  );
  return {
    push: (chunk) => framer.push(chunk),
    end() {
      framer.end();
      // A last event without its blank line is still an event (servers that close right after it).
      dispatch();
    },
  };
}

/** Options of `readSse`. */
export interface ReadSseOptions extends SseOptions, SlicedReadOptions {
  onProblem?(problem: SseProblem): void;
}

/**
 * Reads an SSE body to its end, handing each event to `onEvent` in order, in slices that yield to
 * the host (`shared/sliced-reader.ts`: a hostile stream cannot hold the main thread). `onEvent`
 * returning `false` stops the read and cancels the body (some servers keep the connection open
 * after their last event). What `onEvent` throws ends the read with that error (the body is
 * cancelled). Problems are reported in stream order, between the events around them.
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => boolean | void,
  options: ReadSseOptions = {},
): Promise<void> {
  type Item = { event: SseEvent } | { problem: SseProblem };
  await readInSlices<Item>(
    body,
    (emit) => createSseParser({ event: (event) => emit({ event }), problem: (problem) => emit({ problem }) }, options),
    (item) => ('event' in item ? onEvent(item.event) : void options.onProblem?.(item.problem)),
    options,
  );
}
