import type { AgentEvent, RunStatus } from '../../shared/neighbours/runtime-ui/schemas.ts';

/** A step of a run (`step_start` / `step_complete`). */
export interface StepView {
  title: string;
  number: number;
  status?: 'completed' | 'error';
  durationMs?: number;
}

/** A tool call of a run and its result, keyed by `tool_call_id`. */
export interface ToolView {
  tool: string;
  title: string;
  args: string;
  result?: string;
  isError?: boolean;
  screenshot?: string;
}

/** One run as the transcript shows it. */
export interface RunView {
  /** A local key (`r<n>`): the runtime's ids are hostile data, never particle ids. */
  key: string;
  runId: string;
  userText: string;
  status: RunStatus | 'starting';
  statusMessage?: string;
  contextLeft?: number;
  reasoning: string[];
  steps: Map<string, StepView & { key: string }>;
  tools: Map<string, ToolView & { key: string }>;
  text: string;
  final?: string;
  /** A held `permission.preview`, shown in the next confirm dialog. */
  preview?: string;
  notices: string[];
  /** A replayed run (session.history): no spinner, no cancel. */
  replayed: boolean;
  /** The runtime process (bridge generation) the run belongs to; only that process can be asked to cancel it. */
  generation: number;
  /**
   * Why a run that never reached a terminal status is over all the same (its runtime process
   * exited): shown as "Ended", with no spinner and no cancel.
   */
  ended?: string;
}

/** Terminal run states: the spinner stops, the cancel button goes, later events are ignored. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'error', 'cancelled']);

const MAX_TEXT = 1 << 20;
const clip = (value: string, max = MAX_TEXT) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** A new run view. */
export function newRun(key: string, runId: string, userText: string, replayed = false, generation = 0): RunView {
  return {
    key,
    runId,
    userText,
    status: replayed ? 'completed' : 'starting',
    reasoning: [],
    steps: new Map(),
    tools: new Map(),
    text: '',
    notices: [],
    replayed,
    generation,
  };
}

/**
 * Apply one agent event (already in seq order) to a run. `text` is read both ways the seed allows
 * ("may become incremental"): content that extends what is shown replaces it (the diff then sends
 * a text-append), anything else is appended as a new paragraph. `final` is shown only when it
 * says more than the streamed text.
 */
export function applyEvent(run: RunView, event: AgentEvent): void {
  switch (event.type) {
    case 'text':
      if (run.text !== '' && event.content.startsWith(run.text)) run.text = clip(event.content);
      else run.text = clip(run.text === '' ? event.content : `${run.text}\n\n${event.content}`);
      return;
    case 'reasoning':
      run.reasoning.push(clip(event.content, 64 * 1024));
      if (run.reasoning.length > 200) run.reasoning.shift();
      return;
    case 'step_start':
      if (!run.steps.has(event.step_id) && run.steps.size < 500)
        run.steps.set(event.step_id, {
          key: `s${run.steps.size + 1}`,
          title: clip(event.title, 500),
          number: event.step_number,
        });
      return;
    case 'step_complete': {
      const step = run.steps.get(event.step_id);
      if (step) Object.assign(step, { status: event.status, durationMs: event.duration_ms });
      return;
    }
    case 'tool_call':
      if (!run.tools.has(event.tool_call_id) && run.tools.size < 500) {
        run.tools.set(event.tool_call_id, {
          key: `t${run.tools.size + 1}`,
          tool: event.tool,
          title: event.display_name ?? event.tool,
          args: clip(JSON.stringify(event.args, null, 2), 64 * 1024),
        });
      }
      return;
    case 'tool_result': {
      const tool = run.tools.get(event.tool_call_id);
      if (tool === undefined) return;
      tool.result = clip(event.result, 256 * 1024);
      tool.isError = event.is_error === true;
      if (typeof event.screenshot_base64 === 'string' && /^[A-Za-z0-9+/=]+$/.test(event.screenshot_base64))
        tool.screenshot = `data:image/png;base64,${event.screenshot_base64}`;
      return;
    }
    case 'permission.preview':
      run.preview = clip(
        [event.summary, event.file_path, event.diff].filter((p) => typeof p === 'string' && p !== '').join('\n'),
        3000,
      );
      return;
    case 'permission.ready':
    case 'hidden_user_message':
      return;
    case 'compaction_start':
      run.notices.push('Compacting context…');
      return;
    case 'compaction_complete':
      run.notices.push(event.compacted === false ? 'Context not compacted.' : 'Context compacted.');
      return;
    case 'llm.retry':
      run.notices.push(
        `The model call is retried (attempt ${String(event.next_attempt ?? '?')} of ${String(event.max_attempts ?? '?')}).`,
      );
      return;
    case 'final':
      run.final = clip(event.content);
      return;
  }
}
