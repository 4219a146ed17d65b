import { describe, expect, it } from 'vitest';
import { createSseReader } from './sse.ts';

describe('createSseReader', () => {
  it('yields data payloads split across arbitrary chunk boundaries', () => {
    const stream = 'data: {"a":1}\n\ndata: {"b":2}\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n';
    for (let size = 1; size < 8; size += 1) {
      const reader = createSseReader();
      const out: string[] = [];
      for (let i = 0; i < stream.length; i += size) out.push(...reader.push(stream.slice(i, i + size)));
      out.push(...reader.end());
      expect(out).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
    }
  });

  it('joins multi-line data fields and ignores other fields', () => {
    const reader = createSseReader();
    expect(reader.push('event: x\nid: 3\ndata: one\ndata: two\n\n')).toEqual(['one\ntwo']);
  });

  it('flushes a last event without a trailing blank line', () => {
    const reader = createSseReader();
    expect(reader.push('data: tail')).toEqual([]);
    expect(reader.end()).toEqual(['tail']);
  });
});
