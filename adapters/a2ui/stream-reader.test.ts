import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMessageStream } from './stream-reader.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** Cuts a text at the given offsets (any byte position, including inside a multi-byte character). */
function bytesCut(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let last = 0;
  const parts: Uint8Array[] = [];
  for (const p of [...points, bytes.length]) {
    parts.push(bytes.slice(last, p));
    last = p;
  }
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

describe('readMessageStream', () => {
  it('property: JSONL lines come out whole and in order however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ maxLength: 12 }).filter((s) => !s.includes('\n') && !s.includes('\r') && s.trim() !== ''),
          { maxLength: 8 },
        ),
        fc.array(fc.nat(400), { maxLength: 10 }),
        async (lines, cuts) => {
          const out: string[] = [];
          await readMessageStream(bytesCut(lines.map((l) => `${l}\r\n`).join('') + 'ü€', cuts), (t) => out.push(t), {
            format: 'jsonl',
          });
          expect(out).toEqual([...lines, 'ü€']);
        },
      ),
    );
  });

  it('SSE: data lines of one event are joined; comments and other fields are ignored', async () => {
    const out: string[] = [];
    await readMessageStream(
      streamOf([': hi\nevent: a2ui\ndata: {"a":\n', 'data: 1}\n\nid: 2\ndata: {"b":2}\n\n']),
      (t) => out.push(t),
      { format: 'sse' },
    );
    expect(out).toEqual(['{"a":\n1}', '{"b":2}']);
  });

  it('an over-long line is skipped while it streams, reported, and the next line still arrives', async () => {
    const out: string[] = [];
    const oversize: number[] = [];
    await readMessageStream(streamOf(['ok1\n', 'x'.repeat(600), 'x'.repeat(600), '\nok2\n']), (t) => out.push(t), {
      format: 'jsonl',
      maxLineChars: 1000,
      onOversize: (n) => oversize.push(n),
    });
    expect(out).toEqual(['ok1', 'ok2']);
    expect(oversize).toEqual([1200]);
  });
});
