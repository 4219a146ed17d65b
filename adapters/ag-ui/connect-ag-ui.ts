import {
  EventType,
  type AbstractAgent,
  type AgentStateMutation,
  type AgentSubscriber,
  type BaseEvent,
  type Interrupt,
  type Message,
  type RunAgentParameters,
} from '@ag-ui/client';
import type { ModelParticle } from '../../generator/kit.ts';
import { createLocalGenerator } from '../../renderer/remote.ts';
import type { GeneratorHandle, Renderer } from '../../renderer/renderer-types.ts';
import { DEFAULT_AG_UI_LIMITS, type AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import type { AdapterIssue } from '../kit/issue.ts';
import { plainText as plain } from '../kit/text.ts';
import { createAgentState } from './agent-state.ts';
import { BoundedHttpAgent, REFUSED_EVENT } from './bounded-http-agent.ts';
import { ACTION_CHANNEL, ASK_USER_TOOL, RENDER_PROGRAM_TOOL, askUser, runProgram } from './frontend-tools.ts';
import { answerInterrupt } from './interrupt-dialog.ts';
import { AgentDialogs, type AgentDialogLimits } from './agent-dialogs.ts';
import { A2UI_ACTIVITY, createA2uiActivities } from './a2ui-activities.ts';
import { Conversation } from './conversation.ts';
import type { ToolCallView } from './tool-call.ts';
import { transcriptTree } from './transcript.ts';

export { A2UI_ACTIVITY };
/** Actions one program may turn into agent runs per minute. */
const ACTIONS_PER_MINUTE = 10;
/** The default data-plane channel on which programs receive the agent state. */
export const STATE_CHANNEL = 'agui.state';

/** An AG-UI problem as every adapter reports it. */
export type AgUiIssue = AdapterIssue & { adapter: 'ag-ui' };

/** How one `run` (with the runs it continued into: interrupts answered, frontend tools run) ended. */
export type AgUiRunOutcome = { status: 'finished' } | { status: 'error'; message: string } | { status: 'cancelled' };

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
  /** STATE_DELTA events accepted per second (default 200): past it the run is stopped with an error naming the bound. */
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

type Handle = Awaited<ReturnType<Renderer['attachRemote']>>;

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
  const stateChannel = options.stateChannel ?? STATE_CHANNEL;
  const tools = [
    ...(options.tools?.program === false ? [] : [RENDER_PROGRAM_TOOL]),
    ...(options.tools?.ask === false ? [] : [ASK_USER_TOOL]),
  ];
  const ours = new Set(tools.map((t) => t.name));
  const maxContinuations = options.maxContinuations ?? 8;

  let counter = 0;
  let notes = 0;
  let status: { label: string; tone: string; detail?: string } = { label: 'Ready', tone: 'neutral' };
  const state = createAgentState(agent.state ?? {}, limits);
  // `report` is a hoisted-by-use closure: it runs only once a dialog is refused, after setup.
  const dialogs = new AgentDialogs(
    renderer.dialogs,
    options.agentName ?? agent.agentId ?? 'AG-UI agent',
    options.dialogs,
    (r) => report('dialog_refused', `the agent's dialog was not shown (${r.refused}): ${r.message}`),
  );

  // --- rendering: one generator, one render per ~30 ms however many deltas arrive ---
  const transcript = createLocalGenerator<Handle>(renderer, {
    id: `${prefix}-transcript`,
    name: 'AG-UI conversation',
    originKind: 'agent',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let rendered: Promise<void> = Promise.resolve();
  let plainOnly = false;
  const statusParticle = (): ModelParticle => ({
    type: 'status',
    group: [
      ['label', plain(status.label)],
      ['tone', plain(status.tone)],
      ...(status.detail ? [['detail', plain(status.detail)] as const] : []),
    ],
  });
  const renderNow = () => {
    clearTimeout(timer);
    timer = undefined;
    rendered = transcript
      .then((g) => g.render(transcriptTree(conversation.entries, statusParticle(), plainOnly)))
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        if (plainOnly) return report('render_failed', `the conversation could not be shown: ${why}`, undefined, false);
        // The renderer refused the transaction whole, and would refuse every later one while the
        // entry stays: show everything as plain text from now on, with a visible note of why.
        plainOnly = true;
        report(
          'render_failed',
          `the conversation could not be shown as markdown, so it is shown as plain text from now on: ${why.slice(0, 500)}`,
        );
        return renderNow();
      });
    return rendered;
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(() => void renderNow(), 30);
  };

  const report = (code: string, message: string, subject?: string, show = true) => {
    options.onIssue?.({ adapter: 'ag-ui', code, message, ...(subject === undefined ? {} : { subject }) });
    // Every issue reaches onIssue; the page shows the first maxNotes and then says it stopped.
    if (!show || notes > limits.maxNotes) return;
    notes += 1;
    if (notes > limits.maxNotes)
      conversation.note(
        'warning',
        'More problems',
        `more than ${limits.maxNotes} problems; the rest go to onIssue only`,
      );
    else conversation.note('warning', code, message.slice(0, 2000));
  };
  const conversation = new Conversation({ limits, onChange: schedule, report });
  const calls = conversation.calls;

  // --- the state on the data plane ---
  const shared = new Set<{ input(channel: string, value: unknown): void }>();
  const feed = (handle: { input(channel: string, value: unknown): void }) => {
    try {
      handle.input(stateChannel, state.value);
    } catch (error) {
      shared.delete(handle);
      report(
        'state_not_delivered',
        `the state could not be sent to a program: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  // The state reaches programs and @ag-ui/client at most once per frame with the latest value:
  // each delivery copies the whole state (structured clone to a Worker, the client's own clone),
  // so per-delta delivery made a burst of small patches cost the state's size each.
  let stateDirty = false;
  let frame: ReturnType<typeof setTimeout> | number | undefined;
  const nextFrame = (run: () => void) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);
  const flushState = () => {
    if (typeof frame === 'number' && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    else clearTimeout(frame);
    frame = undefined;
    if (!stateDirty) return;
    stateDirty = false;
    // One copy per frame for the client (and its onStateChanged subscribers), not one per delta.
    agent.setState(state.value as Record<string, unknown>);
    shared.forEach(feed);
  };
  state.subscribe(() => {
    stateDirty = true;
    frame ??= nextFrame(flushState);
  });
  const maxDeltasPerSecond = options.maxStateDeltasPerSecond ?? 200;
  let deltaWindow = { start: 0, count: 0 };

  // --- A2UI (from @ag-ui/a2ui-middleware's activity snapshots) through the existing bridge ---
  const a2ui = createA2uiActivities(renderer, {
    idPrefix: `${prefix}-a2ui`,
    report,
    onAction: (userAction) => void run({ forwardedProps: { a2uiAction: { userAction } } }),
  });

  // --- the gate: every event, before @ag-ui/client applies it ---
  let finish:
    | { outcome: 'success'; pending: string[] }
    | { outcome: 'interrupt'; interrupts: Interrupt[] }
    | { outcome: 'cancelled' }
    | undefined;
  let runError: string | undefined;
  const readFinish = () => finish;
  const stop: AgentStateMutation = { stopPropagation: true };
  /** Messages and tool calls the run in progress opened: past `maxMessages` the run is stopped. */
  let starts = 0;
  const tooManyStarts = (): boolean => {
    starts += 1;
    if (starts <= limits.maxMessages) return false;
    // SECURITY: bounded per run: @ag-ui/client keeps every message it is handed, and each start costs the page an entry.
    if (starts === limits.maxMessages + 1)
      stopRun(
        'too_many_messages',
        `the agent opened more than ${limits.maxMessages} messages and tool calls in one run (maxMessages); the run was stopped`,
      );
    return true;
  };
  /** Ends the run in progress with an error the run's outcome carries. */
  const stopRun = (code: string, message: string) => {
    runError = message;
    status = { label: 'Error', tone: 'error', detail: message };
    report(code, message);
    // Any agent's run ends on detach (abortRun is a no-op outside HttpAgent, where it also aborts the request).
    agent.abortRun();
    void agent.detachActiveRun();
  };
  const gate = (event: BaseEvent, messages: ReadonlyArray<Readonly<Message>>): AgentStateMutation | undefined => {
    options.onEvent?.(event);
    const e = event as BaseEvent & Record<string, unknown>;
    switch (event.type) {
      case EventType.RUN_STARTED:
        status = { label: 'Running', tone: 'info' };
        starts = 0;
        break;
      case EventType.RUN_FINISHED:
        flushState();
        status = { label: 'Finished', tone: 'success' };
        break;
      case EventType.RUN_ERROR:
        runError = `${String(e.message).slice(0, 2000)}${typeof e.code === 'string' ? ` (${e.code.slice(0, 80)})` : ''}`;
        status = { label: 'Error', tone: 'error', detail: runError.slice(0, 300) };
        conversation.note('error', 'The run failed', runError);
        options.onIssue?.({ adapter: 'ag-ui', code: 'run_error', message: runError });
        break;
      case EventType.STEP_STARTED:
      case EventType.STEP_FINISHED:
        conversation.step(String(e.stepName), event.type === EventType.STEP_FINISHED);
        break;
      case EventType.TEXT_MESSAGE_START:
      case EventType.REASONING_MESSAGE_START:
        if (tooManyStarts()) return stop;
        conversation.text(
          String(e.messageId),
          event.type === EventType.REASONING_MESSAGE_START
            ? 'reasoning'
            : typeof e.role === 'string'
              ? e.role
              : 'assistant',
        );
        break;
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_CONTENT:
        if (!conversation.append(String(e.messageId), String(e.delta))) return stop;
        break;
      case EventType.TEXT_MESSAGE_END:
      case EventType.REASONING_MESSAGE_END:
        conversation.end(String(e.messageId));
        break;
      case EventType.TOOL_CALL_START:
        if (tooManyStarts()) return stop;
        conversation.toolCall(String(e.toolCallId), String(e.toolCallName));
        break;
      case EventType.TOOL_CALL_ARGS: {
        const view = calls.get(String(e.toolCallId));
        const wasStreaming = view?.status === 'streaming';
        view?.push(String(e.delta));
        if (wasStreaming && view?.status === 'refused')
          report('tool_call_refused', `tool call "${view.name.slice(0, 80)}" ${view.error ?? ''}`, view.id);
        schedule();
        // The arguments are kept here, parsed once; @ag-ui/client would re-parse the whole buffer per delta.
        return stop;
      }
      case EventType.TOOL_CALL_END: {
        const view = calls.get(String(e.toolCallId));
        if (view === undefined) break;
        const wasStreaming = view.status === 'streaming';
        view.end();
        if (wasStreaming && view.status === 'refused')
          report('tool_call_refused', `tool call "${view.name.slice(0, 80)}" ${view.error ?? ''}`, view.id);
        schedule();
        const args = view.value === undefined ? '{}' : JSON.stringify(view.value);
        return {
          messages: messages.map((m) =>
            m.role === 'assistant' && m.toolCalls?.some((c) => c.id === view.id)
              ? {
                  ...m,
                  toolCalls: m.toolCalls.map((c) =>
                    c.id === view.id ? { ...c, function: { ...c.function, arguments: args } } : c,
                  ),
                }
              : m,
          ) as Message[],
        };
      }
      case EventType.TOOL_CALL_RESULT: {
        const view = calls.get(String(e.toolCallId));
        if (view !== undefined) {
          view.result =
            typeof e.content === 'string' ? e.content.slice(0, 4000) : JSON.stringify(e.content)?.slice(0, 4000);
          view.status = 'answered';
        }
        break;
      }
      case EventType.STATE_SNAPSHOT: {
        const refused = state.snapshot(e.snapshot);
        if (refused !== undefined) report('bad_state', `a STATE_SNAPSHOT was refused: ${refused}`);
        // Not handed to the client per event: flushState writes the latest state once per frame.
        return stop;
      }
      case EventType.STATE_DELTA: {
        const now = performance.now();
        if (now - deltaWindow.start >= 1000) deltaWindow = { start: now, count: 0 };
        deltaWindow.count += 1;
        // SECURITY: bounded: a flood of patches is stopped, said once, instead of applied without end.
        if (deltaWindow.count > maxDeltasPerSecond) {
          if (deltaWindow.count === maxDeltasPerSecond + 1)
            stopRun(
              'state_flood',
              `the agent sent more than ${maxDeltasPerSecond} STATE_DELTA events in one second (maxStateDeltasPerSecond); the run was stopped`,
            );
          return stop;
        }
        const refused = state.delta(e.delta);
        if (refused !== undefined) report('bad_patch', `a STATE_DELTA was refused: ${refused}`);
        return stop;
      }
      case EventType.MESSAGES_SNAPSHOT:
        conversation.restore(e.messages as Message[]);
        break;
      case EventType.ACTIVITY_SNAPSHOT:
        if (e.activityType === A2UI_ACTIVITY) a2ui.apply(e.content);
        else
          report(
            'unsupported_activity',
            `an activity of type ${JSON.stringify(String(e.activityType).slice(0, 60))} is not shown (this host renders "${A2UI_ACTIVITY}")`,
          );
        break;
      case EventType.CUSTOM:
        // SECURITY: only refusals BoundedHttpAgent created speak as "suip"; an agent's CUSTOM of that name is its own event.
        if (e.name === REFUSED_EVENT && agent instanceof BoundedHttpAgent && agent.ownsRefusal(e.value)) {
          const value = (typeof e.value === 'object' && e.value !== null ? e.value : {}) as {
            code?: unknown;
            message?: unknown;
          };
          report(String(value.code).slice(0, 80), String(value.message).slice(0, 2000));
        }
        break;
      default:
        break;
    }
    schedule();
    return undefined;
  };

  const subscriber: AgentSubscriber = {
    onEvent: ({ event, messages }) => gate(event, messages),
    onRunFinishedEvent(params) {
      finish =
        params.outcome === 'success'
          ? { outcome: 'success', pending: params.pendingToolCallIds }
          : params.outcome === 'interrupt'
            ? { outcome: 'interrupt', interrupts: params.interrupts }
            : { outcome: 'cancelled' };
    },
    onRunFailed({ error }) {
      // A bound that stopped the run already said why; the client's complaint about the events it then lacked would hide it.
      runError ??= error.message.slice(0, 2000);
      status = { label: 'Error', tone: 'error', detail: runError.slice(0, 300) };
      report('run_failed', `the run stopped: ${runError}`);
    },
  };
  const subscription = agent.subscribe(subscriber);

  // --- runs: one at a time, continued automatically after frontend tools and interrupts ---
  let chain: Promise<unknown> = Promise.resolve();
  let programs = 0;
  /** The programs on screen, oldest first. */
  const mounted: Array<{ id: string; handle: Handle | GeneratorHandle }> = [];
  const maxPrograms = Math.max(1, options.maxPrograms ?? 4);
  let closed = false;

  const runFrontendTool = async (view: ToolCallView): Promise<string> => {
    if (view.status === 'refused' || view.value === undefined)
      return JSON.stringify({ error: `the call was refused: ${view.error ?? 'no arguments'}` });
    view.status = 'running';
    schedule();
    if (view.name === ASK_USER_TOOL.name) return askUser(dialogs, view.value);
    const code = view.value.code;
    if (typeof code !== 'string' || code === '')
      return JSON.stringify({ error: '"code" must be the program as a string' });
    programs += 1;
    const id = `${prefix}-program-${programs}`;
    const title =
      typeof view.value.title === 'string' && view.value.title !== ''
        ? view.value.title.slice(0, 80)
        : `Program ${programs}`;
    // Heard from the attach on: a press while the first render is still being judged waits for
    // the verdict, then goes on as any action (or is refused out loud if the program failed).
    let early: unknown[] | undefined = [];
    let onAction = (value: unknown): void => void early?.push(value);
    const outcome = await runProgram(renderer, id, code, title, {
      onOutput: (channel, value) => {
        if (channel === ACTION_CHANNEL && !closed) onAction(value);
      },
    });
    const waiting = early;
    early = undefined;
    if (!outcome.ok) {
      if (waiting.length > 0)
        report('action_refused', `"${title}" sent an action before it had started, then failed; it was dropped`, id);
      return JSON.stringify({ rendered: false, errors: outcome.error });
    }
    shared.add(outcome.handle);
    feed(outcome.handle);
    mounted.push({ id, handle: outcome.handle });
    // SECURITY: bounded: each program holds a sandbox (iframe, Worker); the oldest makes room.
    while (mounted.length > maxPrograms) {
      const oldest = mounted.shift()!;
      shared.delete(oldest.handle);
      await renderer.detach(oldest.id).catch(() => undefined);
      report(
        'program_replaced',
        `more than ${maxPrograms} programs on screen (maxPrograms): the oldest, ${oldest.id}, was removed`,
        oldest.id,
      );
    }
    // SECURITY: a program cannot drive the agent without end: one action run of its own pending at
    // a time, and at most ACTIONS_PER_MINUTE a minute; what is refused is said. (The renderer does
    // not expose a program's user activation to adapters, so this budget stands in for it.)
    let pendingAction = false;
    let actions: number[] = [];
    onAction = (value) => {
      if (closed) return;
      const now = performance.now();
      actions = actions.filter((at) => now - at < 60_000);
      if (pendingAction || actions.length >= ACTIONS_PER_MINUTE) {
        report(
          'action_refused',
          pendingAction
            ? `"${title}" sent an action while its previous one was still running the agent; it was dropped (one at a time per program)`
            : `"${title}" sent more than ${ACTIONS_PER_MINUTE} actions in a minute; it was dropped`,
          id,
        );
        return;
      }
      pendingAction = true;
      actions.push(now);
      const text = `Action in "${title}": ${JSON.stringify(value)?.slice(0, 4000) ?? 'null'}`;
      void send(text).finally(() => (pendingAction = false));
    };
    for (const value of waiting) onAction(value);
    return JSON.stringify({ rendered: true, mount: id });
  };

  const runOnce = async (parameters: RunAgentParameters): Promise<AgUiRunOutcome> => {
    let continuations = 0;
    let next: RunAgentParameters | undefined = parameters;
    while (next !== undefined && !closed) {
      finish = undefined;
      runError = undefined;
      try {
        await agent.runAgent({ ...next, tools: [...tools, ...(next.tools ?? [])] });
      } catch (error) {
        runError ??= error instanceof Error ? error.message : String(error);
      }
      next = undefined;
      // The next run's input carries the latest state, not the one of the last frame.
      flushState();
      // Set by the subscriber during the run (a read through a function: TypeScript narrowed it to undefined above).
      const ended = readFinish();
      if (runError !== undefined) {
        await renderNow();
        return { status: 'error', message: runError };
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
        status = { label: 'Waiting for you', tone: 'warning' };
        await renderNow();
        const resume = [];
        for (const interrupt of ended.interrupts.slice(0, 20)) resume.push(await answerInterrupt(dialogs, interrupt));
        next = { resume };
      } else if (ended?.outcome === 'success') {
        const mine = ended.pending
          .map((id) => calls.get(id))
          .filter((v): v is ToolCallView => v !== undefined && ours.has(v.name));
        for (const view of mine) {
          const result = await runFrontendTool(view);
          view.result = result.slice(0, 4000);
          view.status = 'answered';
          agent.addMessage({
            id: `${prefix}-result-${(counter += 1)}-${Date.now().toString(36)}`,
            role: 'tool',
            toolCallId: view.id,
            content: result,
          });
          schedule();
        }
        if (mine.length > 0) next = {};
      }
      continuations += 1;
    }
    await renderNow();
    return readFinish()?.outcome === 'cancelled' ? { status: 'cancelled' } : { status: 'finished' };
  };

  function run(parameters: RunAgentParameters = {}): Promise<AgUiRunOutcome> {
    const result = chain.then(() => runOnce(parameters));
    chain = result.catch(() => undefined);
    return result;
  }

  function send(text: string): Promise<AgUiRunOutcome> {
    const result = chain.then(() => {
      const id = `${prefix}-user-${(counter += 1)}-${Date.now().toString(36)}`;
      conversation.text(id, 'user');
      conversation.append(id, text);
      conversation.end(id);
      agent.addMessage({ id, role: 'user', content: text });
      dialogs.userActed();
      return runOnce({});
    });
    chain = result.catch(() => undefined);
    return result;
  }

  void renderNow();
  return {
    send,
    run,
    stop: () => agent.abortRun(),
    get state() {
      return state.value;
    },
    shareState(handle) {
      shared.add(handle);
      feed(handle);
      return () => shared.delete(handle);
    },
    async settle() {
      await renderNow();
      await a2ui.settle();
    },
    async close() {
      closed = true;
      flushState();
      subscription.unsubscribe();
      clearTimeout(timer);
      agent.abortRun();
      await a2ui.close();
      // Every program the agent put on screen goes with the connection (its sandbox too).
      for (const { id, handle } of mounted.splice(0)) {
        shared.delete(handle);
        await renderer.detach(id).catch(() => undefined);
      }
      await (await transcript).close().catch(() => undefined);
    },
  };
}
