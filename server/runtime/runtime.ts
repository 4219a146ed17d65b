import { randomUUID } from 'node:crypto';
import { createRpcPeer, RpcError, type RpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import {
  RpcErrorCode,
  type AgentEvent,
  type ParamsOf,
  type ResultOf,
  type RunStatus,
} from '../../shared/neighbours/runtime-ui/schemas.ts';
import { streamChat, type ChatRequest, type EndpointSettings } from '../../generator/model/chat-client.ts';
import { systemPrompt } from '../../generator/prompt/index.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { runAgent } from './agent.ts';
import { PICK_TOOL_PROMPT } from './pick-tool.ts';
import { publishProgram } from './publish.ts';
import { createSecretScrubber } from './secret-scrubber.ts';
import type { SessionStore, StoredRun } from './session-store.ts';

/** What the suip runtime needs. */
export interface SuipRuntimeOptions {
  /** Writes one NDJSON line to the UI (stdout). */
  send(line: string): void;
  store: SessionStore;
  endpoint: EndpointSettings;
  /** Models offered by `model.list` (the endpoint's model first). */
  models: readonly string[];
  /** A suip server to publish generated UIs to (agent API), with its agent token. */
  server?: { url: string; agentToken: string };
  /** The streaming chat call (tests and the e2e use the real one against a scripted server). */
  chat?(request: ChatRequest): Promise<string>;
  log(event: Record<string, unknown>): void;
  maxTurns?: number;
  contextChars?: number;
}

interface Run {
  id: string;
  sessionId: string;
  seq: number;
  status: RunStatus;
  abort: AbortController;
}

const TERMINAL: ReadonlySet<RunStatus> = new Set(['completed', 'error', 'cancelled']);
/**
 * The terminal `run.status` a replayed run ends with (the UI stops its spinner and waits for no
 * `final`): the stored one, or `error` for a run stored as running that this process is not
 * running (its process was killed or crashed). Undefined for the run that is running now.
 */
function replayedStatus(
  stored: StoredRun,
  live: Run | undefined,
): { status: 'completed' | 'error' | 'cancelled'; message?: string } | undefined {
  if (TERMINAL.has(stored.status as RunStatus))
    return {
      status: stored.status as 'completed' | 'error' | 'cancelled',
      ...(stored.message ? { message: stored.message } : {}),
    };
  if (live !== undefined && !TERMINAL.has(live.status)) return undefined;
  return {
    status: 'error',
    message:
      'this run was interrupted: the runtime process stopped while it ran (killed or crashed), so its events end here',
  };
}

/** The runtime's name and version in `initialize`. */
export const RUNTIME_INFO = { name: 'suip-runtime', version: '0.1.0' } as const;

/**
 * The suip runtime (seed 002, runtime role): one run at a time (a second `run.start` is -32001),
 * `agent.event`s numbered from 0 per run and stored in SQLite, `run.status` for every change,
 * `run.cancel` aborting the model call and any pending UI request, after which nothing more is
 * emitted for that run. Returns the peer, to feed it the lines read from stdin.
 */
export function createSuipRuntime(options: SuipRuntimeOptions): RpcPeer & { readonly activeRun: string | undefined } {
  const runs = new Map<string, Run>();
  let active: Run | undefined;
  /** The conversation of this process: codelia's TUI sends no session_id after the first run, so runs continue it. */
  let currentSession: string | undefined;
  let model = options.endpoint.model;
  /**
   * SECURITY: the API key the user typed into the secret prompt, remembered for this runtime
   * process (the UI's session) so the next run does not ask again: in memory only, never stored,
   * logged or emitted (the scrubber holds it too). A key the endpoint refuses later is asked anew.
   */
  let typedKey: string | undefined;
  const system = `${systemPrompt(BUILTIN_VOCABULARY)}\n\n${PICK_TOOL_PROMPT}`;
  const now = () => new Date().toISOString();
  // SECURITY: values typed into secret prompts are scrubbed from every line, status and log this runtime writes.
  const secrets = createSecretScrubber();
  const log = (event: Record<string, unknown>) => options.log(secrets.scrubValue(event));

  const setStatus = (run: Run, status: RunStatus, message?: string) => {
    if (TERMINAL.has(run.status)) return;
    run.status = status;
    // SECURITY: scrubbed whole, then cut: a cut through a typed key would leave its first characters,
    // which no exact-value scrubber matches, in the relayed line and in the stored status message.
    const told = message ? secrets.scrubContent(message).slice(0, 2000) : undefined;
    peer.notify('run.status', { run_id: run.id, status, ...(told ? { message: told } : {}) });
    if (TERMINAL.has(status)) {
      options.store.finishRun(run.id, status, now(), told);
      if (active === run) active = undefined;
      log({ event: 'run-ended', runId: run.id, status });
    }
  };
  // SECURITY: the seed's rule: after a terminal status, nothing more is emitted for that run.
  const emit = (run: Run, raw: AgentEvent) => {
    if (TERMINAL.has(run.status)) return;
    const seq = run.seq++;
    // SECURITY: scrubbed before it is stored (runtime.sqlite and its WAL) or relayed: a model that
    // echoes a typed secret, escaped or spaced out, leaves no copy for `session.history` to replay.
    const event = secrets.scrubContent(raw);
    options.store.appendEvent(run.id, seq, event);
    peer.notify('agent.event', { run_id: run.id, seq, event });
  };
  async function execute(run: Run, text: string): Promise<void> {
    setStatus(run, 'running');
    try {
      const outcome = await runAgent({
        runId: run.id,
        request: text,
        history: options.store.turns(run.sessionId, 10).slice(0, -1),
        endpoint: { ...options.endpoint, model, ...(typedKey !== undefined ? { apiKey: typedKey } : {}) },
        keyAccepted: (key) => void (typedKey = key),
        system,
        maxTurns: options.maxTurns ?? 3,
        signal: run.abort.signal,
        chat: options.chat ?? streamChat,
        emit: (event) => emit(run, event),
        status: (status) => setStatus(run, status),
        context: (percent) => {
          if (!TERMINAL.has(run.status)) peer.notify('run.context', { run_id: run.id, context_left_percent: percent });
        },
        confirm: (params) => ask(run, peer.request('ui.confirm.request', params)),
        prompt: async (params) => {
          const answer = await ask(run, peer.request('ui.prompt.request', params));
          if (params.secret === true && typeof answer.value === 'string') secrets.add(answer.value);
          return answer;
        },
        pick: (params) => ask(run, peer.request('ui.pick.request', params)),
        publish: options.server
          ? (code, title) =>
              publishProgram(options.server!.url, options.server!.agentToken, code, title, run.abort.signal)
          : undefined,
        contextChars: options.contextChars ?? 128_000 * 4,
      });
      emit(run, { type: 'final', content: outcome.final });
      setStatus(run, 'completed');
    } catch (error) {
      if (run.abort.signal.aborted) return setStatus(run, 'cancelled');
      const message = error instanceof Error ? error.message : String(error);
      log({ event: 'run-failed', runId: run.id, error: message });
      setStatus(run, 'error', message);
    }
  }

  const peer = createRpcPeer({
    role: 'runtime',
    send: (line) => options.send(secrets.scrubLine(line)),
    onProblem: (problem) => log({ event: 'protocol-problem', kind: problem.kind, message: problem.message }),
    handlers: {
      initialize: () => ({ protocol_version: '0', server: { ...RUNTIME_INFO }, server_capabilities: CAPABILITIES }),
      'run.start': (params) => {
        if (active !== undefined)
          throw new RpcError(RpcErrorCode.RuntimeBusy, `run ${active.id} is still running; cancel it or wait`);
        const sessionId = params.session_id ?? currentSession ?? `ses-${randomUUID()}`;
        currentSession = sessionId;
        // `awaiting_ui` is only the placeholder before `running`; setStatus moves it on.
        const run: Run = {
          id: `run-${randomUUID()}`,
          sessionId,
          seq: 0,
          status: 'awaiting_ui',
          abort: new AbortController(),
        };
        options.store.ensureSession(sessionId, params.ui_context?.workspace_root ?? params.ui_context?.cwd, now());
        options.store.startRun(run.id, sessionId, secrets.scrubContent(params.input.text), now());
        runs.set(run.id, run);
        active = run;
        // After the response is written: the UI learns the run id before the run's first notification.
        setImmediate(() => void execute(run, params.input.text));
        return { run_id: run.id, session_id: sessionId };
      },
      'run.cancel': (params) => {
        const run = runs.get(params.run_id);
        if (run === undefined) throw new RpcError(RpcErrorCode.RunNotFound, `no run ${params.run_id}`);
        if (TERMINAL.has(run.status)) return { ok: false, status: run.status as 'completed' | 'error' | 'cancelled' };
        run.abort.abort(params.reason ?? 'cancelled by the UI');
        setStatus(run, 'cancelled', params.reason);
        return { ok: true, status: 'cancelled' };
      },
      'session.list': (params) => ({ sessions: options.store.list(params.limit ?? 50) }),
      'session.history': (params) => {
        const replayed = replaySession(peer, options.store, params, (id) => runs.get(id));
        // Replaying a session resumes it: the next run without a session_id continues it.
        if (replayed.runs > 0) currentSession = params.session_id;
        return replayed;
      },
      'model.list': () => ({ provider: 'openai', models: [...new Set([model, ...options.models])], current: model }),
      'model.set': (params) => {
        if (!options.models.includes(params.name) && params.name !== options.endpoint.model)
          throw new RpcError(RpcErrorCode.InvalidParams, `unknown model ${params.name}; model.list names the models`);
        model = params.name;
        return { provider: params.provider ?? 'openai', name: model };
      },
    },
  });
  return Object.defineProperty(peer, 'activeRun', { get: () => active?.id }) as RpcPeer & {
    readonly activeRun: string | undefined;
  };
}

/** A UI request that a cancel interrupts. */
function ask<T>(run: Run, request: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RpcError(RpcErrorCode.UserCancelled, 'the run was cancelled'));
    if (run.abort.signal.aborted) return onAbort();
    run.abort.signal.addEventListener('abort', onAbort, { once: true });
    request.then(resolve, reject).finally(() => run.abort.signal.removeEventListener('abort', onAbort));
  });
}

