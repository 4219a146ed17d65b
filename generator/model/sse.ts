/**
 * A line-oriented reader for server-sent events as chat-completions endpoints stream them:
 * `data: {json}` lines separated by blank lines, `data: [DONE]` at the end, `:` comment lines
 * as keep-alives. Chunks from the network split lines anywhere, so bytes are buffered until a
 * line ends.
 */
export interface SseReader {
  /** Feed a decoded chunk; returns the `data:` payloads that it completed, in order. */
  push(chunk: string): string[];
  /** Flush what is left when the stream ends (a last line without its newline). */
  end(): string[];
}

/** Create an SSE reader. Multi-line `data:` fields of one event are joined with `\n` per the spec. */
export function createSseReader(): SseReader {
  let buffer = '';
  let pending: string[] = [];
  const completed: string[] = [];

  const line = (raw: string): void => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text === '') {
      if (pending.length > 0) completed.push(pending.join('\n'));
      pending = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    pending.push(value);
  };

  const drain = (): string[] => completed.splice(0, completed.length);

  return {
    push(chunk) {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      return drain();
    },
    end() {
      if (buffer !== '') line(buffer);
      buffer = '';
      line('');
      return drain();
    },
  };
}

/**
 * Reads a streamed chat-completions body: each SSE event's data goes to `onData` in order until
 * `data: [DONE]` (then the body is cancelled: some servers keep the connection open) or the end of
 * the body. What `onData` throws ends the read with that error.
 */
export async function readSseData(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = createSseReader();
  const decoder = new TextDecoder();
  const stream = body.getReader();
  let done = false;
  const handle = (payloads: string[]) => {
    for (const payload of payloads) {
      if (payload.trim() === '[DONE]') {
        done = true;
        return;
      }
      onData(payload);
    }
  };
  while (!done) {
    const { value, done: ended } = await stream.read();
    if (ended) {
      handle(reader.end());
      break;
    }
    handle(reader.push(decoder.decode(value, { stream: true })));
  }
  if (done) await stream.cancel().catch(() => undefined);
}
