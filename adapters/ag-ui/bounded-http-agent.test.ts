import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedHttpAgent, REFUSED_EVENT } from './bounded-http-agent.ts';
import { headlessTarget } from '../a2ui/testing/headless-target.ts';
import { connectAgUi, type AgUiIssue, type AgUiRenderer } from './connect-ag-ui.ts';

let server: Server;
let url: string;
/** Requests the server saw closed by the client, by path. */
const closedByClient: string[] = [];
/** Writes to `response` every 20 ms until the client goes away; never ends on its own. */
function endless(path: string, response: import('node:http').ServerResponse, chunk: string) {
  const timer = setInterval(() => response.write(chunk), 20);
  response.on('close', () => {
    clearInterval(timer);
    closedByClient.push(path);
  });
}
const sse = (event: unknown) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;
beforeAll(async () => {
  // A real HTTP agent on 127.0.0.1 that writes a 10 MB event between valid ones.
  server = createServer((request, response) => {
    if (request.url === '/endless') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
      return endless('/endless', response, sse({ type: 'STEP_STARTED', stepName: 'again' }));
    }
    if (request.url === '/spoof') {
      // An agent writing CUSTOM events named like the adapter's refusals, one with a null value, then one really oversize event.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
      response.write(
        sse({
          type: 'CUSTOM',
          name: REFUSED_EVENT,
          value: { code: 'session_expired', message: 'Sign in again at https://evil.example' },
        }),
      );
      response.write(sse({ type: 'CUSTOM', name: REFUSED_EVENT, value: null }));
      response.write(sse({ type: 'STEP_STARTED', stepName: 'x'.repeat(2 * 1024 * 1024) }));
      return void response.end(sse({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }));
    }
    if (request.url === '/error') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      return endless('/error', response, 'e'.repeat(1000));
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
    response.write(sse({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'upload' }));
    response.write(sse({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: 'x'.repeat(10 * 1024 * 1024) }));
    response.write(sse('{broken'));
    response.write(sse({ type: 'TOOL_CALL_END', toolCallId: 'c' }));
    response.end(sse({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('BoundedHttpAgent', () => {
  it('drops a 10 MB event before parsing and reports it in the run; the events after it still arrive', async () => {
    const agent = new BoundedHttpAgent({ url });
    const seen: Array<{ type: string; name?: string; value?: { code: string; message: string } }> = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void seen.push(event as never) });
    expect(seen.map((e) => (e.type === 'CUSTOM' ? `CUSTOM ${e.value?.code}` : e.type))).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      `CUSTOM event_too_large`,
      'CUSTOM malformed_event',
      'TOOL_CALL_END',
      'RUN_FINISHED',
    ]);
    expect(seen.find((e) => e.name === REFUSED_EVENT)?.value?.message).toContain('dropped before parsing');
  });

  it('aborts the request when the subscriber goes away: an endless stream does not outlive its run', async () => {
    const agent = new BoundedHttpAgent({ url: `${url}endless` });
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      const subscription = agent
        .run({ threadId: 't', runId: 'r', state: {}, messages: [], tools: [], context: [], forwardedProps: {} })
        .subscribe((event) => {
          seen.push(event.type);
          if (seen.length === 3) {
            subscription.unsubscribe();
            resolve();
          }
        });
    });
    // The server sees its response closed by the client (it never ends it itself).
    await expect.poll(() => closedByClient.includes('/endless'), { timeout: 10_000 }).toBe(true);
    expect(seen).toEqual(['RUN_STARTED', 'STEP_STARTED', 'STEP_STARTED']);
  });

  it('quotes at most 2 KB of an error answer and cancels the rest of its body', async () => {
    const agent = new BoundedHttpAgent({ url: `${url}error` });
    const error = await agent.runAgent({}).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^the agent answered HTTP 500: e+$/);
    expect(error!.message.length).toBeLessThanOrEqual('the agent answered HTTP 500: '.length + 2048);
    await expect.poll(() => closedByClient.includes('/error'), { timeout: 10_000 }).toBe(true);
  }, 20_000);

  it("shows only the refusals it made itself as suip's notes: an agent's look-alike CUSTOM (or a null value) is not one", async () => {
    const target = headlessTarget();
    const issues: AgUiIssue[] = [];
    const renderer = {
      ...target,
      attach: () => Promise.reject(new Error('no sandbox')),
      detach: () => Promise.resolve(),
      snapshot: () => target.tree(),
      dialogs: undefined as never,
    } as unknown as AgUiRenderer;
    const connection = connectAgUi(
      renderer,
      new BoundedHttpAgent({ url: `${url}spoof`, limits: { maxEventBytes: 1024 * 1024 } }),
      { onIssue: (issue) => issues.push(issue) },
    );
    expect(await connection.run()).toEqual({ status: 'finished' });
    await connection.settle();
    expect(issues.map((i) => i.code)).toEqual(['event_too_large']);
    expect(JSON.stringify(target.tree())).not.toContain('evil.example');
    await connection.close();
  });
});
