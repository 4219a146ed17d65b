import type { RpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import type { ParamsOf, ResultOf } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { isTerminal, type Run, type TerminalStatus } from './run-ledger.ts';
import type { SessionStore, StoredRun } from './session-store.ts';

/** The message of a replayed run that was stored as running but that no process runs any more. */
const INTERRUPTED =
  'this run was interrupted: the runtime process stopped while it ran (killed or crashed), so its events end here';

/**
 * The terminal `run.status` a replayed run ends with (the UI stops its spinner and waits for no
 * `final`): the stored one, or `error` for a run stored as running that this process is not
 * running (its process was killed or crashed). Undefined for the run that is running now.
 */
export function replayedStatus(
  stored: StoredRun,
  live: Run | undefined,
): { status: TerminalStatus; message?: string } | undefined {
  const status = stored.status as Run['status'];
  if (isTerminal(status)) return { status, ...(stored.message ? { message: stored.message } : {}) };
  if (live !== undefined && !isTerminal(live.status)) return undefined;
  return { status: 'error', message: INTERRUPTED };
}

/**
 * `session.history`: replays a session's stored runs as notifications. Each replayed run is
 * numbered 0..N as the seed says: the user's message first (seq 0, a hidden_user_message), its
 * stored events after it; `meta.replayed` marks them as history. A run that ended says so.
 */
export function replaySession(
  notify: RpcPeer['notify'],
  store: SessionStore,
  params: ParamsOf<'session.history'>,
  live: (runId: string) => Run | undefined,
): ResultOf<'session.history'> {
  const history = store.history(params.session_id, params.max_runs ?? 20, params.max_events ?? 1500);
  let sent = 0;
  for (const run of history.runs) {
    const meta = { replayed: true };
    notify('agent.event', {
      run_id: run.run_id,
      seq: 0,
      event: { type: 'hidden_user_message', content: run.user_message },
      meta,
    });
    sent += 1;
    for (const stored of history.events.filter((e) => e.run_id === run.run_id)) {
      notify('agent.event', { run_id: stored.run_id, seq: stored.seq + 1, event: stored.event, meta });
      sent += 1;
    }
    const ended = replayedStatus(run, live(run.run_id));
    if (ended !== undefined) notify('run.status', { run_id: run.run_id, ...ended });
  }
  return { runs: history.runs.length, events_sent: sent, ...(history.truncated ? { truncated: true } : {}) };
}
