import { describe, expect, it } from 'vitest';
import { headlessTarget } from '../a2ui/testing/headless-target.ts';
import { createGenuiClient } from './client.ts';
import { seedValidators } from './testing/seed-schemas.ts';

const seed = seedValidators();
const surface = {
  surfaceId: 'booking',
  definition: {
    root: 'card',
    widgets: [
      { id: 'card', widget: { card: { title: 'Book', children: ['go'] } } },
      { id: 'go', widget: { button: { label: 'Book' } } },
    ],
  },
};

/** A fetch that answers each POST with the next scripted JSONL body (split into small pieces). */
function scriptedFetch(bodies: Array<string | { status: number; body: unknown }>) {
  const requests: unknown[] = [];
  const fetcher = (async (_url: string, init: RequestInit) => {
    requests.push(JSON.parse(String(init.body)));
    const next = bodies.shift() ?? '';
    if (typeof next !== 'string')
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      });
    const bytes = new TextEncoder().encode(next);
    return new Response(
      new ReadableStream({
        start(c) {
          for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.slice(i, i + 7));
          c.close();
        },
      }),
      { status: 200 },
    );
  }) as unknown as typeof fetch;
  return { fetcher, requests };
}
const jsonl = (...chunks: unknown[]) => chunks.map((c) => JSON.stringify(c)).join('\n') + '\n';
type Node = { group?: Array<[string, Node]>; text?: string; on?: Record<string, { handler: string }> };
const find = (node: Node, id: string, path: string[] = []): { node: Node; path: string[] } | undefined => {
  for (const [key, child] of node.group ?? []) {
    if (key === id) return { node: child, path: [...path, key] };
    const hit = find(child, id, [...path, key]);
    if (hit) return hit;
  }
  return undefined;
};

describe('createGenuiClient (headless renderer)', () => {
  it('renders a surface, streams text, ends the turn at message; a click posts the next turn with UiPart, TextPart and UiEventPart', async () => {
    const target = headlessTarget();
    const { fetcher, requests } = scriptedFetch([
      jsonl(
        { text: 'Here ' },
        { addOrUpdateSurface: surface },
        { text: 'it is.' },
        { message: { role: 'model', parts: [{ type: 'text', text: 'Here it is.' }] } },
      ),
      jsonl(
        { deleteSurface: { surfaceId: 'booking' } },
        { message: { role: 'model', parts: [{ type: 'text', text: 'Booked.' }] } },
      ),
    ]);
    const client = createGenuiClient(target, { url: 'http://x/genUI', fetch: fetcher });
    expect(await client.send('Book a table')).toEqual({ status: 'complete', text: 'Here it is.' });
    await client.settle();
    const tree = target.tree() as Node;
    expect(JSON.stringify(find(tree, 'genui-transcript'))).toContain('Here it is.');
    const button = find(tree, 'go')!;
    expect(button.node.on?.click).toBeDefined();
    target.fire(button.path, 'click', button.node.on!.click!.handler, {});
    await expect.poll(() => requests.length).toBe(2);
    await expect.poll(() => client.busy).toBe(false);
    await client.settle();
    const second = requests[1] as { conversation: Array<{ role: string; parts: Array<{ type: string }> }> };
    expect(seed.request(second), JSON.stringify(seed.request.errors)).toBe(true);
    expect(second.conversation.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['user', ['text']],
      ['model', ['ui', 'text']],
      ['user', ['uiEvent']],
    ]);
    expect(second.conversation[2]!.parts[0]).toMatchObject({
      event: { surfaceId: 'booking', widgetId: 'go', eventType: 'click', isAction: true },
    });
    expect(find(target.tree() as Node, 'go')).toBeUndefined();
    expect(client.surfaceIds()).toEqual([]);
    await client.close();
  });

  it('a 400 is shown with the supported catalogs; a stream without message is incomplete, kept out of history, with Retry', async () => {
    const target = headlessTarget();
    const { fetcher } = scriptedFetch([
      {
        status: 400,
        body: {
          error: {
            code: 'unsupported_catalog_version',
            message: 'no fancy',
            supportedCatalogs: [{ name: 'default', versions: ['1.0'] }],
          },
        },
      },
      jsonl({ addOrUpdateSurface: surface }) + '{"text": "cut mid-li',
    ]);
    const client = createGenuiClient(target, {
      url: 'http://x/genUI',
      fetch: fetcher,
      catalog: { protocolVersion: '1.0', baseCatalog: { name: 'fancy', version: '2' } },
    });
    expect(await client.send('hi')).toMatchObject({ status: 'error', httpStatus: 400 });
    await client.settle();
    expect(JSON.stringify(target.tree())).toContain('default 1.0');
    expect(await client.send('again')).toMatchObject({ status: 'incomplete' });
    await client.settle();
    const text = JSON.stringify(target.tree());
    expect(text).toContain('Retry');
    expect(text).toContain('not JSON');
    expect(find(target.tree() as Node, 'go')).toBeDefined();
    expect(client.conversation.history().filter((m) => m.role === 'model')).toHaveLength(0);
    await client.close();
  });

  it('a 504 model_timeout envelope is shown as the model not answering, not as a refused request', async () => {
    const target = headlessTarget();
    const issues: string[] = [];
    const { fetcher } = scriptedFetch([
      {
        status: 504,
        body: {
          error: {
            code: 'model_timeout',
            message: 'the model sent nothing for 30000 ms after the request',
            supportedCatalogs: [{ name: 'default', versions: ['1.0'] }],
          },
        },
      },
    ]);
    const client = createGenuiClient(target, {
      url: 'http://x/genUI',
      fetch: fetcher,
      onIssue: (i) => issues.push(i.message),
    });
    expect(await client.send('hi')).toMatchObject({ status: 'error', httpStatus: 504 });
    await client.settle();
    expect(issues.join('\n')).toContain("The server's model did not answer (HTTP 504, model_timeout)");
    expect(JSON.stringify(target.tree())).toContain('sent nothing for 30000 ms');
    await client.close();
  });
});

describe('createGenuiClient.settle and the sliced reader', () => {
  it('settle() renders a chunk the reader has read but not yet handed on (it yields to the host first, as under load)', async () => {
    const target = headlessTarget();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const fetcher = (async () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
        status: 200,
      })) as unknown as typeof fetch;
    const client = createGenuiClient(target, { url: 'http://x/genUI', fetch: fetcher });
    const turn = client.send('Book');
    await expect.poll(() => controller).toBeDefined();
    // The reader's slice (8 ms) is spent while it waits for the network, so it yields before it hands the line on.
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller!.enqueue(new TextEncoder().encode(jsonl({ addOrUpdateSurface: surface })));
    await client.settle();
    expect(find(target.tree() as Node, 'go')).toBeDefined();
    controller!.enqueue(
      new TextEncoder().encode(jsonl({ message: { role: 'model', parts: [{ type: 'text', text: 'Done.' }] } })),
    );
    controller!.close();
    expect(await turn).toEqual({ status: 'complete', text: 'Done.' });
    await client.close();
  });
});
