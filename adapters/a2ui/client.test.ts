import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createA2uiClient } from './client.ts';
import type { A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { loadExamples } from './testing/corpus.ts';
import { headlessTarget } from './testing/headless-target.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A real HTTP server on 127.0.0.1 whose handler the test drives chunk by chunk. */
async function agentServer(contentType: string) {
  let res: ServerResponse | undefined;
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const server = createServer((_req, response) => {
    res = response;
    response.writeHead(200, { 'content-type': contentType });
    response.flushHeaders();
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2ui`,
    ready,
    write: (s: string) => res!.write(s),
    end: () => res!.end(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('createA2uiClient: one local generator per surface, fed from an HTTP stream', () => {
  it('JSONL streamed slowly renders as messages complete, with placeholders until children arrive', async () => {
    const target = headlessTarget();
    const sent: A2uiOutgoing[] = [];
    const client = createA2uiClient(target, { send: (out) => sent.push(out) });
    closers.push(() => client.close());
    const agent = await agentServer('application/jsonl');
    const done = client.connect(agent.url);
    await agent.ready;
    const [create, components, ...rest] = loadExamples().find((e) => e.file.startsWith('31_'))!.messages;
    const line = (m: unknown) => `${JSON.stringify(m)}\n`;
    const first =
      line(create) +
      line({
        version: 'v0.9',
        updateComponents: {
          surfaceId: (create as { createSurface: { surfaceId: string } }).createSurface.surfaceId,
          components: [{ id: 'root', component: 'Column', children: ['later'] }],
        },
      });
    agent.write(first.slice(0, 50));
    await tick();
    expect(target.tree().group).toEqual([]);
    agent.write(first.slice(50));
    await tick();
    await client.settle();
    const busy = JSON.stringify(target.tree());
    expect(busy).toContain('"type":"placeholder"');
    for (const m of [components, ...rest]) {
      agent.write(line(m));
      await tick();
    }
    agent.end();
    expect(await done).toBe(2 + 1 + rest.length);
    await client.settle();
    expect(target.violations).toEqual([]);
    expect(JSON.stringify(target.tree())).not.toContain('"type":"placeholder"');
    expect(sent).toEqual([]);
  });

  it('SSE: the 36 examples each get their own generator; deleteSurface detaches it', async () => {
    const target = headlessTarget();
    const client = createA2uiClient(target, { send: () => undefined });
    closers.push(() => client.close());
    const agent = await agentServer('text/event-stream');
    const done = client.connect(agent.url);
    await agent.ready;
    const examples = loadExamples();
    for (const example of examples) for (const m of example.messages) agent.write(`data: ${JSON.stringify(m)}\n\n`);
    agent.end();
    await done;
    await client.settle();
    expect(target.tree().group).toHaveLength(36);
    expect(target.violations).toEqual([]);
    client.receive({ version: 'v0.9', deleteSurface: { surfaceId: client.bridge.surfaceIds()[0]! } });
    await tick();
    expect(target.tree().group).toHaveLength(35);
  });
});

describe('createA2uiClient.settle and the sliced reader', () => {
  it(
    'settle() applies an SSE event the reader has read but not yet handed ' +
      'on (it yields to the host first, as under load)',
    async () => {
      const target = headlessTarget();
      const client = createA2uiClient(target, { send: () => undefined });
      closers.push(() => client.close());
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async () =>
        new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        })) as unknown as typeof fetch;
      closers.push(async () => void (globalThis.fetch = realFetch));
      const done = client.connect('http://127.0.0.1:1/a2ui');
      await expect.poll(() => controller).toBeDefined();
      // The reader's slice (8 ms) is spent while it waits for the network, so it yields before it hands the event on.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const [example] = loadExamples();
      const events = example!.messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join('');
      controller!.enqueue(new TextEncoder().encode(events));
      await client.settle();
      expect(target.tree().group).toHaveLength(1);
      controller!.close();
      expect(await done).toBe(example!.messages.length);
    },
  );
});
