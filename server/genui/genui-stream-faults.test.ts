import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { seedCheckedChunks, seedValidators } from '../../adapters/genui-v1/testing/seed-schemas.ts';
import { augmentationsSchema } from '../../adapters/genui-v1/augmentations.ts';
import { defineType, ex, otherChildren, textRole } from '../../core/vocabulary/define.ts';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createRouter } from '../http/router.ts';
import { genuiRoutes } from './genui-route.ts';

/**
 * `/genUI` against a real fake model endpoint that misbehaves: a widget the client added, a
 * stream with an unreadable line in the middle, a model that goes silent, one that never answers.
 * Every line of every reply is checked against the seed's JSON Schemas.
 */
const seed = seedValidators();
const productCard = defineType({
  type: 'product-card',
  category: 'display',
  description: 'A product.',
  roles: [textRole('name', 'Name.', { required: true }), textRole('price', 'Price.'), otherChildren('any', 'More.')],
  events: [],
  example: ex.group('product-card', [['name', ex.plain('Lamp')]]),
});
const product = {
  surfaceId: 'shop',
  definition: {
    root: 'p',
    widgets: [
      { id: 'p', widget: { 'product-card': { name: 'Desk lamp', price: '€39', children: ['n'] } } },
      { id: 'n', widget: { text: { text: 'In stock' } } },
    ],
  },
};
const chunk = (delta: Record<string, unknown>) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
const BROKEN = 'data: {"choices":[{"index":0,"delta":{"content":"LOST TEXT\n\n';
let never: Promise<void> = new Promise(() => undefined);

const scenarios: Record<string, (r: RecordedRequest) => ScriptedAnswer> = {
  augment: () => ({
    steps: [
      { content: 'Here is the lamp. ' },
      { toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(product) } },
    ],
  }),
  hole: () => ({ steps: [{ content: 'Before the hole.' }, { raw: BROKEN }, { content: ' After the hole.' }] }),
  toolhole: (r) =>
    r.messages.at(-1)!.content.includes('were refused')
      ? { steps: [{ toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(product) } }] }
      : {
          steps: [
            { content: 'A lamp.' },
            {
              raw: chunk({
                tool_calls: [
                  {
                    index: 0,
                    function: { name: 'addOrUpdateSurface', arguments: JSON.stringify(product).slice(0, 30) },
                  },
                ],
              }),
            },
            { raw: BROKEN },
            { raw: chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(product).slice(60) } }] }) },
          ],
        },
  silent: () => ({ steps: [{ content: 'I am thinking' }, { wait: never }] }),
  refuse: (r) => ({
    steps: [{ status: 401, body: JSON.stringify({ error: { message: `bad key, you sent ${r.authorization}` } }) }],
  }),
};

let llm: FakeLlmServer;
let server: Server;
let base: string;
let mute: Server;
const logs: Array<Record<string, unknown>> = [];
const KEY = 'sk-fault-key-0123456789';
beforeAll(async () => {
  llm = await startFakeLlmServer((r) =>
    scenarios[(r.messages.find((m) => m.role === 'user')?.content ?? '').split(' ')[0]!]?.(r),
  );
  // An endpoint that accepts the request and never answers it.
  mute = createServer((req) => req.resume());
  await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
  const muteUrl = `http://127.0.0.1:${(mute.address() as AddressInfo).port}/v1`;
  // Only the clock under test is short, so a loaded machine cannot trip the others.
  const timeouts = { firstByteMs: 1500, idleMs: 1500, totalMs: 30_000 };
  const routes = genuiRoutes({
    llm: { baseUrl: llm.baseUrl, model: 'fake', apiKey: KEY, tools: true, timeouts },
    log: (e) => logs.push(e),
  });
  const muted = genuiRoutes({
    llm: { baseUrl: muteUrl, model: 'fake', apiKey: KEY, tools: true, timeouts },
    log: (e) => logs.push(e),
  }).map((r) => ({ ...r, path: '/mute/genUI' }));
  server = createServer(
    createRouter([...routes, ...muted], {
      guard: createBrowserGuard({ origins: [], hosts: ['*'] }),
      agentToken: 'agent-token',
      log: () => undefined,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  never = Promise.resolve();
  server.closeAllConnections();
  mute.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => mute.close(resolve));
  await llm.close();
});

const catalog = {
  protocolVersion: '1.0',
  baseCatalog: { name: 'default', version: '1.0' },
  augmentations: augmentationsSchema([{ definition: productCard, render: 'component' }]),
};
const post = (text: string, path = '/genUI') =>
  fetch(`${base}${path}?stream=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      catalogDefinition: catalog,
      conversation: [{ role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
type Chunk = Record<string, unknown>;
async function chunks(response: Response): Promise<Chunk[]> {
  expect(response.status).toBe(200);
  return seedCheckedChunks(await response.text(), seed);
}
const finalText = (all: Chunk[]) =>
  (all.at(-1) as { message: { parts: Array<{ text: string }> } }).message.parts[0]!.text;

describe('/genUI with faults', () => {
  it('a widget the client added by augmentation is validated and forwarded in one model call', async () => {
    const before = llm.requests.length;
    const all = await chunks(await post('augment please'));
    expect(all.filter((c) => 'addOrUpdateSurface' in c)).toEqual([{ addOrUpdateSurface: product }]);
    expect(llm.requests.length - before).toBe(1);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('"product-card"');
    expect(finalText(all)).not.toMatch(/could not be shown/);
  });

  it('an unreadable SSE line midway: the rest of the answer arrives, and a text chunk tells the user what was cut', async () => {
    const all = await chunks(await post('hole please'));
    const texts = all.filter((c) => 'text' in c).map((c) => c.text as string);
    expect(texts.some((t) => /lost in transit.*after 16 characters/.test(t))).toBe(true);
    expect(texts.join('')).toContain('After the hole.');
    expect(finalText(all)).toMatch(/Before the hole\.[\s\S]*lost in transit[\s\S]*After the hole\./);
  });

  it('an unreadable line inside a UI command: the repair turn tells the model what was lost, and the repaired surface is shown', async () => {
    const before = llm.requests.length;
    const all = await chunks(await post('toolhole please'));
    const repair = llm.requests[before + 1]!;
    expect(repair.messages.at(-1)!.content).toMatch(
      /What the user was told was lost from your answer:[\s\S]*lost in transit/,
    );
    expect(all.filter((c) => 'addOrUpdateSurface' in c)).toEqual([{ addOrUpdateSurface: product }]);
    expect(finalText(all)).toMatch(/lost in transit/);
  });

  it('a model that goes silent mid-answer: the reply ends with a model_timeout text chunk and its message', async () => {
    const all = await chunks(await post('silent please'));
    expect(finalText(all)).toMatch(/^I am thinking[\s\S]*\(model_timeout\): the model went silent for 1500 ms/);
  });

  it('a model that never answers: 504 with the seed error envelope, code model_timeout', async () => {
    const response = await post('anything', '/mute/genUI');
    expect(response.status).toBe(504);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('model_timeout');
    expect(seed.error({ error: { ...body.error, code: 'unsupported_catalog_version' } })).toBe(true);
  });

  it('an endpoint that echoes the key in its error: 502, and the key is in no reply and no log', async () => {
    const response = await post('refuse please');
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'model_http_error' } });
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
    expect(JSON.stringify(logs)).not.toContain(KEY);
  });
});
