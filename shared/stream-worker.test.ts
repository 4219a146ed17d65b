import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStreamWorkerHandler, IN_FLIGHT, MAX_BATCH_ITEMS, type FromStreamWorker } from './stream-worker.ts';

const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A real server on 127.0.0.1 answering `body` (status 200 unless given). */
async function serve(body: string, status = 200): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/event-stream' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** The handler's posts, and a way to wait until `count` arrived. */
function worker() {
  const posts: FromStreamWorker[] = [];
  let wake = () => undefined as void;
  const handle = createStreamWorkerHandler((message) => {
    posts.push(message);
    wake();
  });
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise<void>((resolve) => (wake = resolve));
  };
  return { posts, handle, until };
}

describe('the stream Worker handler (fetch, frame and bound off the page, batches under credit)', () => {
  it('skips a 10 MB event by byte count, delivers the rest, and never posts more than IN_FLIGHT unacknowledged batches', async () => {
    const events = Array.from({ length: 3000 }, (_, i) => `data: {"n":${i},"pad":"${'p'.repeat(60)}"}\n\n`).join('');
    const url = await serve(`data: ${'x'.repeat(10_000_000)}\n\n${events}`);
    const { posts, handle, until } = worker();
    handle({ fetch: { url, init: {} } });
    await until(() => posts.some((p) => 'head' in p));
    expect(posts.find((p) => 'head' in p)).toEqual({
      head: { status: 200, ok: true, contentType: 'text/event-stream' },
    });
    handle({ read: { format: 'sse', bounds: { maxLineBytes: 1 << 20, maxEventBytes: 1 << 20 } } });
    const items: unknown[] = [];
    let taken = 0;
    for (;;) {
      await until(
        () => posts.some((p) => 'end' in p || 'error' in p) || posts.filter((p) => 'items' in p).length > taken,
      );
      const batches = posts.filter((p) => 'items' in p);
      // Without credit the Worker stops at IN_FLIGHT batches beyond those taken.
      expect(batches.length - taken).toBeLessThanOrEqual(IN_FLIGHT);
      if (batches.length === taken) break;
      for (const batch of batches.slice(taken)) items.push(...batch.items);
      const fresh = batches.length - taken;
      taken = batches.length;
      handle({ credit: fresh });
    }
    expect(posts.at(-1)).toEqual({ end: true });
    expect(items[0]).toMatchObject({ problem: { kind: 'too-long', length: expect.any(Number) } });
    expect(items.slice(1)).toHaveLength(3000);
    expect(items[3000]).toEqual({ event: { data: `{"n":2999,"pad":"${'p'.repeat(60)}"}` } });
  });

  it('a body of tiny items comes in batches of at most MAX_BATCH_ITEMS (a 64 KiB piece of "1\\n" is 32,768 items)', async () => {
    const url = await serve('data:\n\n'.repeat(40_000));
    const { posts, handle, until } = worker();
    handle({ fetch: { url, init: {} } });
    await until(() => posts.some((p) => 'head' in p));
    handle({ read: { format: 'sse', bounds: { maxLineBytes: 1 << 20, maxEventBytes: 1 << 20 } } });
    let taken = 0;
    for (;;) {
      await until(
        () => posts.some((p) => 'end' in p || 'error' in p) || posts.filter((p) => 'items' in p).length > taken,
      );
      const batches = posts.filter((p) => 'items' in p);
      if (batches.length === taken) break;
      handle({ credit: batches.length - taken });
      taken = batches.length;
    }
    const sizes = posts.flatMap((p) => ('items' in p ? [p.items.length] : []));
    expect(MAX_BATCH_ITEMS).toBeLessThanOrEqual(1536);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_BATCH_ITEMS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('quotes only the start of an error answer', async () => {
    const url = await serve('e'.repeat(100_000), 502);
    const { posts, handle, until } = worker();
    handle({ fetch: { url, init: {} } });
    await until(() => posts.some((p) => 'head' in p));
    handle({ text: 100 });
    await until(() => posts.some((p) => 'text' in p));
    expect(posts.at(-1)).toEqual({ text: 'e'.repeat(100) });
  });
});
