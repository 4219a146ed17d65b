import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { serveMcpHttp, waitForDrain } from './http-transport.ts';
import { McpUsageError, runMcp } from './mcp-command.ts';
import { createSuipMcpServerFactory } from './suip-mcp-server.ts';

/**
 * suip's MCP server through both transports with the SDK's own client: Streamable HTTP in this
 * process (with the edge guards: Host, Origin, CORS, token, body budget) and stdio as a real
 * `npm run mcp -- --stdio` process (which builds the view page from the sources at start).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOKEN = 'test-token-3f9a';
let served: Awaited<ReturnType<typeof serveMcpHttp>>;

beforeAll(async () => {
  served = await serveMcpHttp(createSuipMcpServerFactory({ appHtml: '<!doctype html><p>view</p>' }), {
    host: '127.0.0.1',
    port: 0,
    origins: ['http://app.example'],
    token: TOKEN,
    maxBodyBytes: 64 * 1024,
  });
});
afterAll(async () => {
  await served?.close();
});

const post = (headers: Record<string, string>, body = '{}') =>
  fetch(served.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TOKEN}`,
      ...headers,
    },
    body,
  });

describe('Streamable HTTP', () => {
  it('serves the SDK client: tools with the ui link, the view resource, suip_render and suip_check', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(served.url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['suip_check', 'suip_render']);
    expect(tools.find((tool) => tool.name === 'suip_render')?._meta).toMatchObject({
      ui: { resourceUri: 'ui://suip/app.html' },
    });
    const resource = await client.readResource({ uri: 'ui://suip/app.html' });
    expect(resource.contents[0]).toMatchObject({
      mimeType: RESOURCE_MIME_TYPE,
      text: '<!doctype html><p>view</p>',
      _meta: { ui: { csp: { connectDomains: [], resourceDomains: ['blob:'] } } },
    });
    const shown = await client.callTool({
      name: 'suip_render',
      arguments: { program: 'suip.render(suip.text("hi"))', data: [1, 2] },
    });
    expect(shown.structuredContent).toEqual({ program: 'suip.render(suip.text("hi"))', source: 'given', data: [1, 2] });
    const broken = await client.callTool({
      name: 'suip_render',
      arguments: { program: 'suip.text("never rendered")' },
    });
    expect(broken.isError).toBe(true);
    expect((broken.content as Array<{ text: string }>)[0]!.text).toContain('never calls render');
    const checked = await client.callTool({ name: 'suip_check', arguments: { program: 'render(' } });
    expect(checked.structuredContent).toMatchObject({ ok: false, error: expect.stringContaining('SyntaxError') });
    expect(checked.isError).toBe(true);
    // The same check as render(): a type the vocabulary does not have fails, with the fix.
    const select = await client.callTool({
      name: 'suip_check',
      arguments: { program: 'suip.render(suip.group("select", []))' },
    });
    expect(select).toMatchObject({
      isError: true,
      structuredContent: { ok: false, error: expect.stringContaining('did you mean group("choice", …)?') },
    });
    expect(
      await client.callTool({ name: 'suip_check', arguments: { program: 'suip.render(suip.group("choice", []))' } }),
    ).toMatchObject({ structuredContent: { ok: true } });
    // Every input property has a type keyword (strict clients such as the MCP Inspector warn otherwise).
    for (const tool of tools)
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect({ tool: tool.name, name, type: (schema as { type?: unknown }).type }).toMatchObject({
          type: expect.anything(),
        });
    await client.close();
  });

  it('refuses a foreign Host (DNS rebinding), a foreign Origin, a missing token and an oversized body, each with a code', async () => {
    const port = new URL(served.url).port;
    // fetch cannot set Host; a raw request can.
    const { request } = await import('node:http');
    const hostStatus = await new Promise<number>((resolve) =>
      request(
        { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `evil.example:${port}` } },
        (res) => resolve(res.statusCode ?? 0),
      ).end('{}'),
    );
    expect(hostStatus).toBe(421);
    const origin = await post({ origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(await origin.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    const noToken = await post({ authorization: '' });
    expect(noToken.status).toBe(401);
    const big = await post(
      {},
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(70 * 1024) } }),
    );
    expect(big.status).toBe(413);
    const elsewhere = await fetch(served.url.replace('/mcp', '/other'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('refuses a body nested past 64 levels with 400 BODY_TOO_DEEP before the SDK parses it', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":${'['.repeat(100)}${']'.repeat(100)}}}`;
    const response = await post({}, deep);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BODY_TOO_DEEP' });
    // A shallow request is still served.
    const ok = await post({}, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: {} }));
    expect(ok.status).toBe(200);
  });

  it('stops waiting for drain once the client left (a stream to a reader that left is not held for ever)', async () => {
    const { createServer } = await import('node:http');
    const { connect } = await import('node:net');
    const waited = new Promise<boolean>((resolve) => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        // Fill the socket and its buffer: write() answers false, the reader never reads.
        while (response.write(Buffer.alloc(1 << 20))) {
          // keep writing until the buffer is full
        }
        void waitForDrain(response).then(() => {
          server.close();
          resolve(response.destroyed);
        });
        client.destroy();
      });
      let client: ReturnType<typeof connect>;
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as { port: number }).port;
        client = connect(port, '127.0.0.1', () => client.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
        client.pause();
      });
    });
    expect(await waited).toBe(true);
  });

  it('answers CORS for an allowed web host only', async () => {
    const allowed = await fetch(served.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('mcp-session-id');
    const refused = await fetch(served.url, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('budgets, logs and exposure', () => {
  it('a body still on its way holds no request slot: two half-sent bodies leave the slots of their address free', async () => {
    const { request } = await import('node:http');
    const capped = await serveMcpHttp(createSuipMcpServerFactory({ appHtml: '<p>v</p>' }), {
      host: '127.0.0.1',
      port: 0,
      origins: [],
      maxPerAddress: 2,
    });
    try {
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} });
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': String(ping.length),
      };
      // Two requests whose bodies stop half-way (they once held both slots of their address until Node's 300 s timeout).
      const holders = await Promise.all(
        [0, 1].map(
          () =>
            new Promise<{ finish(): Promise<number> }>((resolve) => {
              const held = request(capped.url, { method: 'POST', headers });
              held.on('error', () => undefined);
              const status = new Promise<number>((done) =>
                held.on('response', (res) => (res.resume(), done(res.statusCode ?? 0))),
              );
              held.write(ping.slice(0, 10), () => resolve({ finish: () => (held.end(ping.slice(10)), status) }));
            }),
        ),
      );
      for (let i = 0; i < 5; i += 1)
        expect((await fetch(capped.url, { method: 'POST', headers, body: ping })).status).toBe(200);
      expect(await holders[0]!.finish()).toBe(200);
      expect(await holders[1]!.finish()).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('logs a failure that is not an HttpError (redacted) instead of losing it', async () => {
    const logs: Array<Record<string, unknown>> = [];
    const broken = await serveMcpHttp(
      () => {
        throw new Error('the factory broke (Bearer sk-live-0123456789abcdef)');
      },
      { host: '127.0.0.1', port: 0, origins: [], log: (event) => void logs.push(event) },
    );
    try {
      const response = await fetch(broken.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      const lines = JSON.stringify(logs);
      expect(lines).toContain('the factory broke');
      expect(lines).not.toContain('sk-live-0123456789abcdef');
    } finally {
      await broken.close();
    }
  });

  it('refuses a non-loopback --host without a token, naming the fix, before it listens', async () => {
    const refused = runMcp(['--host', '0.0.0.0', '--port', '0'], {});
    await expect(refused).rejects.toBeInstanceOf(McpUsageError);
    await expect(refused).rejects.toThrow('--token-file');
  });
});

describe('stdio', () => {
  it('npm run mcp -- --stdio serves the SDK client over a real process, the view page built from the sources', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'server/mcp/main.ts', '--stdio'],
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['suip_check', 'suip_render']);
      const resource = await client.readResource({ uri: 'ui://suip/app.html' });
      const html = (resource.contents[0] as { text: string }).text;
      // One self-contained document: the page script inline, nothing loaded from anywhere.
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('<script type="module">');
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
      const answer = await client.callTool({ name: 'suip_render', arguments: { request: 'a counter' } });
      expect(answer.isError).toBe(true);
      expect((answer.content as Array<{ text: string }>)[0]!.text).toContain('no model configured');
    } finally {
      await client.close();
    }
  }, 120_000);
});
