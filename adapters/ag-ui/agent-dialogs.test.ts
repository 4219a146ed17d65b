import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { from, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { HostDialogs } from '../../renderer/dialogs/host-dialogs.ts';
import { headlessTarget } from '../a2ui/testing/headless-target.ts';
import { connectAgUi, type AgUiIssue, type AgUiRenderer } from './connect-ag-ui.ts';

/** A real @ag-ui/client agent: each run replays the next scripted list of events. */
class ScriptedAgent extends AbstractAgent {
  scripts: Array<Array<Record<string, unknown>>> = [];
  inputs: RunAgentInput[] = [];
  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return from((this.scripts.shift() ?? []) as BaseEvent[]);
  }
}

/** The renderer's dialogs as the adapter sees them, recording every params object it was asked to draw; the agent's dialogs are dismissed, the block offer accepted. */
function recordingDialogs() {
  const shown: Array<Record<string, unknown>> = [];
  const dialogs: HostDialogs = {
    confirm: (params) => (shown.push({ ...params }), Promise.resolve({ ok: params.title.startsWith('Block dialogs') })),
    prompt: (params) => (shown.push({ ...params }), Promise.resolve({ value: null })),
    pick: (params) => (shown.push({ ...params }), Promise.resolve({ ids: [] })),
    open: false,
    blocked: [],
    unblock: () => false,
  };
  return { dialogs, shown };
}

const interruptRun = (run: string, ...interrupts: Array<Record<string, unknown>>) => [
  { type: EventType.RUN_STARTED, threadId: 't', runId: run },
  { type: EventType.RUN_FINISHED, threadId: 't', runId: run, outcome: { type: 'interrupt', interrupts } },
];
const done = (run: string) => [
  { type: EventType.RUN_STARTED, threadId: 't', runId: run },
  { type: EventType.RUN_FINISHED, threadId: 't', runId: run },
];

function setup(options: Parameters<typeof connectAgUi>[2] = {}) {
  const target = headlessTarget();
  const agent = new ScriptedAgent({ agentId: 'travel-bot', threadId: 't' });
  const issues: AgUiIssue[] = [];
  const { dialogs, shown } = recordingDialogs();
  const renderer = {
    ...target,
    attach: () => Promise.reject(new Error('no sandbox here')),
    detach: () => Promise.resolve(),
    snapshot: () => target.tree(),
    dialogs,
  } as unknown as AgUiRenderer;
  const connection = connectAgUi(renderer, agent, { ...options, onIssue: (issue) => issues.push(issue) });
  return { agent, issues, shown, connection };
}

describe("the agent's dialogs carry its name and the gate programs' dialogs have", () => {
  it('names the agent in the banner and refuses credential wording, answering the interrupt with why', async () => {
    const { agent, shown, issues, connection } = setup();
    agent.scripts.push(
      interruptRun('r1', { id: 'i1', reason: 'Approve the booking?', message: 'Lisbon, 2 seats' }),
      interruptRun('r2', {
        id: 'i2',
        reason: 'Session expired',
        message: 'Enter your password to continue',
        responseSchema: { type: 'string' },
      }),
      done('r3'),
    );
    expect(await connection.send('book it')).toEqual({ status: 'finished' });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Approve the booking?', origin: 'travel-bot', originKind: 'agent' });
    // The credential question never reached the page; the agent was told why on the resume.
    const resume = agent.inputs[2]?.resume;
    expect(resume?.[0]).toMatchObject({
      interruptId: 'i2',
      status: 'cancelled',
      payload: { reason: 'credential-wording' },
    });
    expect((resume?.[0]?.payload as { error: string }).error).toContain('"password"');
    expect(issues.map((i) => i.code)).toContain('dialog_refused');
  });

  it('caps dialogs per user message and offers the block after repeated dismissals; a blocked agent opens none', async () => {
    const { agent, shown, connection } = setup({ dialogs: { perSend: 2, blockOfferAfter: 3 }, maxContinuations: 20 });
    agent.scripts.push(
      interruptRun('r1', { id: 'a', reason: 'ok?' }),
      interruptRun('r2', { id: 'b', reason: 'ok?' }),
      interruptRun('r3', { id: 'c', reason: 'ok?' }),
      done('r4'),
    );
    await connection.send('one');
    // Two dialogs drawn for the agent; the third refused for the cap, not drawn.
    expect(shown.map((p) => p.origin)).toEqual(['travel-bot', 'travel-bot']);
    expect(agent.inputs[3]?.resume?.[0]).toMatchObject({
      interruptId: 'c',
      status: 'cancelled',
      payload: { reason: 'too-many-dialogs' },
    });
    // A new message of the user allows more; the third dismissal brings the host's own offer (no origin banner).
    agent.scripts.push(interruptRun('r5', { id: 'd', reason: 'ok?' }), done('r6'));
    await connection.send('two');
    expect(shown).toHaveLength(4);
    expect(shown[3]).toMatchObject({ title: 'Block dialogs from “travel-bot”?' });
    expect(shown[3]).not.toHaveProperty('origin');
    agent.scripts.push(interruptRun('r7', { id: 'e', reason: 'ok?' }), done('r8'));
    await connection.send('three');
    expect(shown).toHaveLength(4);
    expect(agent.inputs.at(-1)?.resume?.[0]).toMatchObject({
      interruptId: 'e',
      status: 'cancelled',
      payload: { reason: 'dialogs-blocked' },
    });
  });
});
