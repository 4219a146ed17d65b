import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatError, streamChat, type ChatStreamProblem, type ToolCallDelta } from './chat-client.ts';

/** A real endpoint on 127.0.0.1 whose behaviour each test scripts. */
let server: Server | undefined;
const open = new Set<ServerResponse>();
async function endpoint(handle: (res: ServerResponse, authorization: string | undefined) => void): Promise<string> {
  server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    req.resume();
    req.on('end', () => handle(res, req.headers.authorization));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
afterEach(async () => {
  for (const res of open) res.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const chunk = (delta: Record<string, unknown>) => `data: ${JSON.stringify({ choices: [{ delta }] })}\n\n`;
// Each test leaves only the clock under test short, so a loaded machine cannot trip another one.
const timeouts = { firstByteMs: 300, idleMs: 10_000, totalMs: 20_000 };
async function failure(promise: Promise<unknown>): Promise<ChatError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatError);
  return error as ChatError;
}

describe('streamChat against real endpoints', () => {
  it('times out an endpoint that never answers (no headers at all)', async () => {
    const baseUrl = await endpoint(() => undefined);
    const error = await failure(streamChat({ endpoint: { baseUrl, model: 'm', apiKey: '' }, messages: [], timeouts }));
    expect(error.code).toBe('model_timeout');
    expect(error.message).toContain('nothing for 300 ms after the request');
  });

  it('times out an endpoint that sends its headers and then nothing', async () => {
    const baseUrl = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
    });
    const error = await failure(streamChat({ endpoint: { baseUrl, model: 'm', apiKey: '' }, messages: [], timeouts }));
    expect(error.code).toBe('model_timeout');
    expect(error.message).toContain('after the request');
  });

  it('times out a silence in the middle of an answer, keeping what arrived', async () => {
    const baseUrl = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'half an ans' }));
    });
    const pieces: string[] = [];
    const error = await failure(
      streamChat({
        endpoint: { baseUrl, model: 'm', apiKey: '' },
        messages: [],
        timeouts: { firstByteMs: 10_000, idleMs: 300, totalMs: 20_000 },
        onDelta: (d) => pieces.push(d),
      }),
    );
    expect(error.code).toBe('model_timeout');
    expect(error.message).toContain('went silent for 300 ms');
    expect(pieces).toEqual(['half an ans']);
  });

  it('times out an answer that trickles forever (the total clock)', async () => {
    const baseUrl = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(chunk({ content: '.' })), 20);
      res.on('close', () => clearInterval(timer));
    });
    const error = await failure(
      streamChat({
        endpoint: { baseUrl, model: 'm', apiKey: '' },
        messages: [],
        timeouts: { firstByteMs: 10_000, idleMs: 10_000, totalMs: 600 },
      }),
    );
    expect(error.code).toBe('model_timeout');
    expect(error.message).toContain('did not finish within 600 ms');
  });

  it('redacts a key the endpoint echoes, in an HTTP error body and in a mid-stream error', async () => {
    const key = 'sk-canary-0123456789abcdef';
    let midStream = false;
    const baseUrl = await endpoint((res, authorization) => {
      if (!midStream) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `invalid key; you sent ${authorization}`, key: authorization?.slice(7) },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `${chunk({ content: 'hi' })}data: ${JSON.stringify({ error: { message: `quota for ${authorization?.slice(7)} exceeded` } })}\n\n`,
      );
    });
    const http = await failure(streamChat({ endpoint: { baseUrl, model: 'm', apiKey: key }, messages: [] }));
    expect(http.code).toBe('model_http_error');
    expect(http.status).toBe(401);
    midStream = true;
    const stream = await failure(streamChat({ endpoint: { baseUrl, model: 'm', apiKey: key }, messages: [] }));
    expect(stream.code).toBe('model_stream_error');
    for (const error of [http, stream]) {
      expect(error.message).not.toContain('canary');
      expect(error.message).toContain('[redacted]');
    }
  });

  it('reports a data line that is not JSON and keeps the rest of the answer; streams tool calls', async () => {
    const baseUrl = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `${chunk({ content: 'before ' })}data: {"choices":[{"delta":{"content":"lost\n\n${chunk({ content: 'after' })}${chunk({ tool_calls: [{ index: 0, function: { name: 'deleteSurface', arguments: '{"surf' } }] })}${chunk({ tool_calls: [{ index: 0, function: { arguments: 'aceId":"a"}' } }] })}data: [DONE]\n\n`,
      );
    });
    const problems: ChatStreamProblem[] = [];
    const calls: ToolCallDelta[] = [];
    const answer = await streamChat({
      endpoint: { baseUrl, model: 'm', apiKey: '' },
      messages: [],
      onProblem: (p) => problems.push(p),
      onToolCall: (c) => calls.push(c),
      tools: [],
    });
    expect(answer).toBe('before after');
    expect(problems).toEqual([expect.objectContaining({ kind: 'not-json', afterChars: 7 })]);
    expect(calls).toEqual([
      { index: 0, name: 'deleteSurface', arguments: '{"surf' },
      { index: 0, arguments: 'aceId":"a"}' },
    ]);
  });
});
