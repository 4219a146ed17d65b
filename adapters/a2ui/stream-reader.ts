import { createLineFramer } from '../../shared/line-framer.ts';
import { createSseParser } from '../../shared/sse-reader.ts';

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
  signal?: AbortSignal;
}

/**
 * Reads a byte stream of A2UI messages and hands each complete message text to `onMessage` as
 * soon as its line ends, so a surface renders while the agent is still writing. The framing is the
 * tree's one bounded line framer and SSE reader (`shared/line-framer.ts`, `shared/sse-reader.ts`):
 * memory is bounded, an over-long line is discarded while it streams (never buffered whole) and
 * reported. Returns the number of messages delivered.
 */
export async function readMessageStream(body: ReadableStream<Uint8Array>, onMessage: (text: string) => void, options: StreamReaderOptions): Promise<number> {
  const max = options.maxLineChars ?? 4_000_000;
  const reader = body.getReader();
  let delivered = 0;
  const deliver = (text: string) => {
    if (text.trim() === '') return;
    delivered += 1;
    onMessage(text);
  };
  const framer =
    options.format === 'jsonl'
      ? createLineFramer({ line: deliver, tooLong: ({ length }) => options.onOversize?.(length) }, { maxLineBytes: max })
      : createSseParser(
          {
            event: ({ data }) => deliver(data),
            problem: (p) => (p.kind === 'too-long' ? options.onOversize?.(p.length ?? max + 1) : options.onProblem?.(`${p.message}: ${p.preview}`)),
          },
          { maxLineBytes: max, maxEventBytes: max },
        );
  const abort = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      framer.push(value);
    }
    framer.end();
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  return delivered;
}
