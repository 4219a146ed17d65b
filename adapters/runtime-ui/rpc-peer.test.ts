import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRpcPeer, RpcError } from './rpc-peer.ts';
import { NOTIFICATIONS, REQUESTS } from '../../shared/neighbours/runtime-ui/schemas.ts';

/** Two peers wired back to back (the runtime and the UI), with every line recorded. */
function pair() {
  const lines: string[] = [];
  const notes: Array<[string, unknown]> = [];
  const problems: string[] = [];
  const ui = createRpcPeer({
    role: 'ui',
    send: (l) => (lines.push(l), queueMicrotask(() => runtime.receiveLine(l))),
    onNotification: (m, p) => notes.push([m, p]),
    onProblem: (p) => problems.push(p.message),
    handlers: { 'ui.confirm.request': async (p) => ({ ok: p.title === 'yes' }) },
  });
  const runtime = createRpcPeer({
    role: 'runtime',
    send: (l) => (lines.push(l), queueMicrotask(() => ui.receiveLine(l))),
    handlers: {
      initialize: async () => ({ protocol_version: '0', server: { name: 't', version: '0' } }),
      'run.start': async (p) => {
        if (p.input.text === 'busy') throw new RpcError(-32001, 'busy');
        return { run_id: 'r1' };
      },
    },
  });
  return { ui, runtime, lines, notes, problems };
}

