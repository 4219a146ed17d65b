import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact } from '../state.ts';
import { createCanvasSseFold } from './sse.ts';

const STREAM = [
  `id: 2\nevent: snapshot\ndata: ${JSON.stringify({ seq: 2, ops: [{ op: 'upsert', id: 'a', type: 'card', data: { text: '1' } }] })}\n\n`,
  ': keep-alive\n\n',
  `id: 3\r\nevent: op\r\ndata: ${JSON.stringify({ op: 'patch', id: 'a', data: { text: '2' } })}\r\n\r\n`,
  `id: 4\nevent: op\ndata: ${JSON.stringify({ op: 'upsert', id: 'b', type: 'stats', data: {} })}\n\n`,
].join('');

describe('createCanvasSseFold', () => {
  it('folds snapshot + ops into the canvas and keeps the id to resume from', () => {
    const fold = createCanvasSseFold();
    expect(fold.push(STREAM).map((e) => [e.id, e.event])).toEqual([
      ['2', 'snapshot'],
      ['3', 'op'],
      ['4', 'op'],
    ]);
    expect(fold.lastEventId).toBe('4');
    expect(compact(fold.state).map((op) => [op.op, 'id' in op ? op.id : '', 'data' in op ? op.data : {}])).toEqual([
      ['upsert', 'a', { text: '2' }],
      ['upsert', 'b', {}],
    ]);
    expect(fold.errors).toEqual([]);
  });

  it('gives the same canvas however the text is split (fast-check)', () => {
    const whole = createCanvasSseFold();
    whole.push(STREAM);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 20 }), (cuts) => {
        const fold = createCanvasSseFold();
        let last = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          fold.push(STREAM.slice(last, cut));
          last = cut;
        }
        fold.push(STREAM.slice(last));
        expect(compact(fold.state)).toEqual(compact(whole.state));
        expect(fold.lastEventId).toBe('4');
      }),
    );
  });

  it('a snapshot replaces what the client held; bad events and server errors are reported, not applied', () => {
    const fold = createCanvasSseFold();
    fold.push(`id: 9\nevent: op\ndata: {"op":"upsert","id":"old","type":"card","data":{}}\n\n`);
    fold.push(`id: 5\nevent: snapshot\ndata: {"seq":5,"ops":[]}\n\n`);
    expect(fold.state.components.size).toBe(0);
    fold.push(
      `id: 6\nevent: op\ndata: {"op":"explode"}\n\nid: 7\nevent: op\ndata: ${'['.repeat(100)}\n\nevent: error\ndata: {"code":"CANVAS_HISTORY_LOST"}\n\n`,
    );
    expect(fold.errors).toEqual([
      expect.stringContaining('unknown op "explode"'),
      expect.stringContaining('deeper than 32'),
      expect.stringContaining('CANVAS_HISTORY_LOST'),
    ]);
    expect(fold.state.components.size).toBe(0);
  });

  it('reads a byte body through the sliced reader to the same canvas as push, multi-byte text cut anywhere', async () => {
    const whole = createCanvasSseFold();
    whole.push(
      STREAM +
        `id: 5\nevent: op\ndata: ${JSON.stringify({ op: 'patch', id: 'b', data: { label: 'Zürich 漢 😀' } })}\n\n`,
    );
    const bytes = new TextEncoder().encode(
      STREAM +
        `id: 5\revent: op\rdata: ${JSON.stringify({ op: 'patch', id: 'b', data: { label: 'Zürich 漢 😀' } })}\r\r`,
    );
    for (const size of [1, 3, 7, 64]) {
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull: (c) => (at >= bytes.length ? c.close() : c.enqueue(bytes.slice(at, (at += size)))),
      });
      const fold = createCanvasSseFold();
      const seen: string[] = [];
      await fold.read(body, { onEvent: (e) => seen.push(e.id ?? '') });
      expect(seen).toEqual(['2', '3', '4', '5']);
      expect(compact(fold.state)).toEqual(compact(whole.state));
      expect(fold.errors).toEqual([]);
    }
  });
});