/** What this runtime supports (seed 002 `initialize`). */
const CAPABILITIES = {
  supports_run_cancel: true,
  supports_ui_requests: true,
  supports_mcp_list: false,
  supports_skills_list: false,
} as const;

/**
 * `session.history`: replays a session's stored runs as notifications. Each replayed run is
 * numbered 0..N as the seed says: the user's message first (seq 0, a hidden_user_message), its
 * stored events after it; `meta.replayed` marks them as history. A run that ended says so.
 */
function replaySession(
  peer: RpcPeer,
  store: SessionStore,
  params: ParamsOf<'session.history'>,
  live: (runId: string) => Run | undefined,
): ResultOf<'session.history'> {
  const history = store.history(params.session_id, params.max_runs ?? 20, params.max_events ?? 1500);
  let sent = 0;
  for (const run of history.runs) {
    const meta = { replayed: true };
    peer.notify('agent.event', {
      run_id: run.run_id,
      seq: 0,
      event: { type: 'hidden_user_message', content: run.user_message },
      meta,
    });
    sent += 1;
    for (const stored of history.events.filter((e) => e.run_id === run.run_id)) {
      peer.notify('agent.event', { run_id: stored.run_id, seq: stored.seq + 1, event: stored.event, meta });
      sent += 1;
    }
    const ended = replayedStatus(run, live(run.run_id));
    if (ended !== undefined) peer.notify('run.status', { run_id: run.run_id, ...ended });
  }
  return { runs: history.runs.length, events_sent: sent, ...(history.truncated ? { truncated: true } : {}) };
}
