import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { seedValidators } from '../../adapters/genui-v1/testing/seed-schemas.ts';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createRouter } from '../http/router.ts';
import { genuiRoutes } from './genui-route.ts';

const seed = seedValidators();
const ORIGIN = 'http://127.0.0.1:5999';
const good = {
  surfaceId: 'booking',
  definition: {
    root: 'card',
    widgets: [
      { id: 'card', widget: { card: { title: 'Book', children: ['name', 'go'] } } },
      { id: 'name', widget: { 'text-field': { label: 'Name' } } },
      { id: 'go', widget: { button: { label: 'Book' } } },
    ],
  },
};
const cyclic = {
  surfaceId: 'booking',
  definition: {
    root: 'a',
    widgets: [
      { id: 'a', widget: { column: { children: ['b'] } } },
      { id: 'b', widget: { column: { children: ['a'] } } },
    ],
  },
};
let release: () => void = () => undefined;
const scenarios: Record<string, (r: RecordedRequest) => string | ScriptedAnswer> = {
  fence: () => `Here you go.\n\`\`\`genui\n${JSON.stringify({ addOrUpdateSurface: good })}\n\`\`\`\nClick Book.`,
  tools: () => ({
    steps: [
      { content: 'Tools now. ' },
      { toolCall: { index: 0, name: 'addOrUpdateSurface', arguments: JSON.stringify(good) } },
      { toolCall: { index: 1, name: 'deleteSurface', arguments: '{"surfaceId":"old"}' } },
    ],
  }),
  repair: (r) =>
    r.messages.at(-1)!.content.includes('were refused')
      ? { steps: [{ toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(good) } }] }
      : {
          steps: [
            { content: 'A loop.' },
            { toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(cyclic) } },
          ],
        },
  stubborn: () => ({
    steps: [
      { content: 'Unknown.' },
      {
        toolCall: {
          name: 'addOrUpdateSurface',
          arguments: JSON.stringify({
            surfaceId: 's',
            definition: { root: 'x', widgets: [{ id: 'x', widget: { Blink: {} } }] },
          }),
        },
      },
    ],
  }),
  hang: () => ({
    steps: [
      { content: 'Thinking' },
      { wait: new Promise<void>((resolve) => (release = resolve)) },
      { content: ' done' },
    ],
  }),
  cut: () => ({
    steps: [{ content: `\`\`\`genui\n${JSON.stringify({ addOrUpdateSurface: good }).slice(0, 50)}` }, { cut: true }],
  }),
};

let llm: FakeLlmServer;
let server: Server;
const guard = createBrowserGuard({ origins: [ORIGIN] });
let base: string;
const logs: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  llm = await startFakeLlmServer((r) => {
    const first = r.messages.find((m) => m.role === 'user')?.content ?? '';
    return scenarios[first.split(' ')[0]!]?.(r);
  });
  server = createServer(
    createRouter(
      genuiRoutes({
        llm: { baseUrl: llm.baseUrl, model: 'fake', apiKey: 'sk-secret-never-logged', tools: true },
        log: (e) => logs.push(e),
      }),
      { guard, agentToken: 'agent-token', log: () => undefined },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  guard.listening((server.address() as AddressInfo).port);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await llm.close();
});

