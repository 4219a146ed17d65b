import { afterEach, describe, expect, it, vi } from 'vitest';
import { completionsUrl, streamChat } from './chat-client.ts';

const endpoint = { baseUrl: 'http://127.0.0.1:9/v1/', model: 'm', apiKey: 'k' };

function sse(lines: string[], chunk = 7): Response {
  const body = lines.join('');
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += chunk) controller.enqueue(encoder.encode(body.slice(i, i + chunk)));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('streamChat', () => {
  it('posts a streaming request and joins the deltas until [DONE]', async () => {
    const fetch = vi.fn(async () =>
      sse([delta('Hel'), ': ping\n\n', delta('lo ✓'), 'data: [DONE]\n\n', delta('ignored')]),
    );
    vi.stubGlobal('fetch', fetch);
    const pieces: string[] = [];
    const answer = await streamChat({
      endpoint,
      messages: [{ role: 'user', content: 'hi' }],
      onDelta: (d) => pieces.push(d),
    });
    expect(answer).toBe('Hello ✓');
    expect(pieces).toEqual(['Hel', 'lo ✓']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9/v1/chat/completions');
    expect(JSON.parse(String(init.body))).toMatchObject({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer k');
  });

  it('reports HTTP errors and in-stream errors in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"message":"bad key"}}', { status: 401 })),
    );
    await expect(streamChat({ endpoint, messages: [] })).rejects.toThrow('HTTP 401: {"error":{"message":"bad key"}}');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse([delta('a'), 'data: {"error":{"message":"overloaded"}}\n\n'])),
    );
    await expect(streamChat({ endpoint, messages: [] })).rejects.toThrow('overloaded');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse(['data: <html>\n\n'])),
    );
    await expect(streamChat({ endpoint, messages: [] })).rejects.toThrow('not JSON');
  });

  it('sends no authorization header without a key, and accepts a stream that ends without [DONE]', async () => {
    const fetch = vi.fn(async () => sse([delta('x')]));
    vi.stubGlobal('fetch', fetch);
    expect(await streamChat({ endpoint: { ...endpoint, apiKey: ' ' }, messages: [] })).toBe('x');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('builds the route from a base URL or takes a full one', () => {
    expect(completionsUrl('https://api.example/v1')).toBe('https://api.example/v1/chat/completions');
    expect(completionsUrl('https://api.example/v1/chat/completions/')).toBe('https://api.example/v1/chat/completions');
  });
});
