import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseEvent, type SseProblem } from './sse-reader.ts';

function parse(
  chunks: string[],
  options: { maxLineBytes?: number; maxEventBytes?: number } = {},
): { events: SseEvent[]; problems: SseProblem[] } {
  const events: SseEvent[] = [];
  const problems: SseProblem[] = [];
  const parser = createSseParser({ event: (e) => events.push(e), problem: (p) => problems.push(p) }, options);
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, problems };
}

describe('the SSE reader', () => {
  it('yields events split across arbitrary chunk boundaries', () => {
    const stream = 'data: {"a":1}\n\ndata: {"b":2}\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n';
    for (let size = 1; size < 8; size += 1) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(parse(chunks).events.map((e) => e.data)).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
    }
  });

  it('joins multi-line data, keeps event and id, and flushes a last event without its blank line', () => {
    expect(parse(['event: x\nid: 3\ndata: one\ndata: two\n\ndata: tail']).events).toEqual([
      { data: 'one\ntwo', event: 'x', id: '3' },
      { data: 'tail', id: '3' },
    ]);
  });

  it('reports a line that is no SSE field instead of swallowing it, and reads on', () => {
    const { events, problems } = parse(['data: 1\n\n{"choices":[]}\n\ndata: 2\n\n']);
    expect(events.map((e) => e.data)).toEqual(['1', '2']);
    expect(problems).toEqual([expect.objectContaining({ kind: 'unknown-field', preview: '{"choices":[]}' })]);
  });

  it('reports over-long lines and over-large events', () => {
    const { events, problems } = parse(
      [`data: ${'x'.repeat(500)}\n\ndata: ${'a'.repeat(60)}\ndata: ${'b'.repeat(60)}\n\ndata: ok\n\n`],
      { maxLineBytes: 200, maxEventBytes: 100 },
    );
    expect(events.map((e) => e.data)).toEqual(['ok']);
    expect(problems.map((p) => p.kind)).toEqual(['too-long', 'too-long']);
  });

  it('drops the whole event a too-long field line was part of (the rest is never parsed), once reported, and reads on', () => {
    const huge = 'x'.repeat(300);
    const stream = `data: {"a":1,\ndata: ${huge}\ndata: "b":2}\n\nevent: ${huge}\ndata: typed\n\n: ${huge}\ndata: ok\n\n`;
    for (const chunks of [[stream], stream.match(/[^]{1,7}/g)!]) {
      const { events, problems } = parse(chunks, { maxLineBytes: 200, maxEventBytes: 1000 });
      // The comment line breaks nothing; the data and event lines take their events with them.
      expect(events.map((e) => e.data)).toEqual(['ok']);
      expect(problems.map((p) => [p.kind, p.message.endsWith('with it')])).toEqual([
        ['too-long', true],
        ['too-long', true],
        ['too-long', false],
      ]);
    }
  });

  it('reads a body until the callback stops it, then cancels the body', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('data: more\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    let seen = 0;
    await readSse(body, () => (seen += 1) < 3);
    expect(seen).toBe(3);
    expect(cancelled).toBe(true);
  });
});

describe('the SSE reader, lenient where nothing is lost', () => {
  it('a line of spaces is nothing (not an event end, not a problem)', () => {
    const events: SseEvent[] = [];
    const problems: SseProblem[] = [];
    const parser = createSseParser({ event: (e) => events.push(e), problem: (p) => problems.push(p) });
    parser.push('data: a\n   \ndata: b\n\n');
    parser.end();
    expect(events.map((e) => e.data)).toEqual(['a\nb']);
    expect(problems).toEqual([]);
  });
});
