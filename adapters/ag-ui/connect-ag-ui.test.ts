import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Subject, type Observable } from 'rxjs';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { headlessTarget } from '../a2ui/testing/headless-target.ts';
import { connectAgUi, type AgUiIssue, type AgUiRenderer } from './connect-ag-ui.ts';
import { Conversation } from './conversation.ts';
import { checkUrlCredentials } from '../../core/policy/url-policy.ts';
import type { GroupParticle, Particle } from '../../shared/index.ts';

/** A real @ag-ui/client agent whose run is a Subject the test pushes events into. */
class ScriptedAgent extends AbstractAgent {
  events = new Subject<BaseEvent>();
  inputs: RunAgentInput[] = [];
  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return this.events.asObservable();
  }
}

type Node = { group?: Array<[string, Node]>; text?: string };
const texts = (node: Node): string[] => [
  ...(node.text === undefined ? [] : [node.text]),
  ...(node.group ?? []).flatMap(([, child]) => texts(child)),
];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: Parameters<typeof connectAgUi>[2] = {}) {
  const target = headlessTarget();
  const agent = new ScriptedAgent({ threadId: 't1', initialState: { todos: [] } });
  const issues: AgUiIssue[] = [];
  const renderer = {
    ...target,
    attach: () => Promise.reject(new Error('no sandbox here')),
    detach: () => Promise.resolve(),
    snapshot: () => target.tree(),
    dialogs: undefined as never,
  } as unknown as AgUiRenderer;
  const connection = connectAgUi(renderer, agent, { ...options, onIssue: (issue) => issues.push(issue) });
  const shown = async () => {
    await tick();
    await connection.settle();
    return texts(target.tree() as Node).join('\n');
  };
  const emit = async (...events: Array<Record<string, unknown>>) => {
    for (const event of events) agent.events.next(event as BaseEvent);
    await tick();
  };
  return { target, agent, issues, connection, shown, emit };
}

