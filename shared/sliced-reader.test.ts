import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createLineFramer } from './line-framer.ts';
import { createHoldingGate, PIECE_BYTES, readInSlices } from './sliced-reader.ts';
import { readSse, type SseEvent, type SseProblem } from './sse-reader.ts';

const encoder = new TextEncoder();

/** A body that hands out `bytes` cut at `cuts` (positions in bytes, any order, duplicates allowed). */
function body(bytes: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const at = [...new Set([0, ...cuts.map((c) => Math.min(c, bytes.length)), bytes.length])].sort((a, b) => a - b);
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i + 1 >= at.length) return controller.close();
      controller.enqueue(bytes.slice(at[i], at[i + 1]));
      i += 1;
    },
  });
}

/** The reference: SSE as the standard states it, on the whole text at once (no chunks, no bounds). */
function referenceSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let data: string[] = [];
  let type: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0) events.push({ data: data.join('\n'), ...(type !== undefined ? { event: type } : {}) });
      data = [];
      type = undefined;
    } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    else if (line.startsWith('event:')) type = line.slice(line.startsWith('event: ') ? 7 : 6);
  }
  return events;
}

async function sse(bytes: Uint8Array, cuts: number[], options: { maxEventBytes?: number; maxLineBytes?: number } = {}) {
  const events: SseEvent[] = [];
  const problems: SseProblem[] = [];
  await readSse(body(bytes, cuts), (e) => void events.push(e), { ...options, onProblem: (p) => problems.push(p) });
  return { events, problems };
}

/** Field values without line breaks, multi-byte characters (é, 漢, emoji) included. */
const value = fc.string({ unit: 'grapheme', maxLength: 10 }).filter((s) => !/[\r\n]/.test(s));
const ending = fc.constantFrom('\n', '\r\n', '\r');

describe('readSse through the sliced reader', () => {
  it('gives the reference events however the bytes are cut, with LF, CRLF and lone CR endings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            event: fc.option(
              value.filter((s) => /^\S/.test(s)),
              { nil: undefined },
            ),
            data: fc.array(value, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(ending, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (wanted, endings, cuts) => {
          let n = 0;
          const end = () => endings[n++ % endings.length]!;
          const text = wanted
            .map(
              (e) =>
                `${e.event !== undefined ? `event: ${e.event}${end()}` : ''}${e.data.map((d) => `data: ${d}${end()}`).join('')}${end()}`,
            )
            .join('');
          const bytes = encoder.encode(text);
          const { events, problems } = await sse(
            bytes,
            cuts.map((c) => c % (bytes.length + 1)),
          );
          expect(problems).toEqual([]);
          expect(events).toEqual(referenceSse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a multi-byte character cut at every byte position arrives intact', async () => {
    const text = 'data: é漢😀 and ok\r\n\r\ndata: 二\r\r';
    const bytes = encoder.encode(text);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      for (const second of [cut + 1, cut + 3]) {
        expect((await sse(bytes, [cut, second])).events.map((e) => e.data)).toEqual(['é漢😀 and ok', '二']);
      }
    }
  });

  it('a CRLF cut between its CR and its LF is one line ending, not an empty line', async () => {
    const bytes = encoder.encode('data: a\r\ndata: b\r\n\r\n');
    for (let cut = 0; cut <= bytes.length; cut += 1)
      expect((await sse(bytes, [cut])).events).toEqual([{ data: 'a\nb' }]);
  });

  it('skips an oversize event by its byte count while it streams, reports it once, and reads on', async () => {
    const big = `data: {"blob":"${'z'.repeat(300_000)}"}\n\n`;
    const bytes = encoder.encode(`data: before\n\n${big}data: after\n\n`);
    const cuts = Array.from({ length: 40 }, (_, i) => i * 9_000 + 7);
    const { events, problems } = await sse(bytes, cuts, { maxEventBytes: 10_000, maxLineBytes: 10_000 });
    expect(events.map((e) => e.data)).toEqual(['before', 'after']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'too-long', length: big.length - 2 });
    expect(problems[0]!.message).toContain('the limit is 10000');
    // The report quotes the start of the event, never the event.
    expect(problems[0]!.preview.length).toBeLessThanOrEqual(80);
  });
});

