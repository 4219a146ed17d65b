import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { serverForSuite } from '../testing/server-suite.ts';

/**
 * The model's own words are relayed redacted (issue 45, item 7), against a real server process
 * and a fake model endpoint: a model that repeats the planted key (split across stream chunks,
 * `\u`-escaped, spaced out) reaches neither `/genUI` nor `/ag-ui` replies nor the log with it,
 * and neither does an error body holding those forms; a C1 control character in an upgrade's
 * `Origin` reaches the JSON log escaped, never raw.
 */

const AGENT = 'agent-token-relay-redaction-0123';
const KEY = 'sk-relay-planted-key-0123456789';
const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const spaced = [...KEY].join(' ');
/** Every form a reply must not hold. */
const forms = [KEY, escaped, spaced, KEY.slice(3, -3)];

describe('the model repeats the key (real process)', () => {
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startFakeLlmServer(
      (request) => {
        const last = request.messages.at(-1)?.content ?? '';
        if (last.includes('error please'))
          return { steps: [{ status: 500, body: `{"error":{"message":"bad key ${escaped} (${spaced})"}}` }] };
        const words = `My key is ${KEY}. Escaped: "${escaped}". Spaced: ${spaced}. Again ${KEY}.`;
        return `${words}\n\`\`\`genui\n{"addOrUpdateSurface":{"surfaceId":"s","definition":{"root":"t","widgets":[{"id":"t","widget":{"text":{"text":"${KEY}"}}}]}}}\n\`\`\`\n${words}`;
      },
      { chunkChars: 5 },
    );
  });
  afterAll(() => llm?.close());
  const server = serverForSuite(
    'suip-relay-redaction-',
    () => ['--agent-token', AGENT, '--llm-url', llm.baseUrl, '--llm-model', 'fake'],
    { env: { SUIP_LLM_KEY: KEY } },
  );

  const genui = async (text: string) => {
    const body = {
      catalogDefinition: { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '1.0' } },
      conversation: [{ role: 'user', parts: [{ type: 'text', text }] }],
    };
    const response = await fetch(`${server.url}/genUI?stream=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.text();
  };
  const agUi = async (text: string) => {
    const body = {
      threadId: 't',
      runId: 'r',
      messages: [{ id: 'u1', role: 'user', content: text }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    };
    const response = await fetch(`${server.url}/ag-ui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
    return response.text();
  };
  const leaks = (text: string) => forms.filter((form) => text.includes(form));

  it("relays the model's words from /genUI and /ag-ui without the key, in any of its forms", async () => {
    const replies = [await genui('say it'), await agUi('say it')];
    for (const reply of replies) {
      expect(reply).toContain('[redacted]');
      expect(reply).toContain('My key is');
      expect(leaks(reply)).toEqual([]);
    }
    const errors = [await genui('error please'), await agUi('error please')];
    for (const reply of errors) {
      expect(reply).toContain('bad key');
      expect(leaks(reply)).toEqual([]);
    }
    const { stdout, stderr } = server.output();
    expect(leaks(stdout + stderr)).toEqual([]);
  }, 120_000);

  it("writes a C1 control character of an upgrade's Origin to the log escaped, never raw", async () => {
    const port = Number(new URL(server.url).port);
    const head = `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://evil.example\u009b31m\u0085x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(head, 'latin1')));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    const until = Date.now() + 15_000;
    while (!server.output().stderr.includes('evil.example') && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const line = server
      .output()
      .stderr.split('\n')
      .find((l) => l.includes('evil.example'))!;
    expect(line).toBeDefined();
    expect(line).toContain('\\u009b31m\\u0085x');
    expect(/[\u0080-\u009f]/.test(server.output().stderr)).toBe(false);
    expect(JSON.parse(line)).toMatchObject({ origin: 'http://evil.example\u009b31m\u0085x' });
  }, 60_000);
});
