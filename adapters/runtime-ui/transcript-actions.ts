import type { RpcPeer } from './rpc-peer.ts';
import type { RunRegistry } from './run-registry.ts';
import { TERMINAL_STATUSES } from './transcript-state.ts';
import type { TranscriptActions, TranscriptModel } from './transcript-view.ts';

/** The runtime's sessions as this window knows them. */
export interface RuntimeSessions {
  /** The session the next run continues (set by resuming one). */
  current?: string;
  /** Session ids in the order `model.sessions` shows them (`session.list`). */
  listed: string[];
}

/** What the transcript's actions reach. */
export interface TranscriptActionsOptions {
  model: TranscriptModel;
  runs: RunRegistry;
  sessions: RuntimeSessions;
  /** The peer of the current runtime process (it changes when the runtime restarts). */
  peer(): RpcPeer;
  /** Start a run with this text. */
  send(text: string): void;
  /** Ask the bridge to restart the runtime process. */
  restart(): void;
  problem(message: string): void;
  changed(): void;
}

const failed = (method: string, problem: (message: string) => void) => (error: unknown) =>
  problem(`${method} failed: ${error instanceof Error ? error.message : String(error)}`);

/** The user's actions in the transcript (cancel, restart, the model, sessions), as seed-002 requests. */
export function createTranscriptActions(options: TranscriptActionsOptions): TranscriptActions {
  const { model, runs, sessions, problem, changed } = options;
  return {
    send: (text) => options.send(text),
    cancel(key) {
      const run = runs.byViewKey(key);
      // SECURITY: a cancel goes only to the runtime process that runs the run (another one may reuse its id).
      if (
        run === undefined ||
        run.runId === '' ||
        TERMINAL_STATUSES.has(run.status) ||
        run.ended !== undefined ||
        run.generation !== runs.generation
      )
        return;
      options
        .peer()
        .request('run.cancel', { run_id: run.runId, reason: 'cancelled by the user' })
        .then(
          (result) => runs.setStatus(run, result.ok ? 'cancelled' : (result.status ?? run.status)),
          failed('run.cancel', problem),
        );
    },
    restart() {
      model.runtimeDown = undefined;
      options.restart();
      changed();
    },
    setModel(index) {
      const name = model.models?.names[index];
      if (name === undefined) return;
      options
        .peer()
        .request('model.set', { name })
        .then(
          (result) => {
            model.models = { names: model.models?.names ?? [], current: result.name };
            changed();
          },
          failed('model.set', problem),
        );
    },
    listSessions() {
      options
        .peer()
        .request('session.list', { limit: 50 })
        .then(
          (result) => {
            sessions.listed = result.sessions.map((s) => s.session_id);
            model.sessions = result.sessions.map((s) => ({
              label: `${s.last_user_message ?? s.session_id} · ${s.message_count ?? '?'} runs · ${s.updated_at}`,
            }));
            changed();
          },
          failed('session.list', problem),
        );
    },
    resume(index) {
      const id = sessions.listed[index];
      if (id === undefined) return;
      sessions.current = id;
      // The history arrives as agent.events (the user's message first), shown as replayed runs.
      options.peer().request('session.history', { session_id: id }).catch(failed('session.history', problem));
    },
  };
}
