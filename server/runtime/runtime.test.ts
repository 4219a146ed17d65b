import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import type { ChatRequest } from '../../generator/model/chat-client.ts';
import { seedProblems, type SeedMessage } from '../../e2e/fixtures/runtime-ui/seed-check.ts';
import { redactLine } from './redact.ts';
import { createSuipRuntime } from './runtime.ts';
import { openSessionStore } from './session-store.ts';

const PROGRAM = "const { group, render } = suip;\nrender(group('card', [['title', 'Hi']]));";
const dirs: string[] = [];
/** Every line of the test, both ways: checked against the seed-002 schemas after each test. */
const conversation: SeedMessage[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  expect(seedProblems(conversation.splice(0))).toEqual([]);
});

/** The runtime wired to a UI peer in memory, with a scripted chat and a real SQLite file. */
function setup(
  chat: (request: ChatRequest) => Promise<string>,
  answers: { confirm?: boolean; prompt?: string; pick?: string[] } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'suip-runtime-'));
  dirs.push(dir);
  const file = join(dir, 'runtime.sqlite');
  const store = openSessionStore(file);
  const lines: string[] = [];
  const notes: Array<{ method: string; params: Record<string, unknown> }> = [];
  const ui = createRpcPeer({
    role: 'ui',
    send: (line) => (
      conversation.push({ from: 'ui', message: JSON.parse(line) }),
      setImmediate(() => runtime.receiveLine(line))
    ),
    onNotification: (method, params) => notes.push({ method, params: params as Record<string, unknown> }),
    handlers: {
      'ui.confirm.request': async () => ({ ok: answers.confirm ?? true }),
      'ui.prompt.request': async () => ({ value: answers.prompt ?? null }),
      'ui.pick.request': async () => ({ ids: answers.pick ?? [] }),
    },
  });
  const runtime = createSuipRuntime({
    send: (line) => (
      lines.push(line),
      conversation.push({ from: 'runtime', message: JSON.parse(line) }),
      setImmediate(() => ui.receiveLine(line))
    ),
    store,
    endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm1', apiKey: '' },
    models: ['m1', 'm2'],
    chat,
    log: () => undefined,
  });
  const status = (runId: string) =>
    notes.filter((n) => n.method === 'run.status' && n.params.run_id === runId).map((n) => n.params.status);
  const events = (runId: string) =>
    notes
      .filter((n) => n.method === 'agent.event' && n.params.run_id === runId)
      .map((n) => n.params as { seq: number; event: { type: string; content?: string } });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };
  return { ui, runtime, store, file, lines, notes, status, events, until };
}

const stream = (answer: string) => async (request: ChatRequest) => {
  for (let i = 0; i < answer.length; i += 7) request.onDelta?.(answer.slice(i, i + 7));
  return answer;
};

