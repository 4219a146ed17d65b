/** Options of `readMessageStream`. */
export interface StreamReaderOptions {
  /** `jsonl`: one JSON message per line; `sse`: `data:` lines, an event per blank line. */
  format: 'jsonl' | 'sse';
  /** Longest line (or SSE event) kept; longer ones are dropped whole and reported. Default 4,000,000. */
  maxLineChars?: number;
  /** A line or event that was too long (it was skipped; the stream goes on). */
  onOversize?(chars: number): void;
  signal?: AbortSignal;
}

/**
 * Reads a byte stream of A2UI messages and hands each complete message text to `onMessage` as
 * soon as its line ends, so a surface renders while the agent is still writing. Memory is
 * bounded: an over-long line is discarded while it streams (never buffered whole) and reported.
 * Returns the number of messages delivered.
 */
export async function readMessageStream(body: ReadableStream<Uint8Array>, onMessage: (text: string) => void, options: StreamReaderOptions): Promise<number> {
  const max = options.maxLineChars ?? 4_000_000;
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let line = '';
  let dropping = 0;
  let event: string[] = [];
  let eventChars = 0;
  let delivered = 0;
  const deliver = (text: string) => {
    if (text.trim() === '') return;
    delivered += 1;
    onMessage(text);
  };
  const endLine = (text: string) => {
    if (options.format === 'jsonl') return deliver(text);
    if (text === '') {
      if (eventChars <= max) deliver(event.join('\n'));
      else options.onOversize?.(eventChars);
      event = [];
      eventChars = 0;
    } else if (text.startsWith('data:')) {
      const data = text.slice(text.startsWith('data: ') ? 6 : 5);
      eventChars += data.length + 1;
      if (eventChars <= max) event.push(data);
    }
    // Other SSE fields (event:, id:, retry:, comments) carry no A2UI message.
  };
  const abort = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const chunk = done ? decoder.decode() : decoder.decode(value, { stream: true });
      let start = 0;
      for (let nl = chunk.indexOf('\n', start); nl !== -1; nl = chunk.indexOf('\n', start)) {
        const piece = chunk.slice(start, nl);
        start = nl + 1;
        if (dropping > 0) {
          options.onOversize?.(dropping + piece.length);
          dropping = 0;
        } else endLine((line + piece).replace(/\r$/, ''));
        line = '';
      }
      const rest = chunk.slice(start);
      if (dropping > 0) dropping += rest.length;
      else if (line.length + rest.length > max) {
        dropping = line.length + rest.length;
        line = '';
      } else line += rest;
      if (done) break;
    }
    if (dropping > 0) options.onOversize?.(dropping);
    else if (line !== '') endLine(line.replace(/\r$/, ''));
    if (options.format === 'sse' && event.length > 0) endLine('');
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  return delivered;
}
