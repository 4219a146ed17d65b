import { createRpcPeer, type RpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import type { ChatRequest, EndpointSettings } from '../../generator/model/chat-client.ts';
import { AgentRunner } from './agent-runner.ts';
import { ModelChoice } from './model-choice.ts';
import { RunLedger } from './run-ledger.ts';
import { createSecretScrubber } from './secret-scrubber.ts';
import { replaySession } from './session-replay.ts';
import type { SessionStore } from './session-store.ts';

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

/** The runtime's name and version in `initialize`. */
export const RUNTIME_INFO = { name: 'suip-runtime', version: '0.1.0' } as const;

/** What this runtime supports (seed 002 `initialize`). */
const CAPABILITIES = {
  supports_run_cancel: true,
  supports_ui_requests: true,
  supports_mcp_list: false,
  supports_skills_list: false,
} as const;

/**
 * The suip runtime (seed 002, runtime role): one run at a time (a second `run.start` is -32001),
 * `agent.event`s numbered from 0 per run and stored in SQLite, `run.status` for every change,
 * `run.cancel` aborting the model call and any pending UI request, after which nothing more is
 * emitted for that run. Returns the peer, to feed it the lines read from stdin.
 *
 * It composes the units that hold the state: the run ledger (runs, the active one, the session
 * continued), the model choice, the agent runner (the typed key) and the secret scrubber; the peer
 * maps each seed method to one of them.
 */
export function createSuipRuntime(options: SuipRuntimeOptions): RpcPeer & { readonly activeRun: string | undefined } {
  // SECURITY: values typed into secret prompts are scrubbed from every line, status and log this runtime writes.
  const secrets = createSecretScrubber();
  const log = (event: Record<string, unknown>) => options.log(secrets.scrubValue(event));
  // The units and the peer need each other: the units speak through the peer, which is made last.
  const notify: RpcPeer['notify'] = (method, params) => peer.notify(method, params);
  const { store } = options;
  const ledger = new RunLedger({ notify, store, secrets, log });
  const models = new ModelChoice(options.endpoint.model, options.models);
  const { endpoint, chat, server, maxTurns, contextChars } = options;
  const runner = new AgentRunner({
    ...{ endpoint, chat, server, maxTurns, contextChars, store },
    ledger,
    models,
    secrets,
    log,
    request: (method, params) => peer.request(method, params),
  });
  const peer = createRpcPeer({
    role: 'runtime',
    send: (line) => options.send(secrets.scrubLine(line)),
    onProblem: (problem) => log({ event: 'protocol-problem', kind: problem.kind, message: problem.message }),
    handlers: {
      initialize: () => ({ protocol_version: '0', server: { ...RUNTIME_INFO }, server_capabilities: CAPABILITIES }),
      'run.start': (params) => {
        const run = ledger.start(params);
        // After the response is written: the UI learns the run id before the run's first notification.
        setImmediate(() => void runner.execute(run, params.input.text));
        return { run_id: run.id, session_id: run.sessionId };
      },
      'run.cancel': (params) => ledger.cancel(params),
      'session.list': (params) => ({ sessions: store.list(params.limit ?? 50) }),
      'session.history': (params) => {
        const replayed = replaySession(notify, store, params, (id) => ledger.get(id));
        if (replayed.runs > 0) ledger.resume(params.session_id);
        return replayed;
      },
      'model.list': () => models.list(),
      'model.set': (params) => models.set(params),
    },
  });
  return Object.defineProperty(peer, 'activeRun', { get: () => ledger.active?.id }) as RpcPeer & {
    readonly activeRun: string | undefined;
  };
}
