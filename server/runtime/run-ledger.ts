import { randomUUID } from 'node:crypto';
import { RpcError, type RpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import {
  RpcErrorCode,
  type AgentEvent,
  type ParamsOf,
  type ResultOf,
  type RunStatus,
} from '../../shared/neighbours/runtime-ui/schemas.ts';
import type { SecretScrubber } from './secret-scrubber.ts';
import type { SessionStore } from './session-store.ts';

/** One run of this runtime process. */
export interface Run {
  id: string;
  sessionId: string;
  /** The next `agent.event` number (0 first, per run). */
  seq: number;
  status: RunStatus;
  abort: AbortController;
}

/** A status after which a run emits nothing more. */
export type TerminalStatus = 'completed' | 'error' | 'cancelled';
const TERMINAL: ReadonlySet<RunStatus> = new Set<RunStatus>(['completed', 'error', 'cancelled']);

/** Whether a status ends its run (seed 002: nothing more is emitted for it). */
export const isTerminal = (status: RunStatus): status is TerminalStatus => TERMINAL.has(status);

/** What the ledger writes to: the UI (notifications), the SQLite store, the scrubber and the log. */
export interface RunLedgerDeps {
  notify: RpcPeer['notify'];
  store: SessionStore;
  secrets: SecretScrubber;
  log(event: Record<string, unknown>): void;
}

/**
 * The runs of one runtime process and seed 002's rules for them: one run at a time (a second
 * `run.start` is -32001), `agent.event`s numbered from 0 per run and stored before they are
 * relayed, a `run.status` for every change, and nothing more emitted once a run has ended. It also
 * holds the conversation this process continues (codelia's TUI sends no session_id after the
 * first run, so a run without one continues the last session started or replayed).
 */
export class RunLedger {
  readonly #runs = new Map<string, Run>();
  #active: Run | undefined;
  #currentSession: string | undefined;
  readonly #deps: RunLedgerDeps;

  constructor(deps: RunLedgerDeps) {
    this.#deps = deps;
  }

  /** The run that is running now, if any. */
  get active(): Run | undefined {
    return this.#active;
  }

  /** A run of this process by id. */
  get(runId: string): Run | undefined {
    return this.#runs.get(runId);
  }

  /** Starts a run for `run.start`: stored, made the active one, its status still the placeholder `awaiting_ui`. */
  start(params: ParamsOf<'run.start'>): Run {
    const active = this.#active;
    if (active !== undefined)
      throw new RpcError(RpcErrorCode.RuntimeBusy, `run ${active.id} is still running; cancel it or wait`);
    const sessionId = params.session_id ?? this.#currentSession ?? `ses-${randomUUID()}`;
    this.#currentSession = sessionId;
    // `awaiting_ui` is only the placeholder before `running`; setStatus moves it on.
    const run: Run = {
      id: `run-${randomUUID()}`,
      sessionId,
      seq: 0,
      status: 'awaiting_ui',
      abort: new AbortController(),
    };
    const { store, secrets } = this.#deps;
    const now = new Date().toISOString();
    store.ensureSession(sessionId, params.ui_context?.workspace_root ?? params.ui_context?.cwd, now);
    store.startRun(run.id, sessionId, secrets.scrubContent(params.input.text), now);
    this.#runs.set(run.id, run);
    this.#active = run;
    return run;
  }

  /** Replaying a session resumes it: the next run without a session_id continues it. */
  resume(sessionId: string): void {
    this.#currentSession = sessionId;
  }

  /** Moves a run to a status and tells the UI; a terminal status is stored and frees the runtime for the next run. */
  setStatus(run: Run, status: RunStatus, message?: string): void {
    if (isTerminal(run.status)) return;
    run.status = status;
    const { notify, store, secrets, log } = this.#deps;
    // SECURITY: scrubbed whole, then cut: a cut through a typed key would leave its first characters,
    // which no exact-value scrubber matches, in the relayed line and in the stored status message.
    const told = message ? secrets.scrubContent(message).slice(0, 2000) : undefined;
    notify('run.status', { run_id: run.id, status, ...(told ? { message: told } : {}) });
    if (isTerminal(status)) {
      store.finishRun(run.id, status, new Date().toISOString(), told);
      if (this.#active === run) this.#active = undefined;
      log({ event: 'run-ended', runId: run.id, status });
    }
  }

  /** Stores and relays one agent event under the run's next number. */
  emit(run: Run, raw: AgentEvent): void {
    // SECURITY: the seed's rule: after a terminal status, nothing more is emitted for that run.
    if (isTerminal(run.status)) return;
    const seq = run.seq++;
    // SECURITY: scrubbed before it is stored (runtime.sqlite and its WAL) or relayed: a model that
    // echoes a typed secret, escaped or spaced out, leaves no copy for `session.history` to replay.
    const event = this.#deps.secrets.scrubContent(raw);
    this.#deps.store.appendEvent(run.id, seq, event);
    this.#deps.notify('agent.event', { run_id: run.id, seq, event });
  }

  /** Relays how much of the model's context is left (`run.context`), while the run runs. */
  context(run: Run, percentLeft: number): void {
    if (!isTerminal(run.status))
      this.#deps.notify('run.context', { run_id: run.id, context_left_percent: percentLeft });
  }

  /** `run.cancel`: aborts the run's model call and pending UI requests; an ended run answers `ok: false`. */
  cancel(params: ParamsOf<'run.cancel'>): ResultOf<'run.cancel'> {
    const run = this.#runs.get(params.run_id);
    if (run === undefined) throw new RpcError(RpcErrorCode.RunNotFound, `no run ${params.run_id}`);
    if (isTerminal(run.status)) return { ok: false, status: run.status };
    run.abort.abort(params.reason ?? 'cancelled by the UI');
    this.setStatus(run, 'cancelled', params.reason);
    return { ok: true, status: 'cancelled' };
  }
}
