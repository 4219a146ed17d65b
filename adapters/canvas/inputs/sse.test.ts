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

  it('reads a byte body through the sliced reader to the canvas push makes, multi-byte text cut anywhere', async () => {
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
    const unheard = createCanvasSseFold();
    await unheard.read(new Blob([bytes]).stream());
    expect(compact(unheard.state)).toEqual(compact(whole.state));
  });
});

describe('createCanvasSseFold().connect (the one door for agent streams)', () => {
  async function serve(status: number, body: string) {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'text/plain' });
      // A big body in many writes, as a server streams it.
      for (let at = 0; at < body.length; at += 65_536) res.write(body.slice(at, at + 65_536));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/sse`, close: () => server.close() };
  }

  it('reads a 2 MB snapshot (in pieces), ops and an error event through a real server, and says its mode', async () => {
    const ops = Array.from({ length: 200 }, (_, i) => ({
      op: 'upsert',
      id: `n${i}`,
      type: 'card',
      data: { text: 'y'.repeat(10_000) },
    }));
    const server = await serve(
      200,
      `id: 1\nevent: snapshot\ndata: ${JSON.stringify({ seq: 1, ops })}\n\n` +
        `id: 2\nevent: op\ndata: ${JSON.stringify({ op: 'patch', id: 'n0', data: { text: 'patched' } })}\n\n` +
        `id: 3\nevent: snapshot\ndata: {"seq": 3, "ops": ${'['.repeat(50)}\n\n` +
        'event: error\ndata: the ledger is busy\n\n',
    );
    try {
      const fold = createCanvasSseFold();
      const modes: string[] = [];
      const seen: string[] = [];
      await fold.connect(server.url, {}, { onMode: (mode) => modes.push(mode), onEvent: (e) => seen.push(e.event) });
      // Node has no Worker: the page-side sliced reader, and it says so.
      expect(modes).toEqual(['sliced']);
      expect(seen).toEqual(['snapshot', 'op', 'snapshot', 'error']);
      expect(fold.lastEventId).toBe('3');
      const state = compact(fold.state);
      expect(state.filter((op) => op.op === 'upsert')).toHaveLength(200);
      expect(state.find((op) => 'id' in op && op.id === 'n0')).toMatchObject({ id: 'n0', data: { text: 'patched' } });
      expect(fold.errors).toEqual([
        expect.stringMatching(/^snapshot 3: the snapshot is not JSON the canvas takes: .*nest deeper than 34/),
        'the server reported: the ledger is busy',
      ]);
    } finally {
      server.close();
    }
  });

  it('an empty snapshot or one without an ops array keeps the canvas and says why (connect, push alike)', async () => {
    const held = `id: 1\nevent: op\ndata: {"op":"upsert","id":"kept","type":"card","data":{"text":"1"}}\n\n`;
    const bad = `id: 2\nevent: snapshot\ndata: \n\nid: 3\nevent: snapshot\ndata: {"seq":3}\n\n`;
    const server = await serve(200, held + bad);
    try {
      const fold = createCanvasSseFold();
      // No onEvent: the fold applies what it reads whether or not anyone listens.
      await fold.connect(server.url);
      expect(fold.state.components.has('kept')).toBe(true);
      expect(fold.errors).toEqual([
        expect.stringMatching(/^snapshot 2: the snapshot is empty/),
        expect.stringMatching(/^snapshot 3: its "ops" is not an array/),
      ]);
    } finally {
      server.close();
    }
    const pushed = createCanvasSseFold();
    pushed.push(held + bad);
    expect(pushed.state.components.has('kept')).toBe(true);
    expect(pushed.errors).toEqual([
      expect.stringMatching(/^snapshot 2: the snapshot is not JSON/),
      expect.stringMatching(/^snapshot 3: its "ops" is not an array/),
    ]);
  });

  it('rejects an answer that is not 2xx, quoting its start', async () => {
    const empty = await serve(204, '');
    try {
      await expect(createCanvasSseFold().connect(empty.url)).rejects.toThrow(
        /HTTP 204, no body: the agent sent no stream/,
      );
    } finally {
      empty.close();
    }
    const server = await serve(403, 'token expired\n'.repeat(1000));
    try {
      await expect(createCanvasSseFold().connect(server.url)).rejects.toThrow(
        /^canvas SSE .*: HTTP 403: token expired/,
      );
    } finally {
      server.close();
    }
  });
});
