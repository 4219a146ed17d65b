import { createLineFramer } from '../../shared/line-framer.ts';
import { createSseParser } from '../../shared/sse-reader.ts';
import { readInSlices, type SlicedParser } from '../../shared/sliced-reader.ts';

/** Options of `readMessageStream`. */
export interface StreamReaderOptions {
  /** `jsonl`: one JSON message per line; `sse`: `data:` lines, an event per blank line. */
  format: 'jsonl' | 'sse';
  /** Longest line (or SSE event) kept, in bytes; longer ones are dropped whole and reported. Default 4,000,000. */
  maxLineChars?: number;
  /** A line or event that was too long (it was skipped; the stream goes on). */
  onOversize?(chars: number): void;
  /** An SSE line that is no SSE field (skipped; the stream goes on). */
  onProblem?(message: string): void;
  /** Whether the reader holds messages it has read but not handed on yet (see `SlicedReadOptions.onHolding`). */
  onHolding?(holding: boolean): void;
  signal?: AbortSignal;
}

/**
 * Reads a byte stream of A2UI messages and hands each complete message text to `onMessage` as
 * soon as its line ends, so a surface renders while the agent is still writing. The framing is the
 * tree's one bounded line framer and SSE reader (`shared/line-framer.ts`, `shared/sse-reader.ts`):
 * memory is bounded, an over-long line is discarded while it streams (never buffered whole) and
 * reported. The messages are handed on in slices that yield to the host (`shared/sliced-reader.ts`).
 * Returns the number of messages delivered.
 */
export async function readMessageStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (text: string) => void,
  options: StreamReaderOptions,
): Promise<number> {
  const max = options.maxLineChars ?? 4_000_000;
  let delivered = 0;
  type Item = { text: string } | { oversize: number } | { problem: string };
  const parser = (emit: (item: Item) => void): SlicedParser =>
    options.format === 'jsonl'
      ? createLineFramer(
          { line: (text) => emit({ text }), tooLong: ({ length }) => emit({ oversize: length }) },
          { maxLineBytes: max },
        )
      : createSseParser(
          {
            event: ({ data }) => emit({ text: data }),
            problem: (p) =>
              emit(
                p.kind === 'too-long' ? { oversize: p.length ?? max + 1 } : { problem: `${p.message}: ${p.preview}` },
              ),
          },
          { maxLineBytes: max, maxEventBytes: max },
        );
  // The one sliced reader: framed in pieces, handed on in slices that yield to the host page.
  await readInSlices<Item>(
    body,
    parser,
    (item) => {
      if ('oversize' in item) return void options.onOversize?.(item.oversize);
      if ('problem' in item) return void options.onProblem?.(item.problem);
      if (item.text.trim() === '') return;
      delivered += 1;
      onMessage(item.text);
    },
    {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onHolding ? { onHolding: options.onHolding } : {}),
    },
  );
  return delivered;
}
