import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedHttpAgent, REFUSED_EVENT } from './bounded-http-agent.ts';

let server: Server;
let url: string;
const sse = (event: unknown) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;
beforeAll(async () => {
  // A real HTTP agent on 127.0.0.1 that writes a 10 MB event between valid ones.
  server = createServer((_request, response) => {
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
    expect(seen.map((e) => (e.type === 'CUSTOM' ? `CUSTOM ${e.value?.code}` : e.type))).toEqual(['RUN_STARTED', 'TOOL_CALL_START', `CUSTOM event_too_large`, 'CUSTOM malformed_event', 'TOOL_CALL_END', 'RUN_FINISHED']);
    expect(seen.find((e) => e.name === REFUSED_EVENT)?.value?.message).toContain('dropped before parsing');
  });
});
