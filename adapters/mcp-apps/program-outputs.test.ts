import { describe, expect, it } from 'vitest';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { createOutputRouter, type ViewHost } from './program-outputs.ts';

/** An in-memory host that records what reached it; `release` answers the held tool calls. */
function memoryHost() {
  const seen: Array<[string, unknown]> = [];
  const held: Array<() => void> = [];
  const host: ViewHost = {
    callServerTool: (params) => {
      seen.push(['tools/call', params]);
      return new Promise((resolve) =>
        held.push(() =>
          resolve({ content: [{ type: 'text', text: `ran ${params.name}` }], structuredContent: { n: 1 } }),
        ),
      );
    },
    sendMessage: async (params) => (seen.push(['ui/message', params]), {}),
    openLink: async (params) => (seen.push(['ui/open-link', params]), {}),
    updateModelContext: async (params) => (seen.push(['ui/update-model-context', params]), {}),
  };
  return { host, seen, release: () => held.splice(0).forEach((answer) => answer()) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createOutputRouter', () => {
  it('turns a call-tool output into tools/call and answers on mcp.call-result with the id', async () => {
    const { host, seen, release } = memoryHost();
    const answers: Array<[string, unknown]> = [];
    const route = createOutputRouter(
      host,
      (channel, value) => answers.push([channel, value]),
      () => undefined,
    );
    route('mcp.call-tool', { name: 'suip_check', arguments: { program: 'x' }, id: 'a' });
    expect(seen).toEqual([['tools/call', { name: 'suip_check', arguments: { program: 'x' } }]]);
    release();
    await flush();
    expect(answers).toEqual([
      ['mcp.call-result', { name: 'suip_check', id: 'a', ok: true, text: 'ran suip_check', structured: { n: 1 } }],
    ]);
  });

  it(
    'refuses malformed, oversized and over-budget calls with an answer the ' +
      'program can act on, and sends none of them',
    async () => {
      const { host, seen, release } = memoryHost();
      const answers: Array<{ ok: boolean; error?: string }> = [];
      const route = createOutputRouter(
        host,
        (_, value) => answers.push(value as { ok: boolean }),
        () => undefined,
      );
      route('mcp.call-tool', { name: 'bad name!' });
      route('mcp.call-tool', { name: 'ok', arguments: { big: 'x'.repeat(MCP_APP_LIMITS.maxCallArgumentsBytes) } });
      route('mcp.call-tool', { name: 'ok', extra: true });
      expect(seen).toEqual([]);
      expect(answers.map((a) => a.ok)).toEqual([false, false, false]);
      expect(answers[1]!.error).toContain('larger than');
      for (let i = 0; i < MCP_APP_LIMITS.maxCallsInFlight + 2; i += 1) route('mcp.call-tool', { name: 'slow', id: i });
      expect(seen).toHaveLength(MCP_APP_LIMITS.maxCallsInFlight);
      expect(answers.slice(3).map((a) => a.error)).toEqual([
        expect.stringContaining('already in flight'),
        expect.stringContaining('already in flight'),
      ]);
      release();
      await flush();
      // Answered calls free their places.
      route('mcp.call-tool', { name: 'again' });
      expect(seen).toHaveLength(MCP_APP_LIMITS.maxCallsInFlight + 1);
    },
  );

  it('sends messages, context and http(s) links through the host and reports refusals as problems', async () => {
    const { host, seen } = memoryHost();
    const problems: string[] = [];
    const route = createOutputRouter(
      host,
      () => undefined,
      (message) => problems.push(message),
    );
    route('mcp.message', 'hello');
    route('mcp.model-context', 'the user looks at Oslo');
    route('mcp.open-link', 'https://example.com/');
    route('mcp.open-link', 'javascript:alert(1)');
    route('mcp.message', '');
    route('mcp.message', { text: 'not a string' });
    route('mcp.unknown', 1);
    await flush();
    expect(seen.map(([method]) => method)).toEqual(['ui/message', 'ui/update-model-context', 'ui/open-link']);
    expect(problems).toHaveLength(4);
    expect(problems[3]).toContain('no such MCP channel');
  });

  it(
    'gives message, open-link and model-context a rate budget and one ' +
      'request in flight each, refusing the excess precisely',
    async () => {
      const { host, seen } = memoryHost();
      const problems: string[] = [];
      let clock = 0;
      const route = createOutputRouter(
        host,
        () => undefined,
        (message) => problems.push(message),
        () => clock,
      );
      for (let i = 0; i < 50; i += 1) route('mcp.message', `spam ${i}`);
      expect(problems).toHaveLength(49);
      expect(problems[0]).toMatch(
        /output\("mcp.message", …\) was refused: the previous message is still with the host; wait/,
      );
      await flush();
      route('mcp.message', 'second');
      await flush();
      route('mcp.message', 'third');
      expect(problems.at(-1)).toContain(`more than ${MCP_APP_LIMITS.maxRequestsPerSecond} message requests per second`);
      // The other channels have their own budgets; time refills them.
      route('mcp.model-context', 'ctx');
      route('mcp.open-link', 'https://example.com/a');
      clock += 1000;
      await flush();
      route('mcp.message', 'later');
      await flush();
      expect(seen.map(([method]) => method)).toEqual([
        'ui/message',
        'ui/message',
        'ui/update-model-context',
        'ui/open-link',
        'ui/message',
      ]);
    },
  );

  it('refuses an open-link whose userinfo disguises its host, without sending it', async () => {
    const { host, seen } = memoryHost();
    const problems: string[] = [];
    const route = createOutputRouter(
      host,
      () => undefined,
      (message) => problems.push(message),
    );
    route('mcp.open-link', 'https://claude.ai@evil.example/login');
    route('mcp.open-link', 'https://claude.ai%40evil.example/');
    await flush();
    expect(seen).toEqual([]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /was refused: the URL "https:\/\/…@evil.example\/login" carries credentials in its userinfo/,
    );
  });

  it(
    'answers a tool result too big to hand over with ok:false naming the ' + 'bound, so every call gets one answer',
    async () => {
      const answers: Array<{ ok: boolean; id?: unknown; error?: string; structured?: unknown }> = [];
      const host: ViewHost = {
        ...memoryHost().host,
        callServerTool: async () => ({
          content: [{ type: 'text', text: 'big' }],
          structuredContent: { rows: 'x'.repeat(MCP_APP_LIMITS.maxInputValueBytes) },
        }),
      };
      const route = createOutputRouter(
        host,
        (_, value) => answers.push(value as { ok: boolean }),
        () => undefined,
      );
      route('mcp.call-tool', { name: 'dump', id: 7 });
      await flush();
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({ ok: false, id: 7 });
      expect(answers[0]!.structured).toBeUndefined();
      expect(answers[0]!.error).toMatch(
        new RegExp(
          `^the result of dump is \\d+ bytes of JSON, over the ${MCP_APP_LIMITS.maxInputValueBytes}-byte limit`,
        ),
      );
    },
  );
});
