import { createLineFramer } from './line-framer.ts';
import { createSseParser, type SseEvent, type SseProblem } from './sse-reader.ts';
import type { SlicedParser } from './sliced-reader.ts';

/**
 * The items an untrusted agent stream is cut into, whichever thread cuts it (the stream Worker,
 * `shared/stream-worker.ts`, or the page's sliced reader): an SSE event (a JSONL line is an event
 * with only `data`), or a problem with a line or event that was skipped (the stream goes on).
 */
export type StreamItem = { event: SseEvent } | { problem: SseProblem };

/**
 * How a stream is framed: SSE (`text/event-stream`), JSONL (one JSON text per line), or `text`: the
 * decoded text in pieces of at most `TEXT_PIECE_CHARS` (each an event with only `data`), for a
 * reader that parses lines while they are still being written (A2UI's progressive feed).
 */
export type StreamFormat = 'sse' | 'jsonl' | 'text';

/**
 * The longest piece of a `text` stream: the page parses one piece per step, so a piece is what
 * bounds that step's work (a 64 KiB network chunk is cut into eight).
 */
export const TEXT_PIECE_CHARS = 8 * 1024;

/** The bounds of a stream's items, checked as the bytes stream, before anything is decoded whole or parsed. */
export interface StreamBounds {
  /** The longest line kept (bytes). */
  maxLineBytes: number;
  /** The largest SSE event (its data lines together, bytes); JSONL: unused. */
  maxEventBytes: number;
}

/** The one parser of agent streams' items: bytes in, `StreamItem`s out through `emit`. */
export function createStreamItemParser(
  format: StreamFormat,
  bounds: StreamBounds,
  emit: (item: StreamItem) => void,
): SlicedParser {
  if (format === 'text') return createTextPieces((data) => emit({ event: { data } }));
  if (format === 'sse')
    return createSseParser({ event: (event) => emit({ event }), problem: (problem) => emit({ problem }) }, bounds);
  return createLineFramer(
    {
      line: (data) => emit({ event: { data } }),
      tooLong: ({ length, max, preview }) =>
        emit({
          problem: {
            kind: 'too-long',
            message: `a line of ${length} bytes was skipped (the limit is ${max})`,
            preview: preview.slice(0, 80),
            length,
          },
        }),
    },
    { maxLineBytes: bounds.maxLineBytes },
  );
}

/** UTF-8 bytes in, text out in pieces of at most `TEXT_PIECE_CHARS` (a character split across chunks arrives whole). */
function createTextPieces(emit: (text: string) => void): SlicedParser {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const cut = (text: string) => {
    for (let at = 0; at < text.length;) {
      let end = Math.min(text.length, at + TEXT_PIECE_CHARS);
      // A surrogate pair stays in one piece.
      const code = text.charCodeAt(end - 1);
      if (end < text.length && code >= 0xd800 && code <= 0xdbff) end += 1;
      emit(text.slice(at, end));
      at = end;
    }
  };
  return {
    push: (bytes) => cut(decoder.decode(bytes, { stream: true })),
    end: () => cut(decoder.decode()),
  };
}

/** Bytes of an item as it is posted or queued (its strings' lengths): what batches are bounded by. */
export function itemSize(item: StreamItem): number {
  if ('problem' in item) return 128 + item.problem.preview.length;
  return 64 + item.event.data.length + (item.event.event?.length ?? 0) + (item.event.id?.length ?? 0);
}

/**
 * The first `max` bytes of a body as text, then the body is cancelled: how an error answer is
 * quoted (an error page may never end, or be 10 MB).
 */
export async function readTextStart(body: ReadableStream<Uint8Array> | null | undefined, max: number): Promise<string> {
  if (body === null || body === undefined) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body that fails mid-read: what arrived is quoted.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) bytes.set(chunk, (at += chunk.length) - chunk.length);
  return new TextDecoder().decode(bytes.subarray(0, max));
}