describe('connectAgUi against the real @ag-ui/client pipeline and the real renderer session', () => {
  it('streams text into a message and shows a tool call whose arguments are parsed as they stream', async () => {
    const { agent, connection, shown, emit, target } = setup();
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hello, ' },
    );
    expect(await shown()).toContain('Hello, ');
    await emit(
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'world.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
    );
    expect(await shown()).toContain('Hello, world.');
    await emit(
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'search_flights' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"to": "Lis' },
    );
    const partial = await shown();
    expect(partial).toContain('Tool call: search_flights');
    expect(partial).toContain('Lis');
    await emit(
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: 'bon", "seats": 2}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    expect(await done).toEqual({ status: 'finished' });
    const text = await shown();
    expect(text).toContain('Lisbon');
    expect(text).toContain('2');
    // @ag-ui/client's own record holds the arguments the adapter parsed once (it skipped per-delta re-parsing).
    const call = agent.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))[0];
    expect(JSON.parse(call!.function.arguments)).toEqual({ to: 'Lisbon', seats: 2 });
    expect(target.violations).toEqual([]);
  });

  it('keeps the state: deltas reach the data plane, a bad patch is refused whole and the state stays', async () => {
    const { agent, connection, issues, emit } = setup();
    const inputs: unknown[] = [];
    connection.shareState({ input: (channel, value) => inputs.push([channel, value]) });
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/todos/-', value: { title: 'milk' } }] },
    );
    expect(connection.state).toEqual({ todos: [{ title: 'milk' }] });
    await emit({
      type: EventType.STATE_DELTA,
      delta: [
        { op: 'add', path: '/todos/-', value: { title: 'eggs' } },
        { op: 'remove', path: '/nope' },
      ],
    });
    expect(connection.state).toEqual({ todos: [{ title: 'milk' }] });
    expect(issues.find((i) => i.code === 'bad_patch')?.message).toContain('operation 1 (remove "/nope")');
    await emit(
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/todos/0/title', value: 'oat milk' }] },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    await done;
    expect(agent.state).toEqual({ todos: [{ title: 'oat milk' }] });
    // Programs get the latest state once per frame (the deltas here came within one), never a stale one.
    expect(inputs.at(-1)).toEqual(['agui.state', { todos: [{ title: 'oat milk' }] }]);
    expect(inputs.length).toBeLessThanOrEqual(3);
  });

  it('restores a conversation from MESSAGES_SNAPSHOT', async () => {
    const { agent, connection, shown, emit } = setup();
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: 'Book me a flight' },
          {
            id: 'a1',
            role: 'assistant',
            content: 'Where to?',
            toolCalls: [{ id: 'c9', type: 'function', function: { name: 'lookup', arguments: '{"city":"Oslo"}' } }],
          },
          { id: 'r9', role: 'tool', toolCallId: 'c9', content: 'found 3' },
        ],
      },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    await done;
    const text = await shown();
    for (const expected of ['Book me a flight', 'Where to?', 'Tool call: lookup', 'Oslo', 'found 3'])
      expect(text).toContain(expected);
  });

  it('bounds a never-ending text message and refuses oversize tool arguments; the next run still works', async () => {
    const { agent, connection, issues, shown, emit } = setup({
      limits: { maxTextChars: 1000, maxToolArgsChars: 5000 },
    });
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
    );
    for (let i = 0; i < 200; i += 1)
      agent.events.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'x'.repeat(100) } as BaseEvent);
    await emit(
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'big', toolCallName: 'suip_render_program' },
    );
    for (let i = 0; i < 10; i += 1)
      agent.events.next({
        type: EventType.TOOL_CALL_ARGS,
        toolCallId: 'big',
        delta: (i === 0 ? '{"code":"' : '') + 'y'.repeat(1000),
      } as BaseEvent);
    await emit(
      { type: EventType.TOOL_CALL_END, toolCallId: 'big' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    await done;
    const message = agent.messages.find((m) => m.id === 'm1');
    expect((message?.content as string).length).toBe(1000);
    expect(issues.map((i) => i.code)).toEqual(expect.arrayContaining(['text_too_long', 'tool_call_refused']));
    const text = await shown();
    expect(text).toContain('19000 more characters were not shown');
    expect(text).toContain('passed 5000 characters');
    // The refused frontend call was answered with its error (never run), so the thread stays valid.
    const result = agent.messages.find((m) => m.role === 'tool' && m.toolCallId === 'big');
    expect(result?.content).toContain('refused');

    agent.events = new Subject<BaseEvent>();
    const again = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r2' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r2' },
    );
    agent.events.complete();
    expect(await again).toEqual({ status: 'finished' });
  });

  it('shows an out-of-order event as the run failing, then runs again', async () => {
    const { agent, connection, issues, shown, emit } = setup();
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'ghost', delta: 'boo' },
    );
    const outcome = await done;
    expect(outcome.status).toBe('error');
    expect(issues.find((i) => i.code === 'run_failed')?.message).toContain(
      "No active text message found with ID 'ghost'",
    );
    expect(await shown()).toContain('the run stopped');
    agent.events = new Subject<BaseEvent>();
    const again = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r2' },
      { type: EventType.RUN_ERROR, message: 'model unavailable', code: 'model_not_configured' },
    );
    agent.events.complete();
    expect(await again).toEqual({ status: 'error', message: 'model unavailable (model_not_configured)' });
    expect(await shown()).toContain('The run failed');
  });
});

describe('connectAgUi says what it drops', () => {
  it('an A2UI activity past 1000 operations is cut with an issue and a visible note, not silently', async () => {
    const { agent, connection, issues, shown, emit } = setup();
    const done = connection.run();
    await tick();
    const operations = Array.from({ length: 1005 }, () => ({ version: 'v0.9', deleteSurface: { surfaceId: 'none' } }));
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: 'a1',
        activityType: 'a2ui-surface',
        content: { a2ui_operations: operations },
      },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    await done;
    const cut = issues.find((i) => i.code === 'a2ui_operations_cut');
    expect(cut?.message).toContain('1005 operations; the first 1000 were applied and the other 5 dropped');
    expect(await shown()).toContain('the other 5 dropped');
  });
});

describe('connectAgUi keeps the transcript alive', () => {
  it('shows finished text holding a URL with credentials as plain text with a note; later messages still show', async () => {
    const { agent, connection, issues, shown, emit, target } = setup();
    const done = connection.run();
    await tick();
    await emit(
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
      {
        type: EventType.TEXT_MESSAGE_CONTENT,
        messageId: 'm1',
        delta: 'Clone **ssh://git@github.com/acme/app.git** first.',
      },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
    );
    const first = await shown();
    expect(first).toContain('Clone **ssh://git@github.com/acme/app.git** first.');
    expect(first).toContain('shown as plain text');
    // The browser renderer runs this rule on every group of a transaction and refuses the whole
    // transaction on a hit (this headless target does not): the transcript must pass it.
    const groups = (node: Particle): Particle[] =>
      'group' in node ? [node, ...node.group.flatMap(([, child]) => groups(child))] : [];
    expect(
      groups(target.tree() as Particle)
        .map((g) => checkUrlCredentials(g as GroupParticle))
        .filter(Boolean),
    ).toEqual([]);
    await emit(
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm2', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm2', delta: 'Then run *make*.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm2' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
    );
    agent.events.complete();
    await done;
    expect(await shown()).toContain('Then run *make*.');
    expect(issues.filter((i) => i.code === 'render_failed')).toEqual([]);
    expect(target.violations).toEqual([]);
  });
});

