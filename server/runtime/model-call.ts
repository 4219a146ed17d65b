import type { ChatMessage, ChatRequest, EndpointSettings } from '../../generator/model/chat-client.ts';
import { createStreamRedactor } from '../../shared/redact.ts';
import type { AgentContext } from './agent.ts';
import { createProseLines } from './prose-lines.ts';

/**
 * The agent's calls to the model: each streams the answer's prose to the UI as `text` events,
 * puts the session's earlier turns after the system prompt, and on an HTTP 401 asks the user for
 * an API key once (a secret prompt) and tries again with it. The endpoint with the accepted key
 * and the last answer are named fields, read by the run between turns.
 */
export class ModelCall {
  /** The endpoint the next call goes to (its key is the one the user typed, once one was asked). */
  endpoint: EndpointSettings;
  /** The last complete answer (the run reads its pick block or program from it). */
  lastAnswer = '';

  constructor(
    private readonly ctx: AgentContext,
    /** The session's earlier turns (and pick rounds), which the run keeps appending to. */
    private readonly history: ChatMessage[],
  ) {
    this.endpoint = ctx.endpoint;
  }

  /** One turn of the repair loop: the answer, its prose already streamed as text. */
  async chat(request: ChatRequest): Promise<string> {
    const ctx = this.ctx;
    const lines = createProseLines((line) => ctx.emit({ type: 'text', content: line, timestamp: Date.now() }));
    // SECURITY: the words are redacted as one stream before they are cut into lines: a secret the
    // model spreads over two lines would otherwise reach the store as two halves no scrub matches.
    const redactor = createStreamRedactor();
    // The loop's messages are [system, request, (answer, repair)*]; the session's earlier turns go after the
    // system prompt.
    const [system, ...rest] = request.messages;
    const call = (e: EndpointSettings) =>
      ctx.chat({
        ...request,
        endpoint: e,
        messages: [...(system ? [system] : []), ...this.history, ...rest],
        signal: ctx.signal,
        onDelta: (d) => lines.push(redactor.push(d)),
      });
    let answer: string;
    try {
      answer = await call(this.endpoint);
    } catch (error) {
      if (!/HTTP 401/.test(String(error)) || ctx.signal.aborted) throw error;
      answer = await this.withTypedKey(error, call);
    }
    lines.push(redactor.end());
    lines.end();
    this.lastAnswer = answer;
    return answer;
  }

  /** The endpoint answered 401: ask for a key as a secret, and call again with it. */
  private async withTypedKey(error: unknown, call: (e: EndpointSettings) => Promise<string>): Promise<string> {
    const ctx = this.ctx;
    ctx.status('awaiting_ui');
    // SECURITY: the key is asked as a secret; it lives in this process's memory only (never logged, stored or
    // emitted).
    const { value } = await ctx.prompt({
      run_id: ctx.runId,
      title: 'API key needed',
      message: `The model endpoint ${this.endpoint.baseUrl} asks for an API key.`,
      secret: true,
    });
    ctx.status('running');
    if (value === null || value === '')
      throw new Error('the model endpoint needs an API key and none was given', { cause: error });
    this.endpoint = { ...this.endpoint, apiKey: value };
    try {
      const answer = await call(this.endpoint);
      ctx.keyAccepted?.(value);
      return answer;
    } catch (retry) {
      if (ctx.signal.aborted) throw retry;
      // SECURITY: the endpoint's answer (or fetch's own error) can quote the key; only the status leaves this
      // function.
      const status = /HTTP (\d{3})/.exec(String(retry))?.[1];
      throw new Error(
        `the model endpoint did not accept the API key typed in the prompt ` +
          `(${status ? `HTTP ${status}` : 'the request could not be sent with it'}); check the key and ` +
          `start the run again`,
      );
    }
  }
}
