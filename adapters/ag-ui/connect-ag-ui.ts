import type { AbstractAgent, BaseEvent, RunAgentParameters } from '@ag-ui/client';
import type { Renderer } from '../../renderer/renderer-types.ts';
import { DEFAULT_AG_UI_LIMITS, type AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import { AgentDialogs, type AgentDialogLimits } from './agent-dialogs.ts';
import { AgentPrograms } from './agent-programs.ts';
import { AgentRuns, type AgentRunParts, type AgUiRunOutcome } from './agent-runs.ts';
import { A2UI_ACTIVITY, createA2uiActivities } from './a2ui-activities.ts';
import { Conversation } from './conversation.ts';
import { ConversationView } from './conversation-view.ts';
import { EventGate } from './event-gate.ts';
import { ASK_USER_TOOL, RENDER_PROGRAM_TOOL } from './frontend-tools.ts';
import { IssueNotes, type AgUiIssue } from './issue-notes.ts';
import { StateShare } from './state-share.ts';

export { A2UI_ACTIVITY };
/** The default data-plane channel on which programs receive the agent state. */
export const STATE_CHANNEL = 'agui.state';

export type { AgUiIssue, AgUiRunOutcome };

/** What `connectAgUi` needs of a renderer (the public `Renderer` has it all). */
export type AgUiRenderer = Pick<Renderer, 'attach' | 'attachRemote' | 'detach' | 'snapshot' | 'dialogs'> &
  Partial<Pick<Renderer, 'onTraffic'>>;

/** Options of `connectAgUi`. */
export interface AgUiOptions {
  /** Mount id prefix (default `agui`): `<prefix>-transcript`, `<prefix>-program-1`, `<prefix>-a2ui-1`, … */
  idPrefix?: string;
  limits?: Partial<AgUiLimits>;
  /** Frontend tools offered to the agent (default both): `program` = `suip_render_program`, `ask` = `suip_ask_user`. */
  tools?: { program?: boolean; ask?: boolean };
  /** The data-plane channel programs read the agent state on (default `agui.state`). */
  stateChannel?: string;
  /** The agent's name in the banner of every dialog it opens (default the agent's `agentId`, else "AG-UI agent"). */
  agentName?: string;
  /** Bounds of the agent's dialogs: per user message, and when to offer blocking them. */
  dialogs?: Partial<AgentDialogLimits>;
  /** Programs (`suip_render_program`) kept on screen at once (default 4): past it the oldest is detached and said. */
  maxPrograms?: number;
  /**
   * STATE_DELTA events accepted per second (default 200): past it the run is stopped with an error naming the bound.
   */
  maxStateDeltasPerSecond?: number;
  /** Automatic runs in a row (frontend tool results, answered interrupts) before it stops and says so (default 8). */
  maxContinuations?: number;
  onIssue?(issue: AgUiIssue): void;
  /** Every event as it arrived (devtools). */
  onEvent?(event: BaseEvent): void;
}

/** A connected AG-UI agent. */
export interface AgUiConnection {
  /** Adds the user's text as a message and runs the agent (queued behind a run in progress). */
  send(text: string): Promise<AgUiRunOutcome>;
  /** Runs the agent on the conversation as it stands. */
  run(parameters?: RunAgentParameters): Promise<AgUiRunOutcome>;
  /** Aborts the run in progress (a never-ending stream, a user's Stop). */
  stop(): void;
  /** The agent state as the host holds it (validated, bounded). */
  readonly state: unknown;
  /** Sends the state to a generator's data plane now and on every change; returns an unsubscribe. */
  shareState(handle: { input(channel: string, value: unknown): void }): () => void;
  /** Renders every pending change now. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects any `@ag-ui/client` agent (an `HttpAgent` over SSE, a `BoundedHttpAgent`, any
 * `AbstractAgent`, with middleware such as `A2UIMiddleware`) to a suip renderer. One in-page
 * generator shows the run as a `conversation`: text streams into `message` particles by append,
 * tool calls show as their arguments stream (the shared incremental parser), steps, errors and
 * refused events as notes; `MESSAGES_SNAPSHOT` rebuilds it. The agent state is kept here (atomic
 * JSON Patch, bounded) and shared on the data plane. Frontend tools run a program in a sandbox
 * or ask the user in a host dialog; interrupts are answered in host dialogs; A2UI activities go
 * through the A2UI bridge; the user's actions go back to the agent.
 *
 * The adapter is the agent's one gate: its `onEvent` sees each event before `@ag-ui/client`
 * applies it and stops the ones that must not be applied (a refused patch, text past its bound,
 * tool arguments, which it parses once instead of on every delta).
 */
export function connectAgUi(renderer: AgUiRenderer, agent: AbstractAgent, options: AgUiOptions = {}): AgUiConnection {
  const limits: AgUiLimits = { ...DEFAULT_AG_UI_LIMITS, ...options.limits };
  const prefix = options.idPrefix ?? 'agui';
  const tools = [
    ...(options.tools?.program === false ? [] : [RENDER_PROGRAM_TOOL]),
    ...(options.tools?.ask === false ? [] : [ASK_USER_TOOL]),
  ];
  // The units call each other through late-bound closures: each runs only after all are built.
  const notes = new IssueNotes(limits, options.onIssue, (tone, title, text) => conversation.note(tone, title, text));
  const { report } = notes;
  const view: ConversationView = new ConversationView(
    renderer,
    `${prefix}-transcript`,
    () => conversation.entries,
    report,
  );
  const conversation: Conversation = new Conversation({ limits, onChange: view.schedule, report });
  const dialogs = new AgentDialogs(
    renderer.dialogs,
    options.agentName ?? agent.agentId ?? 'AG-UI agent',
    options.dialogs,
    (r) => report('dialog_refused', `the agent's dialog was not shown (${r.refused}): ${r.message}`),
  );
  const state = new StateShare(agent, limits, options.stateChannel ?? STATE_CHANNEL, report);
  // A2UI (from @ag-ui/a2ui-middleware's activity snapshots) through the existing bridge.
  const a2ui = createA2uiActivities(renderer, {
    idPrefix: `${prefix}-a2ui`,
    report,
    onAction: (userAction) => void runs.run({ forwardedProps: { a2uiAction: { userAction } } }),
  });
  const gate = new EventGate({
    agent,
    limits,
    conversation,
    view,
    state,
    a2ui,
    notes,
    maxDeltasPerSecond: options.maxStateDeltasPerSecond ?? 200,
    onEvent: options.onEvent,
  });
  const subscription = agent.subscribe(gate.subscriber());
  const maxPrograms = Math.max(1, options.maxPrograms ?? 4);
  const programs: AgentPrograms = new AgentPrograms({
    renderer,
    prefix,
    maxPrograms,
    state,
    report,
    send: (t) => runs.send(t),
  });
  const maxContinuations = options.maxContinuations ?? 8;
  const parts: AgentRunParts = {
    agent,
    prefix,
    tools,
    maxContinuations,
    gate,
    conversation,
    view,
    state,
    dialogs,
    programs,
    report,
  };
  const runs: AgentRuns = new AgentRuns(parts);

  void view.renderNow();
  return {
    send: (text) => runs.send(text),
    run: (parameters) => runs.run(parameters),
    stop: () => agent.abortRun(),
    get state() {
      return state.store.value;
    },
    shareState(handle) {
      state.add(handle);
      return () => state.remove(handle);
    },
    async settle() {
      await view.renderNow();
      await a2ui.settle();
    },
    async close() {
      // Both before the first await: an action arriving while A2UI closes would otherwise still start a run.
      runs.closed = true;
      programs.stop();
      state.flush();
      subscription.unsubscribe();
      agent.abortRun();
      await a2ui.close();
      // Every program the agent put on screen goes with the connection (its sandbox too).
      await programs.close();
      await view.close();
    },
  };
}