describe('connectAgUi bounds the messages of a run', () => {
  it('stops a run past maxMessages starts with an error naming the bound; the client keeps no more', async () => {
    const { agent, connection, issues, emit } = setup({ limits: { maxMessages: 10 } });
    const done = connection.run();
    await tick();
    await emit({ type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' });
    for (let i = 0; i < 30; i += 1) {
      agent.events.next({ type: EventType.TEXT_MESSAGE_START, messageId: `m${i}`, role: 'assistant' } as BaseEvent);
      agent.events.next({ type: EventType.TEXT_MESSAGE_END, messageId: `m${i}` } as BaseEvent);
    }
    agent.events.next({ type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' } as BaseEvent);
    agent.events.complete();
    const outcome = await done;
    expect(outcome.status).toBe('error');
    expect(outcome.status === 'error' && outcome.message).toContain(
      'more than 10 messages and tool calls in one run (maxMessages)',
    );
    expect(issues.map((i) => i.code)).toContain('too_many_messages');
    expect(agent.messages.length).toBeLessThanOrEqual(10);
  });

  it('prunes the agent-id indexes with the entries they point to', () => {
    const conversation = new Conversation({
      limits: { maxMessages: 5, maxTextChars: 100, maxToolArgsChars: 100 },
      onChange: () => undefined,
      report: () => undefined,
    });
    for (let i = 0; i < 1000; i += 1) {
      conversation.text(`m${i}`, 'assistant');
      conversation.step(`s${i}`, false);
    }
    expect(conversation.entries.size).toBe(10);
    expect(conversation.indexed).toBeLessThanOrEqual(10);
  });
});

describe('connectAgUi coalesces the state', () => {
  it('a burst of 150 deltas reaches a program and the client as a few copies of the latest state', async () => {
    const { agent, connection, emit } = setup();
    const inputs: unknown[] = [];
    connection.shareState({ input: (_channel, value) => inputs.push(value) });
    const done = connection.run();
    await tick();
    await emit({ type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' });
    for (let i = 0; i < 150; i += 1)
      agent.events.next({
        type: EventType.STATE_DELTA,
        delta: [{ op: 'add', path: '/todos/-', value: i }],
      } as BaseEvent);
    await emit({ type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' });
    agent.events.complete();
    await done;
    expect((agent.state as { todos: number[] }).todos).toHaveLength(150);
    expect((inputs.at(-1) as { todos: number[] }).todos).toHaveLength(150);
    // The initial feed, then at most a couple of frames' worth: not one whole-state copy per delta.
    expect(inputs.length).toBeLessThanOrEqual(3);
  });

  it('stops a run past maxStateDeltasPerSecond with an error naming the bound', async () => {
    const { agent, connection, issues, emit } = setup({ maxStateDeltasPerSecond: 100 });
    // The 150 deltas fall in one second of the gate's clock however slowly a busy machine hands them on (at load ~30
    // they once spanned more than a second, and the bound was, rightly, not reached).
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    onTestFinished(() => clock.mockRestore());
    const done = connection.run();
    await tick();
    await emit({ type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' });
    for (let i = 0; i < 150; i += 1)
      agent.events.next({
        type: EventType.STATE_DELTA,
        delta: [{ op: 'add', path: '/todos/-', value: i }],
      } as BaseEvent);
    agent.events.next({ type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' } as BaseEvent);
    agent.events.complete();
    const outcome = await done;
    expect(outcome.status === 'error' && outcome.message).toContain(
      'more than 100 STATE_DELTA events in one second (maxStateDeltasPerSecond)',
    );
    expect(issues.map((i) => i.code)).toContain('state_flood');
    expect((connection.state as { todos: number[] }).todos).toHaveLength(100);
  });
});
