import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent, type BaseEvent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
} from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createRouter } from '../http/router.ts';
import { agUiRoutes } from './ag-ui-route.ts';

const PROGRAM = "const { group, render } = suip;\nrender(group('card', [['title', 'Hi \"there\"']]));";
let llm: FakeLlmServer;
const servers: Server[] = [];
const requests: RecordedRequest[] = [];

let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));

const logs: Array<Record<string, unknown>> = [];

async function serve(
  withModel: boolean,
  limits: { maxRuns?: number; maxAnswerChars?: number; maxBufferedBytes?: number } = {},
): Promise<string> {
  const guard = createBrowserGuard({ origins: [] });
  const routes = agUiRoutes({
    ...(withModel ? { llm: { baseUrl: llm.baseUrl, model: 'fake', apiKey: 'sk-never-logged', tools: false } } : {}),
    ...limits,
    log: (event) => void logs.push(event),
  });
  const server = createServer(createRouter(routes, { guard, agentToken: 'agent-token', log: () => undefined }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  guard.listening((server.address() as AddressInfo).port);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/ag-ui`;
}

beforeAll(async () => {
  llm = await startFakeLlmServer(
    (request) => {
      requests.push(request);
      const last = request.messages.at(-1)?.content ?? '';
      if (last === 'flood') return `Words ${'x'.repeat(16 << 20)}`;
      if (last === 'hold') return { steps: [{ content: 'Thinking' }, { wait: held }, { content: ' done.' }] };
      if (last.includes('failed when it ran')) return 'Fixed it.\n```js\nrender("fixed");\n```\n';
      return `Here is a card.\n\`\`\`js\n${PROGRAM}\n\`\`\`\nEnjoy.`;
    },
    { chunkChars: 7 },
  );
});
afterAll(async () => {
  release();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await llm.close();
});

/** Runs a real @ag-ui/client HttpAgent against the route; every event as the client applied it. */
async function runWith(url: string, text: string, extra: Array<Record<string, unknown>> = []) {
  const agent = new HttpAgent({
    url,
    threadId: 't1',
    initialMessages: [{ id: 'u1', role: 'user', content: text }, ...(extra as never[])],
  });
  const events: BaseEvent[] = [];
  const argDeltas: string[] = [];
  let error: string | undefined;
  await agent
    .runAgent(
      {},
      {
        onEvent: ({ event }) => void events.push(event),
        onToolCallArgsEvent: ({ event }) => void argDeltas.push(event.delta),
        onRunErrorEvent: ({ event }) => void (error = `${event.code}: ${event.message}`),
      },
    )
    .catch((e: unknown) => (error ??= String(e)));
  return { agent, events, argDeltas, error };
}

