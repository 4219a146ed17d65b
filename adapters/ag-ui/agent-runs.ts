import type { AbstractAgent, RunAgentParameters, Tool } from '@ag-ui/client';
import type { AgentDialogs } from './agent-dialogs.ts';
import type { AgentPrograms } from './agent-programs.ts';
import type { Conversation } from './conversation.ts';
import type { ConversationView } from './conversation-view.ts';
import type { EventGate } from './event-gate.ts';
import { ASK_USER_TOOL, askUser } from './frontend-tools.ts';
import { answerInterrupt } from './interrupt-dialog.ts';
import type { Report } from './issue-notes.ts';
import type { StateShare } from './state-share.ts';
import type { ToolCallView } from './tool-call.ts';

/** How one `run` (with the runs it continued into: interrupts answered, frontend tools run) ended. */
export type AgUiRunOutcome = { status: 'finished' } | { status: 'error'; message: string } | { status: 'cancelled' };

/** What the runs work with: the connection's other units. */
export interface AgentRunParts {
  agent: AbstractAgent;
  /** Mount and message ids start with it. */
  prefix: string;
  /** The frontend tools offered on every run. */
  tools: Tool[];
  /** Automatic runs in a row (frontend tool results, answered interrupts) before it stops and says so. */
  maxContinuations: number;
  gate: EventGate;
  conversation: Conversation;
  view: ConversationView;
  state: StateShare;
  dialogs: AgentDialogs;
  programs: AgentPrograms;
  report: Report;
}

/**
 * The agent's runs: one at a time (queued), each continued automatically after frontend tools and
 * answered interrupts, up to `maxContinuations` in a row.
 */
export class AgentRuns {
  /** Set on close: no run starts after it. */
  closed = false;
  /** The run in progress and those queued behind it. */
  #chain: Promise<unknown> = Promise.resolve();
  /** Numbers the ids of the messages the host adds. */
  #counter = 0;
  readonly #ours: Set<string>;
  readonly #parts: AgentRunParts;

  constructor(parts: AgentRunParts) {
    this.#parts = parts;
    this.#ours = new Set(parts.tools.map((t) => t.name));
  }

  /** Runs the agent on the conversation as it stands (queued behind a run in progress). */
  run(parameters: RunAgentParameters = {}): Promise<AgUiRunOutcome> {
    return this.#queue(() => this.#runOnce(parameters));
  }

  /** Adds the user's text as a message and runs the agent (queued behind a run in progress). */
  send(text: string): Promise<AgUiRunOutcome> {
    return this.#queue(() => {
      const { conversation, agent, dialogs } = this.#parts;
      const id = this.#messageId('user');
      conversation.text(id, 'user');
      conversation.append(id, text);
      conversation.end(id);
      agent.addMessage({ id, role: 'user', content: text });
      dialogs.userActed();
      return this.#runOnce({});
    });
  }

  #queue(next: () => Promise<AgUiRunOutcome>): Promise<AgUiRunOutcome> {
    const result = this.#chain.then(next);
    this.#chain = result.catch(() => undefined);
    return result;
  }

  #messageId(kind: string): string {
    return `${this.#parts.prefix}-${kind}-${(this.#counter += 1)}-${Date.now().toString(36)}`;
  }

  async #runOnce(parameters: RunAgentParameters): Promise<AgUiRunOutcome> {
    const { agent, gate, view, state, report, maxContinuations } = this.#parts;
    let continuations = 0;
    let next: RunAgentParameters | undefined = parameters;
    while (next !== undefined && !this.closed) {
      gate.beginRun();
      try {
        await agent.runAgent({ ...next, tools: [...this.#parts.tools, ...(next.tools ?? [])] });
      } catch (error) {
        gate.runError ??= error instanceof Error ? error.message : String(error);
      }
      next = undefined;
      // The next run's input carries the latest state, not the one of the last frame.
      state.flush();
      const ended = gate.finish;
      if (gate.runError !== undefined) {
        await view.renderNow();
        return { status: 'error', message: gate.runError };
      }
      if (ended?.outcome === 'cancelled') break;
      if (continuations >= maxContinuations) {
        report(
          'too_many_continuations',
          `the agent was run ${maxContinuations} times in a row without the user; stopped (send a message to go on)`,
        );
        break;
      }
      if (ended?.outcome === 'interrupt') {
        view.status = { label: 'Waiting for you', tone: 'warning' };
        await view.renderNow();
        const resume = [];
        for (const interrupt of ended.interrupts.slice(0, 20))
          resume.push(await answerInterrupt(this.#parts.dialogs, interrupt));
        next = { resume };
      } else if (ended?.outcome === 'success') {
        if (await this.#answerTools(ended.pending)) next = {};
      }
      continuations += 1;
    }
    await view.renderNow();
    return gate.finish?.outcome === 'cancelled' ? { status: 'cancelled' } : { status: 'finished' };
  }

  /** Runs the host's own pending tool calls and adds their results; true when there were any. */
  async #answerTools(pending: string[]): Promise<boolean> {
    const { conversation, agent, view: screen } = this.#parts;
    const mine = pending
      .map((id) => conversation.calls.get(id))
      .filter((v): v is ToolCallView => v !== undefined && this.#ours.has(v.name));
    for (const view of mine) {
      const result = await this.#runTool(view);
      view.result = result.slice(0, 4000);
      view.status = 'answered';
      agent.addMessage({ id: this.#messageId('result'), role: 'tool', toolCallId: view.id, content: result });
      screen.schedule();
    }
    return mine.length > 0;
  }

  async #runTool(view: ToolCallView): Promise<string> {
    if (view.status === 'refused' || view.value === undefined)
      return JSON.stringify({ error: `the call was refused: ${view.error ?? 'no arguments'}` });
    view.status = 'running';
    this.#parts.view.schedule();
    if (view.name === ASK_USER_TOOL.name) return askUser(this.#parts.dialogs, view.value);
    return this.#parts.programs.run(view.value);
  }
}