describe('the suip runtime', () => {
  it('runs prose: text events numbered from 0, final, completed; the session is stored', async () => {
    const t = setup(stream('Hello.\nSecond line.\n'));
    const init = await t.ui.request('initialize', { protocol_version: '0', client: { name: 'test', version: '1' } });
    expect(init.server_capabilities).toMatchObject({ supports_run_cancel: true, supports_ui_requests: true });
    const { run_id } = await t.ui.request('run.start', { input: { type: 'text', text: 'hi' } });
    await t.until(() => t.status(run_id).includes('completed'));
    const events = t.events(run_id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(events.filter((e) => e.event.type === 'text').map((e) => e.event.content)).toEqual([
      'Hello.',
      'Second line.',
    ]);
    expect(t.status(run_id)).toEqual(['running', 'completed']);
    const list = await t.ui.request('session.list', {});
    expect(list.sessions).toHaveLength(1);
    expect(list.sessions[0]).toMatchObject({ message_count: 1, last_user_message: 'hi', run_id });
  });

  it('a program is checked, repaired with the error, approved by ui.confirm.request and (no server) not published', async () => {
    let calls = 0;
    const t = setup(async (request) => {
      calls += 1;
      if (calls === 1) return '```js\nrender(group(\n```\n';
      expect(request.messages.at(-1)!.content).toContain('SyntaxError');
      return `Fixed:\n\`\`\`js\n${PROGRAM}\n\`\`\`\n`;
    });
    const { run_id } = await t.ui.request('run.start', { input: { type: 'text', text: 'build' } });
    await t.until(() => t.status(run_id).includes('completed'));
    expect(calls).toBe(2);
    const types = t.events(run_id).map((e) => e.event.type);
    expect(types).toEqual(
      expect.arrayContaining(['step_start', 'reasoning', 'step_complete', 'tool_call', 'tool_result', 'final']),
    );
    expect(t.status(run_id)).toEqual(['running', 'awaiting_ui', 'running', 'completed']);
    expect(t.lines.some((l) => l.includes('"ui.confirm.request"'))).toBe(true);
  });

  it('run.cancel aborts the model call; nothing is emitted for the run after cancelled; a second run while one runs is -32001', async () => {
    let aborted = false;
    const t = setup(
      (request) =>
        new Promise<string>((_resolve, reject) => {
          request.onDelta?.('partial line\n');
          request.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    const { run_id } = await t.ui.request('run.start', { input: { type: 'text', text: 'slow' } });
    await t.until(() => t.events(run_id).some((e) => e.event.type === 'text'));
    await expect(t.ui.request('run.start', { input: { type: 'text', text: 'again' } })).rejects.toMatchObject({
      code: -32001,
    });
    await expect(t.ui.request('run.cancel', { run_id })).resolves.toEqual({ ok: true, status: 'cancelled' });
    expect(aborted).toBe(true);
    const count = t.notes.length;
    await new Promise((r) => setTimeout(r, 50));
    const after = t.notes.slice(
      t.notes.findIndex((n) => n.method === 'run.status' && n.params.status === 'cancelled') + 1,
    );
    expect(after.filter((n) => n.params.run_id === run_id)).toEqual([]);
    expect(t.notes.length).toBe(count);
    await expect(t.ui.request('run.cancel', { run_id })).resolves.toEqual({ ok: false, status: 'cancelled' });
    await expect(t.ui.request('run.cancel', { run_id: 'nope' })).rejects.toMatchObject({ code: -32002 });
  });

  it('session.history replays each run numbered from 0 (user message first), ending with its terminal run.status; model.set checks names', async () => {
    const t = setup(stream('One.\n'));
    const first = await t.ui.request('run.start', { input: { type: 'text', text: 'first' } });
    await t.until(() => t.status(first.run_id).includes('completed'));
    t.notes.length = 0;
    const history = await t.ui.request('session.history', { session_id: first.session_id! });
    expect(history.runs).toBe(1);
    expect(t.notes[0]!.params).toMatchObject({
      seq: 0,
      event: { type: 'hidden_user_message', content: 'first' },
      meta: { replayed: true },
    });
    const replayed = t.notes.filter((n) => n.method === 'agent.event');
    expect(replayed.map((n) => n.params.seq)).toEqual(replayed.map((_, i) => i));
    expect(t.notes.at(-1)).toEqual({ method: 'run.status', params: { run_id: first.run_id, status: 'completed' } });
    expect(history.events_sent).toBe(replayed.length);
    await expect(t.ui.request('model.set', { name: 'm2' })).resolves.toEqual({ provider: 'openai', name: 'm2' });
    await expect(t.ui.request('model.list', {})).resolves.toMatchObject({ current: 'm2', models: ['m2', 'm1'] });
    await expect(t.ui.request('model.set', { name: 'other' })).rejects.toMatchObject({ code: -32602 });
    // The store is a real file: a new process sees the same sessions.
    t.store.close();
    expect(openSessionStore(t.file).list(10)).toHaveLength(1);
  });

  it('the model asks the user to choose with a ```pick block: a ui.pick.request, the choice sent back as the next turn', async () => {
    const calls: ChatRequest[] = [];
    const t = setup(
      async (request) => {
        calls.push(request);
        const answer =
          calls.length === 1
            ? 'Which layout?\n```pick\n{"title": "Which layout?", "items": [{"id": "cards", "label": "Cards"}, {"id": "table", "label": "Table", "detail": "rows"}]}\n```\n'
            : 'Cards it is.\n';
        return stream(answer)(request);
      },
      { pick: ['cards'] },
    );
    const { run_id } = await t.ui.request('run.start', { input: { type: 'text', text: 'show my tasks' } });
    await t.until(() => t.status(run_id).includes('completed'));
    const pick = t.lines
      .map((l) => JSON.parse(l) as { method?: string; params?: Record<string, unknown> })
      .find((m) => m.method === 'ui.pick.request')!;
    expect(pick.params).toEqual({
      run_id,
      title: 'Which layout?',
      items: [
        { id: 'cards', label: 'Cards' },
        { id: 'table', label: 'Table', detail: 'rows' },
      ],
    });
    expect(calls).toHaveLength(2);
    // The second turn carries the question and the choice; the system prompt teaches the block.
    expect(calls[1]!.messages.map((m) => m.content)).toEqual(
      expect.arrayContaining([
        'show my tasks',
        expect.stringContaining('```pick'),
        expect.stringContaining('chose: Cards (cards)'),
      ]),
    );
    expect(calls[0]!.messages[0]!.content).toContain('Asking the user to choose');
    const events = t
      .events(run_id)
      .map((e) => e.event as { type: string; tool?: string; result?: string; content?: string });
    expect(events.filter((e) => e.tool === 'ui.pick').map((e) => e.type)).toEqual(['tool_call', 'tool_result']);
    expect(events.find((e) => e.type === 'tool_result')!.result).toContain('chose: Cards (cards)');
    expect(events.filter((e) => e.type === 'text').map((e) => e.content)).toEqual(['Which layout?', 'Cards it is.']);
    expect(t.status(run_id)).toEqual(['running', 'awaiting_ui', 'running', 'completed']);
  });

  it('a pick block that does not fit the seed is sent back for repair, not shown', async () => {
    const calls: ChatRequest[] = [];
    const t = setup(async (request) => {
      calls.push(request);
      return calls.length === 1 ? '```pick\n{"title": "Which?", "items": []}\n```\n' : 'Fine, no choice needed.\n';
    });
    const { run_id } = await t.ui.request('run.start', { input: { type: 'text', text: 'x' } });
    await t.until(() => t.status(run_id).includes('completed'));
    expect(calls[1]!.messages.at(-1)!.content).toContain('the pick block does not fit at /items');
    expect(t.lines.some((l) => l.includes('ui.pick.request'))).toBe(false);
  });

  it('a secret prompt answer is redacted in the log', () => {
    const ids = new Set<string>();
    redactLine(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'rt-1',
        method: 'ui.prompt.request',
        params: { title: 'Key', message: '', secret: true },
      }),
      ids,
      'out',
    );
    const logged = redactLine(
      JSON.stringify({ jsonrpc: '2.0', id: 'rt-1', result: { value: 'sk-very-secret' } }),
      ids,
      'in',
    );
    expect(logged).not.toContain('sk-very-secret');
    expect(logged).toContain('[secret redacted]');
  });
});