describe('POST /ag-ui (suip model loop as an AG-UI agent)', () => {
  it('without a model, the run is a RUN_ERROR that says how to configure one', async () => {
    const { events, error } = await runWith(await serve(false), 'hello');
    expect(events.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(error).toContain('model_not_configured: this suip server has no model: start it with --llm-url');
  });

  it('streams prose as text and the program as a suip_render_program call whose code streams', async () => {
    const { agent, events, argDeltas, error } = await runWith(await serve(true), 'show a card');
    expect(error).toBeUndefined();
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('RUN_STARTED');
    expect(types.at(-1)).toBe('RUN_FINISHED');
    expect(argDeltas.length).toBeGreaterThan(3);
    const assistant = agent.messages.filter((m) => m.role === 'assistant');
    expect(assistant[0]?.content).toBe('Here is a card.\n');
    const call = assistant.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))[0];
    expect(call?.function.name).toBe('suip_render_program');
    expect(JSON.parse(call!.function.arguments)).toEqual({ code: PROGRAM });
    expect(assistant.at(-1)?.content).toBe('Enjoy.');
    // The system prompt is suip's, with the AG-UI additions.
    expect(requests.at(-1)?.messages[0]?.content).toContain("suip.onInput('agui.state'");
  });

  it("a tool result with the page's errors becomes the model's repair turn", async () => {
    const failed = JSON.stringify({
      rendered: false,
      errors: 'Your program failed when it ran in the suip sandbox:\n\nbutton needs a label',
    });
    const { agent } = await runWith(await serve(true), 'show a card', [
      {
        id: 'a1',
        role: 'assistant',
        content: '',
        toolCalls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'suip_render_program', arguments: JSON.stringify({ code: 'render(1)' }) },
          },
        ],
      },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: failed },
    ]);
    const sent = requests.at(-1)!.messages;
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: '\n```js\nrender(1)\n```' });
    expect(sent.at(-1)?.content).toContain('button needs a label');
    const call = agent.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : [])).at(-1);
    expect(JSON.parse(call!.function.arguments)).toEqual({ code: 'render("fixed");' });
  });

  it('refuses a body that is not a RunAgentInput with a typed 400', async () => {
    const response = await fetch(await serve(true), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 1 }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toContain('not an AG-UI RunAgentInput');
  });

  it('answers a run past the runs-in-flight budget with a typed 503 and Retry-After, and serves again once one ends', async () => {
    const url = await serve(true, { maxRuns: 1 });
    const body = (text: string) =>
      JSON.stringify({
        threadId: 't',
        runId: `r-${text}`,
        messages: [{ id: 'u', role: 'user', content: text }],
        tools: [],
        context: [],
        state: {},
        forwardedProps: {},
      });
    const first = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: body('hold'),
    });
    expect(first.status).toBe(200);
    const second = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body('hold'),
    });
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('2');
    expect(await second.json()).toMatchObject({ code: 'UNAVAILABLE' });
    release();
    expect(await first.text()).toContain('RUN_FINISHED');
    const { error } = await runWith(url, 'show a card');
    expect(error).toBeUndefined();
  });

  it('ends a run whose answer passes the bound with RUN_ERROR answer_too_long', async () => {
    const { events, error } = await runWith(await serve(true, { maxAnswerChars: 40 }), 'show a card');
    expect(error).toContain('answer_too_long');
    expect(events.at(-1)?.type).toBe('RUN_ERROR');
    expect(events.some((e) => e.type === 'RUN_FINISHED')).toBe(false);
  });

  it('passes a tool result nested past 64 levels on as text instead of parsing it', async () => {
    const deep = `${'['.repeat(70)}1${']'.repeat(70)}`;
    const failed = `{"rendered":false,"errors":"shallow verdict","pad":${deep}}`;
    await runWith(await serve(true), 'show a card', [
      {
        id: 'a1',
        role: 'assistant',
        content: '',
        toolCalls: [
          {
            id: 'c1',
            type: 'function',
            function: {
              name: 'suip_render_program',
              arguments: JSON.stringify({ code: 'render(1)', pad: JSON.parse(deep) as unknown }),
            },
          },
        ],
      },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: failed },
    ]);
    const sent = requests.at(-1)!.messages;
    expect(sent.at(-1)?.content).toBe(failed);
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: '' });
  });

  it('aborts a run (and its model call) once a reader that does not read leaves more than the bound unread', async () => {
    const { connect } = await import('node:net');
    const url = new URL(await serve(true, { maxAnswerChars: 32 << 20, maxBufferedBytes: 64 * 1024 }));
    const body = JSON.stringify({
      threadId: 't',
      runId: 'r-flood',
      messages: [{ id: 'u', role: 'user', content: 'flood' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    });
    const client = connect(Number(url.port), '127.0.0.1');
    client.write(
      `POST /ag-ui HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // The reader never reads: the server's buffer fills, and the run must end rather than buffer 16 MiB.
    client.pause();
    client.on('error', () => undefined);
    try {
      await vi.waitFor(
        () => expect(logs).toContainEqual(expect.objectContaining({ event: 'ag-ui-aborted', code: 'slow_reader' })),
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      client.destroy();
    }
    expect(logs.some((event) => event.event === 'ag-ui-run' && (event.chars as number) > 1 << 20)).toBe(false);
  }, 60_000);
});
