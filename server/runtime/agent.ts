import { generateWithRepair } from '../../generator/model/repair-loop.ts';
import type { ChatMessage, ChatRequest, EndpointSettings } from '../../generator/model/chat-client.ts';
import type { AgentEvent, ParamsOf, ResultOf } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { pickAnswerMessage, pickIn } from './pick-tool.ts';
import { checkProgram } from './program-check.ts';
import type { Published } from './publish.ts';
import { findProgram } from '../../generator/model/extract-code.ts';
import { ModelCall } from './model-call.ts';
import { approveAndPublish } from './approve-and-publish.ts';

/** What one run of the suip agent can do: the model, the UI, the suip server. */
export interface AgentContext {
  runId: string;
  request: string;
  /** Earlier turns of the session, oldest first. */
  history: ReadonlyArray<{ user: string; assistant: string }>;
  endpoint: EndpointSettings;
  system: string;
  maxTurns: number;
  signal: AbortSignal;
  chat(request: ChatRequest): Promise<string>;
  /** Emits one agent event (dropped once the run is cancelled). */
  emit(event: AgentEvent): void;
  status(status: 'running' | 'awaiting_ui'): void;
  context(percentLeft: number): void;
  confirm(params: ParamsOf<'ui.confirm.request'>): Promise<ResultOf<'ui.confirm.request'>>;
  prompt(params: ParamsOf<'ui.prompt.request'>): Promise<ResultOf<'ui.prompt.request'>>;
  /**
   * The key typed into the secret prompt was accepted by the endpoint (the runtime remembers it in memory for later
   * runs).
   */
  keyAccepted?(apiKey: string): void;
  pick(params: ParamsOf<'ui.pick.request'>): Promise<ResultOf<'ui.pick.request'>>;
  /** Publishes a program as a live session; undefined when no suip server is configured. */
  publish?(code: string, title: string): Promise<Published>;
  /** The model's context window in characters (for `run.context`). */
  contextChars: number;
}

/** How a run ended. */
export interface AgentOutcome {
  final: string;
}

/**
 * One run: the model answers the request with prose and/or a suip program (the system prompt
 * teaches the program; prose is streamed to the UI line by line as `text` events). A program is
 * checked, and repaired with the error when it fails; then the user approves it in a
 * `ui.confirm.request` (showing the code) before it is published as a live session on the suip
 * server, and the `final` text says where to open it. An endpoint answering 401 gets one
 * `ui.prompt.request {secret: true}` for an API key, kept in memory only. A model that needs the
 * user to choose answers with a ```pick block (`pick-tool.ts`): the runtime asks it as a
 * `ui.pick.request` (shown as a `ui.pick` tool call) and sends the choice back as the next turn.
 */
export async function runAgent(ctx: AgentContext): Promise<AgentOutcome> {
  const stepStarted = Date.now();
  ctx.emit({ type: 'step_start', step_id: `${ctx.runId}-model`, title: 'Ask the model', step_number: 1 });
  const messages: ChatMessage[] = [];
  for (const turn of ctx.history)
    messages.push({ role: 'user', content: turn.user }, { role: 'assistant', content: turn.assistant || '(a UI)' });
  const usedChars = () => ctx.system.length + messages.reduce((n, m) => n + m.content.length, 0) + ctx.request.length;
  ctx.context(Math.max(0, Math.min(100, Math.round(100 - (100 * usedChars()) / ctx.contextChars))));

  const model = new ModelCall(ctx, messages);
  const chat = (request: ChatRequest) => model.chat(request);

  let program = '';
  let request = ctx.request;
  let result: Awaited<ReturnType<typeof generateWithRepair>>;
  for (let picks = 0; ; picks += 1) {
    let pick: ReturnType<typeof pickIn> = { kind: 'none' };
    result = await generateWithRepair({
      endpoint: model.endpoint,
      system: ctx.system,
      request,
      maxTurns: ctx.maxTurns,
      signal: ctx.signal,
      chat,
      run: async (code) => {
        pick = picks < MAX_PICKS ? pickIn(model.lastAnswer) : { kind: 'none' };
        if (pick.kind === 'invalid') return { ok: false, error: pick.error };
        // Prose only (no program fence), or a pick: nothing to check or publish.
        program = pick.kind === 'none' && findProgram(model.lastAnswer) !== undefined ? code : '';
        return program === '' ? { ok: true } : checkProgram(code);
      },
      observer: {
        onTurn: (turn) => {
          if (turn.kind === 'repair')
            ctx.emit({
              type: 'reasoning',
              content: `Repairing the program: ${turn.prompt.split('\n')[2] ?? ''}`,
              timestamp: Date.now(),
            });
        },
      },
    });
    const asked = pick as ReturnType<typeof pickIn>;
    if (!result.ok || asked.kind !== 'pick') break;
    const pickCall = `${ctx.runId}-pick-${picks + 1}`;
    ctx.emit({
      type: 'tool_call',
      tool: 'ui.pick',
      display_name: 'Ask you to choose',
      args: { ...asked.params },
      tool_call_id: pickCall,
    });
    ctx.status('awaiting_ui');
    const choice = await ctx.pick({ run_id: ctx.runId, ...asked.params });
    ctx.status('running');
    const said = pickAnswerMessage(asked.params, choice);
    ctx.emit({ type: 'tool_result', tool: 'ui.pick', tool_call_id: pickCall, result: said });
    // The question and the choice become part of the conversation; the model answers the request again.
    messages.push({ role: 'user', content: request }, { role: 'assistant', content: model.lastAnswer });
    request = said;
  }
  ctx.emit({
    type: 'step_complete',
    step_id: `${ctx.runId}-model`,
    status: result.ok ? 'completed' : 'error',
    duration_ms: Date.now() - stepStarted,
  });
  // Prose only: it was streamed as text already; the final event closes the turn without repeating it.
  if (program === '') return { final: '' };
  if (!result.ok) return { final: `The model could not write a working program in ${ctx.maxTurns} turns.` };

  return approveAndPublish(ctx, program);
}

/** Pick rounds per run (a model that keeps asking is answered with its last choice). */
const MAX_PICKS = 3;