describe('readInSlices', () => {
  /** Lines of a JSONL body, read with a fake clock where each item costs `cost` ms. */
  async function timed(lines: number, cost: number, sliceMs: number) {
    let clock = 0;
    const log: string[] = [];
    const text = Array.from({ length: lines }, (_, i) => `{"n":${i}}`).join('\n') + '\n';
    await readInSlices<string>(
      body(encoder.encode(text), [5, 17, 40]),
      (emit) => createLineFramer({ line: emit, tooLong: () => emit('too long') }),
      (line) => {
        clock += cost;
        log.push(line);
      },
      { sliceMs, now: () => clock, yield: async () => void log.push('yield') },
    );
    return log;
  }

  it('yields to the host once a slice has run its time, between items, and never runs one longer', async () => {
    const log = await timed(20, 3, 8);
    expect(log.filter((l) => l !== 'yield')).toEqual(Array.from({ length: 20 }, (_, i) => `{"n":${i}}`));
    // Items cost 3 ms: a slice of 8 ms holds 3 of them (0, 3, 6 → 9 ms), then the reader yields.
    const runs = log
      .join(',')
      .split('yield')
      .map((run) => run.split(',').filter((l) => l !== '').length);
    expect(Math.max(...runs)).toBe(3);
  });

  it('awaits an item handler that returns a promise before it hands on the next item (order kept)', async () => {
    const log: string[] = [];
    const text = 'a\nb\nc\n';
    await readInSlices<string>(
      body(encoder.encode(text), [1]),
      (emit) => createLineFramer({ line: emit, tooLong: () => emit('too long') }),
      async (line) => {
        log.push(`start ${line}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${line}`);
        return line !== 'b';
      },
    );
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('does not yield while the slice has time left (a calm stream pays nothing)', async () => {
    expect(await timed(20, 0, 8)).not.toContain('yield');
  });

  it('says it holds a chunk from its arrival until every item the chunk completed is handed on, across yields', async () => {
    let clock = 0;
    const log: string[] = [];
    const text = Array.from({ length: 6 }, (_, i) => `{"n":${i}}`).join('\n') + '\n';
    await readInSlices<string>(
      body(encoder.encode(text), [20]),
      (emit) => createLineFramer({ line: emit, tooLong: () => emit('too long') }),
      (line) => {
        clock += 5;
        log.push(line);
      },
      {
        sliceMs: 8,
        now: () => clock,
        yield: async () => void log.push('yield'),
        onHolding: (h) => void log.push(h ? 'hold' : 'free'),
      },
    );
    // Items are handed on only while held, yields fall inside a hold, and the reader ends free.
    const items = log.filter((l) => l.startsWith('{'));
    expect(items).toHaveLength(6);
    let held = false;
    for (const entry of log) {
      if (entry === 'hold' || entry === 'free') held = entry === 'hold';
      else if (entry.startsWith('{')) expect(held, `${entry} handed on while not held: ${log.join(' ')}`).toBe(true);
    }
    expect(log.at(-1)).toBe('free');
    expect(log.filter((l) => l === 'yield').length).toBeGreaterThan(0);
  });

  it('an item callback answering false stops the read and cancels the body', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(encoder.encode('x\ny\n')),
      cancel: () => void (cancelled = true),
    });
    let seen = 0;
    await readInSlices<string>(
      endless,
      (emit) => createLineFramer({ line: emit, tooLong: () => undefined }),
      () => (seen += 1) < 5,
    );
    expect(seen).toBe(5);
    expect(cancelled).toBe(true);
  });

  it('frames a large network chunk in pieces, checking the clock between them', async () => {
    let clock = 0;
    let yields = 0;
    let lines = 0;
    // One 1 MiB chunk of short lines: 16 pieces of 64 KiB; each piece's lines cost the clock 1 ms each.
    const chunk = encoder.encode('ab\n'.repeat(Math.ceil((1 << 20) / 3)));
    await readInSlices<string>(
      body(chunk),
      (emit) => createLineFramer({ line: emit, tooLong: () => undefined }),
      () => {
        lines += 1;
        clock += 0.001;
      },
      { sliceMs: 8, now: () => clock, yield: async () => void (yields += 1) },
    );
    expect(lines).toBe(Math.ceil((1 << 20) / 3));
    expect(yields).toBeGreaterThan(40);
  });
});

describe('readInSlices on a byte stream (a fetch body)', () => {
  it('reads through a BYOB reader into one PIECE_BYTES buffer: each read copies at most that much, lines intact', async () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `line ${i} ${'é'.repeat(i % 7)}`).join('\n') + '\n';
    const bytes = encoder.encode(text);
    const asked: number[] = [];
    let at = 0;
    const source = new ReadableStream({
      type: 'bytes',
      pull(controller: ReadableByteStreamController) {
        const request = controller.byobRequest;
        if (at >= bytes.length) {
          controller.close();
          request?.respond(0);
          return;
        }
        // A BYOB read offers its own view: the source copies into it at most its length.
        if (request === null || request.view === null) throw new Error('not a BYOB read');
        const view = request.view as Uint8Array;
        asked.push(view.byteLength);
        const n = Math.min(view.byteLength, bytes.length - at, 100_000);
        view.set(bytes.subarray(at, at + n));
        at += n;
        request.respond(n);
      },
    });
    const lines: string[] = [];
    await readInSlices<string>(
      source,
      (emit) => createLineFramer({ line: emit, tooLong: () => emit('too long') }),
      (line) => void lines.push(line),
    );
    expect(lines).toEqual(text.split('\n').slice(0, -1));
    expect(asked.length).toBeGreaterThan(bytes.length / PIECE_BYTES);
    expect(Math.max(...asked)).toBe(PIECE_BYTES);
  });
});

