import {
  EventType,
  type AbstractAgent,
  type AgentStateMutation,
  type AgentSubscriber,
  type BaseEvent,
  type Interrupt,
  type Message,
} from '@ag-ui/client';
import type { AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import { A2UI_ACTIVITY, type A2uiActivities } from './a2ui-activities.ts';
import { BoundedHttpAgent, REFUSED_EVENT } from './bounded-http-agent.ts';
import type { Conversation } from './conversation.ts';
import type { ConversationView } from './conversation-view.ts';
import type { IssueNotes } from './issue-notes.ts';
import type { StateShare } from './state-share.ts';
import type { ToolCallView } from './tool-call.ts';

/** How the client said the last run ended (set by the subscriber during the run). */
export type RunFinish =
  | { outcome: 'success'; pending: string[] }
  | { outcome: 'interrupt'; interrupts: Interrupt[] }
  | { outcome: 'cancelled' };

/** What the gate works on: the connection's other units. */
export interface EventGateParts {
  agent: AbstractAgent;
  limits: AgUiLimits;
  conversation: Conversation;
  view: ConversationView;
  state: StateShare;
  a2ui: A2uiActivities;
  notes: IssueNotes;
  /** STATE_DELTA events accepted per second. */
  maxDeltasPerSecond: number;
  onEvent?(event: BaseEvent): void;
}

type AgentEvent = BaseEvent & Record<string, unknown>;
type Verdict = AgentStateMutation | undefined;

const STOP: AgentStateMutation = { stopPropagation: true };

/**
 * The agent's one gate: it sees each event before `@ag-ui/client` applies it, shows it, and stops
 * the ones that must not be applied (a refused patch, text past its bound, tool arguments, which it
 * parses once instead of on every delta). It holds the run's bounds and how the run ended.
 */
export class EventGate {
  /** How the run in progress ended, once the client says so. */
  finish: RunFinish | undefined;
  /** Why the run in progress failed (a bound that stopped it, the agent's RUN_ERROR, a thrown run). */
  runError: string | undefined;
  /** Messages and tool calls the run in progress opened: past `maxMessages` the run is stopped. */
  #starts = 0;
  #deltaWindow = { start: 0, count: 0 };
  readonly #parts: EventGateParts;

  constructor(parts: EventGateParts) {
    this.#parts = parts;
  }

  /** Forgets the last run's ending before the next run. */
  beginRun(): void {
    this.finish = undefined;
    this.runError = undefined;
  }

  /** The subscriber to hand `agent.subscribe`. */
  subscriber(): AgentSubscriber {
    return {
      onEvent: ({ event, messages }) => this.#gate(event as AgentEvent, messages),
      onRunFinishedEvent: (params) => {
        this.finish =
          params.outcome === 'success'
            ? { outcome: 'success', pending: params.pendingToolCallIds }
            : params.outcome === 'interrupt'
              ? { outcome: 'interrupt', interrupts: params.interrupts }
              : { outcome: 'cancelled' };
      },
      onRunFailed: ({ error }) => {
        // A bound that stopped the run already said why; the client's complaint about the events it then lacked
        // would hide it.
        this.runError ??= error.message.slice(0, 2000);
        this.#parts.view.status = { label: 'Error', tone: 'error', detail: this.runError.slice(0, 300) };
        this.#parts.notes.report('run_failed', `the run stopped: ${this.runError}`);
      },
    };
  }

  #gate(event: AgentEvent, messages: ReadonlyArray<Readonly<Message>>): Verdict {
    this.#parts.onEvent?.(event);
    const verdict = this.#run(event) ?? this.#text(event) ?? this.#tool(event, messages) ?? this.#other(event);
    if (verdict === 'shown') {
      this.#parts.view.schedule();
      return undefined;
    }
    return verdict;
  }

  /** The run's lifecycle and steps. */
  #run(e: AgentEvent): Verdict | 'shown' | null {
    const { view, conversation, state } = this.#parts;
    switch (e.type) {
      case EventType.RUN_STARTED:
        view.status = { label: 'Running', tone: 'info' };
        this.#starts = 0;
        return 'shown';
      case EventType.RUN_FINISHED:
        state.flush();
        view.status = { label: 'Finished', tone: 'success' };
        return 'shown';
      case EventType.RUN_ERROR: {
        const code = typeof e.code === 'string' ? ` (${e.code.slice(0, 80)})` : '';
        this.runError = `${String(e.message).slice(0, 2000)}${code}`;
        view.status = { label: 'Error', tone: 'error', detail: this.runError.slice(0, 300) };
        conversation.note('error', 'The run failed', this.runError);
        this.#parts.notes.tell('run_error', this.runError);
        return 'shown';
      }
      case EventType.STEP_STARTED:
      case EventType.STEP_FINISHED:
        conversation.step(String(e.stepName), e.type === EventType.STEP_FINISHED);
        return 'shown';
      default:
        return null;
    }
  }

  /** Text and reasoning messages, bounded by the conversation. */
  #text(e: AgentEvent): Verdict | 'shown' | null {
    const { conversation } = this.#parts;
    switch (e.type) {
      case EventType.TEXT_MESSAGE_START:
      case EventType.REASONING_MESSAGE_START: {
        if (this.#tooManyStarts()) return STOP;
        const role =
          e.type === EventType.REASONING_MESSAGE_START
            ? 'reasoning'
            : typeof e.role === 'string'
              ? e.role
              : 'assistant';
        conversation.text(String(e.messageId), role);
        return 'shown';
      }
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_CONTENT:
        return conversation.append(String(e.messageId), String(e.delta)) ? 'shown' : STOP;
      case EventType.TEXT_MESSAGE_END:
      case EventType.REASONING_MESSAGE_END:
        conversation.end(String(e.messageId));
        return 'shown';
      default:
        return null;
    }
  }

  /** Tool calls: the arguments are parsed here once, and the client gets them whole at the end. */
  #tool(e: AgentEvent, messages: ReadonlyArray<Readonly<Message>>): Verdict | 'shown' | null {
    const { conversation, view: screen } = this.#parts;
    const call = (): ToolCallView | undefined => conversation.calls.get(String(e.toolCallId));
    switch (e.type) {
      case EventType.TOOL_CALL_START:
        if (this.#tooManyStarts()) return STOP;
        conversation.toolCall(String(e.toolCallId), String(e.toolCallName));
        return 'shown';
      case EventType.TOOL_CALL_ARGS: {
        const view = call();
        this.#reportRefusal(view, () => view?.push(String(e.delta)));
        screen.schedule();
        // The arguments are kept here, parsed once; @ag-ui/client would re-parse the whole buffer per delta.
        return STOP;
      }
      case EventType.TOOL_CALL_END: {
        const view = call();
        if (view === undefined) return 'shown';
        this.#reportRefusal(view, () => view.end());
        screen.schedule();
        return { messages: withArguments(messages, view) };
      }
      case EventType.TOOL_CALL_RESULT: {
        const view = call();
        if (view !== undefined) {
          view.result =
            typeof e.content === 'string' ? e.content.slice(0, 4000) : JSON.stringify(e.content)?.slice(0, 4000);
          view.status = 'answered';
        }
        return 'shown';
      }
      default:
        return null;
    }
  }

  /** State, snapshots, activities and the host's own refusals. */
  #other(e: AgentEvent): Verdict | 'shown' {
    const { notes, conversation } = this.#parts;
    switch (e.type) {
      case EventType.STATE_SNAPSHOT: {
        const refused = this.#parts.state.store.snapshot(e.snapshot);
        if (refused !== undefined) notes.report('bad_state', `a STATE_SNAPSHOT was refused: ${refused}`);
        // Not handed to the client per event: the state share writes the latest state once per frame.
        return STOP;
      }
      case EventType.STATE_DELTA:
        return this.#stateDelta(e);
      case EventType.MESSAGES_SNAPSHOT:
        conversation.restore(e.messages as Message[]);
        return 'shown';
      case EventType.ACTIVITY_SNAPSHOT:
        if (e.activityType === A2UI_ACTIVITY) this.#parts.a2ui.apply(e.content);
        else
          notes.report(
            'unsupported_activity',
            `an activity of type ${JSON.stringify(String(e.activityType).slice(0, 60))} is not shown ` +
              `(this host renders "${A2UI_ACTIVITY}")`,
          );
        return 'shown';
      case EventType.CUSTOM: {
        const { agent } = this.#parts;
        // SECURITY: only refusals BoundedHttpAgent created speak as "suip"; an agent's CUSTOM of that name is its own.
        if (e.name === REFUSED_EVENT && agent instanceof BoundedHttpAgent && agent.ownsRefusal(e.value)) {
          const value = (typeof e.value === 'object' && e.value !== null ? e.value : {}) as {
            code?: unknown;
            message?: unknown;
          };
          notes.report(String(value.code).slice(0, 80), String(value.message).slice(0, 2000));
        }
        return 'shown';
      }
      default:
        return 'shown';
    }
  }

  #stateDelta(e: AgentEvent): Verdict {
    const max = this.#parts.maxDeltasPerSecond;
    const now = performance.now();
    if (now - this.#deltaWindow.start >= 1000) this.#deltaWindow = { start: now, count: 0 };
    this.#deltaWindow.count += 1;
    // SECURITY: bounded: a flood of patches is stopped, said once, instead of applied without end.
    if (this.#deltaWindow.count > max) {
      if (this.#deltaWindow.count === max + 1)
        this.stopRun(
          'state_flood',
          `the agent sent more than ${max} STATE_DELTA events in one second (maxStateDeltasPerSecond); ` +
            'the run was stopped',
        );
      return STOP;
    }
    const refused = this.#parts.state.store.delta(e.delta);
    if (refused !== undefined) this.#parts.notes.report('bad_patch', `a STATE_DELTA was refused: ${refused}`);
    return STOP;
  }

  #tooManyStarts(): boolean {
    const { maxMessages } = this.#parts.limits;
    this.#starts += 1;
    if (this.#starts <= maxMessages) return false;
    // SECURITY: bounded per run: @ag-ui/client keeps every message it is handed, and each start costs the page an
    // entry.
    if (this.#starts === maxMessages + 1)
      this.stopRun(
        'too_many_messages',
        `the agent opened more than ${maxMessages} messages and tool calls in one run (maxMessages); ` +
          'the run was stopped',
      );
    return true;
  }

  /** Runs `step` on a streaming call and says so if it refused the call. */
  #reportRefusal(view: ToolCallView | undefined, step: () => void): void {
    const wasStreaming = view?.status === 'streaming';
    step();
    if (wasStreaming && view?.status === 'refused')
      this.#parts.notes.report(
        'tool_call_refused',
        `tool call "${view.name.slice(0, 80)}" ${view.error ?? ''}`,
        view.id,
      );
  }

  /** Ends the run in progress with an error the run's outcome carries. */
  stopRun(code: string, message: string): void {
    this.runError = message;
    this.#parts.view.status = { label: 'Error', tone: 'error', detail: message };
    this.#parts.notes.report(code, message);
    // Any agent's run ends on detach (abortRun is a no-op outside HttpAgent, where it also aborts the request).
    this.#parts.agent.abortRun();
    void this.#parts.agent.detachActiveRun();
  }
}

/** The client's messages with the call's parsed arguments written in once. */
function withArguments(messages: ReadonlyArray<Readonly<Message>>, view: ToolCallView): Message[] {
  const args = view.value === undefined ? '{}' : JSON.stringify(view.value);
  return messages.map((m) =>
    m.role === 'assistant' && m.toolCalls?.some((c) => c.id === view.id)
      ? {
          ...m,
          toolCalls: m.toolCalls.map((c) =>
            c.id === view.id ? { ...c, function: { ...c.function, arguments: args } } : c,
          ),
        }
      : m,
  ) as Message[];
}