describe('seed 002 peer', () => {
  it('speaks with string ids both ways, and checks params and results against the seed', async () => {
    const { ui, runtime, lines } = pair();
    await expect(
      ui.request('initialize', { protocol_version: '0', client: { name: 'x', version: '1' } }),
    ).resolves.toMatchObject({ protocol_version: '0' });
    await expect(runtime.request('ui.confirm.request', { title: 'yes', message: 'm' })).resolves.toEqual({ ok: true });
    for (const line of lines) {
      const m = JSON.parse(line) as { id?: unknown };
      if (m.id !== undefined) expect(typeof m.id).toBe('string');
    }
    await expect(ui.request('run.start', { input: { type: 'text', text: 'busy' } })).rejects.toMatchObject({
      code: -32001,
    });
    // @ts-expect-error: a bad params object on purpose
    await expect(ui.request('run.start', { input: { type: 'image' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('/input'),
    });
  });

  it('answers any unknown method, or a method of its own role, with -32601', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 60 }),
          fc.constantFrom('ui.confirm.request', 'mcp.list', '__proto__', 'constructor', 'toString'),
        ),
        fc.oneof(fc.string(), fc.integer()),
        async (method, id) => {
          const sent: string[] = [];
          const runtime = createRpcPeer({
            role: 'runtime',
            send: (l) => sent.push(l),
            handlers: { initialize: async () => ({ protocol_version: '0', server: { name: 't', version: '0' } }) },
          });
          fc.pre(method !== 'initialize');
          runtime.receiveLine(JSON.stringify({ jsonrpc: '2.0', id, method, params: {} }));
          await new Promise((r) => setTimeout(r, 0));
          expect(sent).toHaveLength(1);
          expect(JSON.parse(sent[0]!)).toEqual({
            jsonrpc: '2.0',
            id,
            error: { code: -32601, message: expect.stringContaining('method not found') },
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers a malformed line as JSON-RPC says (-32700 id null, -32600 with the id it had) and goes on; responses and notifications get no answer', async () => {
    const problems: string[] = [];
    const sent: string[] = [];
    const peer = createRpcPeer({
      role: 'ui',
      send: (l) => sent.push(l),
      onProblem: (p) => problems.push(p.message),
      handlers: { 'ui.confirm.request': async () => ({ ok: true }) },
    });
    const answers = () =>
      sent.map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string }; result?: unknown });
    peer.receiveLine('not json');
    peer.receiveLine('{"jsonrpc":"2.0","id":"no-method"}');
    peer.receiveLine('{"jsonrpc":"1.0","id":7,"method":"ui.confirm.request","params":{}}');
    peer.refuse({ kind: 'too-long', message: 'a line is longer than 4194304 bytes', preview: '{"jsonrpc"' });
    peer.receiveLine('['.repeat(100) + ']'.repeat(100));
    expect(answers().map((a) => [a.id, a.error?.code])).toEqual([
      [null, -32700],
      ['no-method', -32600],
      [7, -32600],
      [null, -32600],
      [null, -32700],
    ]);
    for (const answer of answers()) {
      expect(Object.keys(answer).sort()).toEqual(['error', 'id', 'jsonrpc']);
      expect(answer.error!.message.length).toBeGreaterThan(20);
    }
    sent.length = 0;
    // Never answered: a stray response, a malformed response, an invalid notification, and a replayed (quiet) garbage line.
    peer.receiveLine('{"jsonrpc":"2.0","id":"nobody","result":{}}');
    peer.receiveLine('{"jsonrpc":"1.0","id":"x","result":{}}');
    peer.receiveLine(
      '{"jsonrpc":"2.0","method":"agent.event","params":{"run_id":"r","seq":-2,"event":{"type":"text","content":"x"}}}',
    );
    peer.receiveLine('still not json', true);
    expect(sent).toEqual([]);
    expect(problems.at(-2)).toContain('/seq');
    // And the peer goes on: a valid request after all that is answered.
    peer.receiveLine(
      '{"jsonrpc":"2.0","id":"rt-9","method":"ui.confirm.request","params":{"title":"t","message":"m"}}',
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(answers()).toEqual([{ jsonrpc: '2.0', id: 'rt-9', result: { ok: true } }]);
  });

  it('answers a handler that throws a plain Error with -32603, and close() rejects what is pending with -32603', async () => {
    const lines: string[] = [];
    const runtime = createRpcPeer({
      role: 'runtime',
      send: (l) => void lines.push(l),
      handlers: {
        'run.start': () => {
          throw new Error('the disk is full');
        },
      },
    });
    runtime.receiveLine(
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'run.start', params: { input: { type: 'text', text: 'x' } } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'the disk is full' },
    });
    const waiting = runtime.request('ui.confirm.request', { title: 't', message: 'm' });
    expect(runtime.pending).toEqual(['rt-1']);
    runtime.close('the window went away');
    await expect(waiting).rejects.toMatchObject({ name: 'RpcError', code: -32603, message: 'the window went away' });
    expect(runtime.pending).toEqual([]);
  });

  it('an answer that cannot be written is answered -32603 (no unhandled rejection, no peer left waiting)', async () => {
    const lines: string[] = [];
    let writes = 0;
    const runtime = createRpcPeer({
      role: 'runtime',
      send: (l) => {
        writes += 1;
        if (writes === 1) throw new Error('the pipe is closed');
        lines.push(l);
      },
      handlers: { 'run.start': async () => ({ run_id: 'r1' }) },
    });
    runtime.receiveLine(
      JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'run.start', params: { input: { type: 'text', text: 'x' } } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      id: 'a',
      error: { code: -32603, message: 'the answer could not be sent: the pipe is closed' },
    });
    // A notification whose send fails throws to its caller instead of vanishing.
    const ui = createRpcPeer({
      role: 'ui',
      send: () => {
        throw new Error('gone');
      },
      handlers: {},
    });
    expect(() => ui.notify('ui.context.update', { cwd: '/' } as never)).toThrow('gone');
  });

  it("two peers answering each other's garbage do not loop: an error response is never answered", async () => {
    const { ui, runtime, lines } = pair();
    runtime.receiveLine('garbage from the UI');
    ui.receiveLine('garbage from the runtime');
    await new Promise((r) => setTimeout(r, 10));
    expect(lines.map((l) => (JSON.parse(l) as { error: { code: number } }).error.code)).toEqual([-32700, -32700]);
  });

  it("accepts the seed's own examples (§10) and codelia TUI's real lines", () => {
    const ajv = new Ajv({ strict: false });
    const check = (schema: unknown, value: unknown) =>
      expect(ajv.validate(schema as object, value), JSON.stringify(ajv.errors)).toBe(true);
    check(REQUESTS.initialize.params, { protocol_version: '0', client: { name: 'codelia-tui', version: '0.0.0' } });
    check(REQUESTS.initialize.params, {
      client: { name: 'codelia-tui', version: '0.1.0' },
      protocol_version: '0',
      ui_capabilities: {
        supports_confirm: true,
        supports_permission_preflight_events: true,
        supports_pick: true,
        supports_prompt: true,
      },
    });
    check(REQUESTS.initialize.result, { protocol_version: '0', server: { name: 'codelia-runtime', version: '0.0.0' } });
    check(REQUESTS['run.start'].params, { input: { type: 'text', text: 'List TypeScript files' } });
    check(REQUESTS['run.start'].params, {
      input: { text: 'go', type: 'text' },
      session_id: 's1',
      tools: [{ name: 'tui_ask_user_choice' }],
    });
    check(REQUESTS['run.start'].result, { run_id: 'run_123' });
    check(NOTIFICATIONS['agent.event'].params, {
      run_id: 'run_123',
      seq: 0,
      event: { type: 'reasoning', content: '...', timestamp: 1730000000000 },
    });
    check(REQUESTS['ui.confirm.request'].params, {
      run_id: 'run_123',
      title: 'Run command?',
      message: 'rg -n "AgentEvent" -S packages',
    });
    check(REQUESTS['ui.confirm.request'].result, { ok: true, reason: null, remember: false });
    check(REQUESTS['session.list'].params, { limit: 50, scope: 'current_workspace' });
    check(REQUESTS['session.history'].params, { max_events: 500, session_id: 's1' });
    check(REQUESTS['model.list'].params, { include_details: false });
  });
});