describe('readInSlices on a byte stream: edges of the BYOB read', () => {
  const lineParser = (emit: (line: string) => void) =>
    createLineFramer({ line: emit, tooLong: () => emit('too long') });

  // Its source closes in `pull` without `byobRequest.respond(0)`, as a host's own byte stream may:
  // a BYOB read waiting there was never told `done` (the read hung), where a default reader ends.
  it('chunks over the lent buffer, a close in pull: reads of at most PIECE_BYTES, lines intact, ended', async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `row ${i} ${'ü'.repeat(i % 5)}`).join('\n') + '\n';
    const bytes = encoder.encode(text);
    let at = 0;
    const source = new ReadableStream({
      type: 'bytes',
      pull(controller: ReadableByteStreamController) {
        if (at >= bytes.length) return controller.close();
        // 3.5 buffers at once, never through the byobRequest: the stream fills the reader's view from its queue.
        const n = Math.min(bytes.length - at, Math.floor(PIECE_BYTES * 3.5));
        controller.enqueue(bytes.slice(at, at + n));
        at += n;
      },
    });
    const sizes: number[] = [];
    const lines: string[] = [];
    await readInSlices<string>(source, lineParser, (line) => void lines.push(line), {
      onBytes: (n) => void sizes.push(n),
    });
    expect(lines).toEqual(text.split('\n').slice(0, -1));
    expect(Math.max(...sizes)).toBe(PIECE_BYTES);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(bytes.length);
  });

  it('a stream closed with bytes still queued: every line is read before the read ends', async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `item ${i}`).join('\n') + '\n';
    const bytes = encoder.encode(text);
    const source = new ReadableStream({
      type: 'bytes',
      start(controller: ReadableByteStreamController) {
        // Closed at once: the stream closes when the read that takes its last bytes drains the queue.
        controller.enqueue(bytes.slice());
        controller.close();
      },
    });
    const lines: string[] = [];
    await readInSlices<string>(source, lineParser, (line) => void lines.push(line));
    expect(lines).toEqual(text.split('\n').slice(0, -1));
  });

  it('a stream that errors mid-read: the lines before it are handed on, then its error', async () => {
    let pulls = 0;
    const source = new ReadableStream({
      type: 'bytes',
      pull(controller: ReadableByteStreamController) {
        pulls += 1;
        if (pulls === 1) return controller.enqueue(encoder.encode('one\ntwo\nthr'));
        controller.error(new Error('the connection reset'));
      },
    });
    const lines: string[] = [];
    await expect(readInSlices<string>(source, lineParser, (line) => void lines.push(line))).rejects.toThrow(
      'the connection reset',
    );
    // The cut line is never handed on as if it were whole.
    expect(lines).toEqual(['one', 'two']);
  });

  it('holds no memory per chunk read while the stream stays open (a long event stream of small chunks)', async () => {
    // A full collection on demand (the heap after it counts only what is still reachable).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap: number[] = [];
    let pulls = 0;
    const source = new ReadableStream({
      type: 'bytes',
      pull(controller: ReadableByteStreamController) {
        pulls += 1;
        if (pulls === 5_000 || pulls === 65_000) {
          gc();
          heap.push(process.memoryUsage().heapUsed);
        }
        if (pulls > 65_000) {
          controller.close();
          controller.byobRequest?.respond(0);
          return;
        }
        controller.enqueue(encoder.encode('\n'));
      },
    });
    await readInSlices<string>(source, lineParser, () => undefined);
    // 60,000 reads: a reaction per read on the stream's `closed` promise kept about 32 MB alive here.
    expect(heap[1]! - heap[0]!).toBeLessThan(8 << 20);
  }, 60_000);

  it('an abort while a BYOB read waits cancels the source and ends the read without an error', async () => {
    let cancelled: unknown = 'not cancelled';
    const source = new ReadableStream({
      type: 'bytes',
      start(controller: ReadableByteStreamController) {
        controller.enqueue(encoder.encode('first\n'));
      },
      // Nothing more ever comes: the second read waits until the abort.
      pull: () => new Promise<void>(() => undefined),
      cancel(reason) {
        cancelled = reason;
      },
    });
    const abort = new AbortController();
    const lines: string[] = [];
    await readInSlices<string>(
      source,
      lineParser,
      (line) => {
        lines.push(line);
        setTimeout(() => abort.abort(), 0);
      },
      { signal: abort.signal },
    );
    expect(lines).toEqual(['first']);
    expect(cancelled).not.toBe('not cancelled');
  });
});

describe('createHoldingGate', () => {
  it('settle() flushes, then waits while any of several reads holds items, flushing again after each', async () => {
    const gate = createHoldingGate();
    const a = gate.read();
    const b = gate.read();
    let flushes = 0;
    const flush = async () => void (flushes += 1);
    await gate.settle(flush);
    expect(flushes).toBe(1);
    a(true);
    b(true);
    let settled = false;
    const settling = gate.settle(flush).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    a(false);
    b(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    b(false);
    await settling;
    expect(flushes).toBe(3);
  });
});
