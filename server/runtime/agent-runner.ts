import { RpcError, type RpcPeer } from '../../adapters/runtime-ui/rpc-peer.ts';
import { RpcErrorCode, type ParamsOf } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { streamChat, type ChatRequest, type EndpointSettings } from '../../generator/model/chat-client.ts';
import { systemPrompt } from '../../generator/prompt/index.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { runAgent } from './agent.ts';
import type { ModelChoice } from './model-choice.ts';
import { PICK_TOOL_PROMPT } from './pick-tool.ts';
import { publishProgram } from './publish.ts';
import type { Run, RunLedger } from './run-ledger.ts';
import type { SecretScrubber } from './secret-scrubber.ts';
import type { SessionStore } from './session-store.ts';

/** What a run needs beyond its ledger: the endpoint, the chat call, the suip server and the bounds. */
export interface AgentRunnerOptions {
  endpoint: EndpointSettings;
  chat?(request: ChatRequest): Promise<string>;
  server?: { url: string; agentToken: string };
  maxTurns?: number;
  contextChars?: number;
  store: SessionStore;
  ledger: RunLedger;
  models: ModelChoice;
  secrets: SecretScrubber;
  /** The UI requests (`ui.confirm` / `ui.prompt` / `ui.pick`) go through the runtime's peer. */
  request: RpcPeer['request'];
  log(event: Record<string, unknown>): void;
}

/**
 * Runs the suip agent for one run at a time: wires `runAgent` to the ledger (events, statuses),
 * the UI requests (each interrupted by a cancel) and the suip server, and ends the run with
 * `completed`, `cancelled` or `error`. It remembers the API key typed into the secret prompt.
 */
export class AgentRunner {
  /**
   * SECURITY: the API key the user typed into the secret prompt, remembered for this runtime
   * process (the UI's session) so the next run does not ask again: in memory only, never stored,
   * logged or emitted (the scrubber holds it too). A key the endpoint refuses later is asked anew.
   */
  #typedKey: string | undefined;
  readonly #system = `${systemPrompt(BUILTIN_VOCABULARY)}\n\n${PICK_TOOL_PROMPT}`;
  readonly #options: AgentRunnerOptions;

  constructor(options: AgentRunnerOptions) {
    this.#options = options;
  }

  /** Runs the agent on the user's text; never throws (a failure ends the run with `error`). */
  async execute(run: Run, text: string): Promise<void> {
    const { ledger, store, log } = this.#options;
    ledger.setStatus(run, 'running');
    try {
      const outcome = await runAgent({
        runId: run.id,
        request: text,
        history: store.turns(run.sessionId, 10).slice(0, -1),
        ...this.#model(),
        system: this.#system,
        maxTurns: this.#options.maxTurns ?? 3,
        signal: run.abort.signal,
        chat: this.#options.chat ?? streamChat,
        emit: (event) => ledger.emit(run, event),
        status: (status) => ledger.setStatus(run, status),
        context: (percent) => ledger.context(run, percent),
        ...this.#ui(run),
        publish: this.#publisher(run),
        contextChars: this.#options.contextChars ?? 128_000 * 4,
      });
      ledger.emit(run, { type: 'final', content: outcome.final });
      ledger.setStatus(run, 'completed');
    } catch (error) {
      if (run.abort.signal.aborted) return ledger.setStatus(run, 'cancelled');
      const message = error instanceof Error ? error.message : String(error);
      log({ event: 'run-failed', runId: run.id, error: message });
      ledger.setStatus(run, 'error', message);
    }
  }

  /** The endpoint with the chosen model and the remembered key, and the hook that remembers an accepted key. */
  #model() {
    const key = this.#typedKey;
    return {
      endpoint: {
        ...this.#options.endpoint,
        model: this.#options.models.current,
        ...(key !== undefined ? { apiKey: key } : {}),
      },
      keyAccepted: (accepted: string) => void (this.#typedKey = accepted),
    };
  }

  /** The UI requests of one run; a secret typed into a prompt joins the scrubber before anything echoes it. */
  #ui(run: Run) {
    const { request, secrets } = this.#options;
    return {
      confirm: (params: ParamsOf<'ui.confirm.request'>) => ask(run, request('ui.confirm.request', params)),
      prompt: async (params: ParamsOf<'ui.prompt.request'>) => {
        const answer = await ask(run, request('ui.prompt.request', params));
        if (params.secret === true && typeof answer.value === 'string') secrets.add(answer.value);
        return answer;
      },
      pick: (params: ParamsOf<'ui.pick.request'>) => ask(run, request('ui.pick.request', params)),
    };
  }

  /** Publishing to the suip server, when one is configured; aborted with the run. */
  #publisher(run: Run) {
    const server = this.#options.server;
    if (server === undefined) return undefined;
    return (code: string, title: string) =>
      publishProgram(server.url, server.agentToken, code, title, run.abort.signal);
  }
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