const request = (
  text: string,
  catalog: Record<string, unknown> = { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '1.0' } },
) => ({ catalogDefinition: catalog, conversation: [{ role: 'user', parts: [{ type: 'text', text }] }] });
const post = (body: unknown, init: RequestInit & { query?: string } = {}) =>
  fetch(`${base}/genUI${init.query ?? '?stream=true'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
const lines = async (response: Response) =>
  (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** Each chunk validates against the seed's schema for its kind. */
function checkChunks(chunks: Array<Record<string, unknown>>) {
  for (const chunk of chunks) {
    const name =
      'addOrUpdateSurface' in chunk
        ? 'add-or-update-surface'
        : 'deleteSurface' in chunk
          ? 'delete-surface'
          : 'message' in chunk
            ? 'message'
            : 'text';
    expect(seed[name](chunk), JSON.stringify(seed[name].errors)).toBe(true);
  }
  expect(Object.keys(chunks.at(-1)!)).toEqual(['message']);
}

describe('POST /genUI?stream=true', () => {
  it('every 400 body has the seed error envelope; unsupported_catalog_version validates against the seed schema as is', async () => {
    const cases: Array<[unknown, string, number, RequestInit & { query?: string }]> = [
      [
        request('x', { protocolVersion: '1.0', baseCatalog: { name: 'fancy', version: '2.0' } }),
        'unsupported_catalog_version',
        400,
        {},
      ],
      [
        request('x', { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '9.9' } }),
        'unsupported_catalog_version',
        400,
        {},
      ],
      [request('x', { protocolVersion: '2.0' }), 'unsupported_protocol_version', 400, {}],
      [request('x'), 'invalid_request', 400, { query: '' }],
      ['{not json', 'invalid_request', 400, {}],
      [{ conversation: [] }, 'invalid_request', 400, {}],
      ['['.repeat(5000), 'invalid_request', 400, {}],
      [request('x'), 'invalid_request', 400, { headers: { 'content-type': 'text/plain' } }],
      [JSON.stringify(request('x'.repeat(5 << 20))), 'body_too_large', 413, {}],
    ];
    // The seed's schema fixes code to unsupported_catalog_version; the other codes (§3.4) validate against it with code as any string.
    const relaxed = seedValidators().error;
    for (const [body, code, status, init] of cases) {
      const response = await post(body, init);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      const json = (await response.json()) as { error: { code: string; supportedCatalogs: unknown } };
      expect(json.error.code).toBe(code);
      expect(json.error.supportedCatalogs).toEqual([{ name: 'default', versions: ['1.0'] }]);
      if (code === 'unsupported_catalog_version')
        expect(seed.error(json), JSON.stringify(seed.error.errors)).toBe(true);
      else expect(relaxed({ error: { ...json.error, code: 'unsupported_catalog_version' } })).toBe(true);
    }
    expect(llm.requests).toHaveLength(0);
  });

  it('fenced JSONL: prose streams as text, the surface is forwarded, the turn ends with message; the request matches the seed schema', async () => {
    const body = request('fence please');
    expect(seed.request(body)).toBe(true);
    const response = await post(body);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const chunks = await lines(response);
    checkChunks(chunks);
    expect(chunks.filter((c) => 'addOrUpdateSurface' in c)).toEqual([{ addOrUpdateSurface: good }]);
    expect((chunks.at(-1) as { message: { parts: Array<{ text: string }> } }).message.parts[0]!.text).toBe(
      'Here you go.\nClick Book.',
    );
    const sent = llm.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-secret-never-logged');
    expect(sent.messages[0]!.content).toContain('"text-field"');
    expect(sent.tools).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain('sk-secret');
  });

  it('tool calls: streamed arguments become addOrUpdateSurface and deleteSurface chunks', async () => {
    const chunks = await lines(await post(request('tools please')));
    checkChunks(chunks);
    expect(chunks.slice(0, 3)).toEqual([
      { text: 'Tools now. ' },
      { addOrUpdateSurface: good },
      { deleteSurface: { surfaceId: 'old' } },
    ]);
  });

  it('an invalid surface is not forwarded; the model is asked to repair it with the precise error, and the repair is forwarded', async () => {
    const before = llm.requests.length;
    const chunks = await lines(await post(request('repair please')));
    checkChunks(chunks);
    expect(chunks.filter((c) => 'addOrUpdateSurface' in c)).toEqual([{ addOrUpdateSurface: good }]);
    const repair = llm.requests[before + 1]!;
    expect(repair.messages.at(-1)!.content).toMatch(/widget "a" contains itself/);
  });

  it('a surface that stays invalid after the repair turns is reported in the text', async () => {
    const before = llm.requests.length;
    const chunks = await lines(await post(request('stubborn please')));
    checkChunks(chunks);
    expect(chunks.some((c) => 'addOrUpdateSurface' in c)).toBe(false);
    expect(llm.requests.length - before).toBe(3);
    expect((chunks.at(-1) as { message: { parts: Array<{ text: string }> } }).message.parts[0]!.text).toMatch(
      /could not be shown: surface "s".*unknown widget "Blink"/,
    );
  });

  it('a model stream cut mid-line ends the turn with a message that says so', async () => {
    const chunks = await lines(await post(request('cut please')));
    checkChunks(chunks);
    expect(JSON.stringify(chunks.at(-1))).toMatch(/could not be shown/);
  });

  it('a client that goes away aborts the model call', async () => {
    const controller = new AbortController();
    const response = await post(request('hang please'), { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    const aborted = llm.aborted;
    controller.abort();
    await expect.poll(() => llm.aborted, { timeout: 5000 }).toBe(aborted + 1);
    release();
  });

  it('answers the CORS preflight only for configured origins', async () => {
    const allowed = await fetch(`${base}/genUI`, { method: 'OPTIONS', headers: { origin: ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const other = await fetch(`${base}/genUI`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.status).toBe(403);
  });
});

describe('POST /genUI budgets', () => {
  it('answers a turn past the turns-in-flight budget with 503 unavailable and Retry-After, and serves again once one ends', async () => {
    const own = createBrowserGuard({ origins: [] });
    const capped = createServer(
      createRouter(
        genuiRoutes({
          llm: { baseUrl: llm.baseUrl, model: 'fake', apiKey: 'sk-secret-never-logged', tools: true },
          maxRuns: 1,
          log: () => undefined,
        }),
        { guard: own, agentToken: 'agent-token', log: () => undefined },
      ),
    );
    await new Promise<void>((resolve) => capped.listen(0, '127.0.0.1', resolve));
    own.listening((capped.address() as AddressInfo).port);
    const url = `http://127.0.0.1:${(capped.address() as AddressInfo).port}/genUI?stream=true`;
    const send = (text: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request(text)),
      });
    try {
      const first = await send('hang on');
      expect(first.status).toBe(200);
      const second = await send('fence please');
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('2');
      expect(await second.json()).toMatchObject({ error: { code: 'unavailable' } });
      release();
      await first.text();
      expect((await send('fence please')).status).toBe(200);
    } finally {
      capped.closeAllConnections();
      await new Promise((resolve) => capped.close(resolve));
    }
  });
});
