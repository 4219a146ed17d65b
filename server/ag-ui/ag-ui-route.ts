import { EventEncoder } from '@ag-ui/encoder';
import { EventType, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { VocabularyEntry } from '../../shared/index.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { ChatError, streamChat, type ChatMessage } from '../../generator/model/chat-client.ts';
import { systemPrompt } from '../../generator/prompt/system-prompt.ts';
import { createStreamRedactor, redactError } from '../../shared/redact.ts';
import type { LlmConfig } from '../config.ts';
import { HttpError } from '../http/http-error.ts';
import type { Route } from '../http/route.ts';
import { messageText } from '../../shared/neighbours/ag-ui/message-text.ts';
import { measureJson } from '../../shared/json-shape.ts';
import { AnswerStream, RENDER_TOOL } from './answer-stream.ts';

/** Messages of a request sent to the model (the newest), and characters of each. */
const MAX_MESSAGES = 100;
const MAX_MESSAGE_CHARS = 64_000;
/** Nesting depth of a JSON string inside the body (tool-call arguments, tool results), measured before `JSON.parse`. */
const MAX_NESTED_DEPTH = 64;

/** Options of the AG-UI route. */
export interface AgUiRouteOptions {
  /** The model; absent = every run ends in a `RUN_ERROR` that says how to configure one. */
  llm?: LlmConfig;
  /** Body limit in bytes (default 4 MiB), enforced by the edge before parsing. */
  maxBodyBytes?: number;
  vocabulary?: readonly VocabularyEntry[];
  /** Runs streaming at once (default 16); one more is answered 503 `UNAVAILABLE` with Retry-After. */
  maxRuns?: number;
  /** Characters of the model's answer (default 200 000); past it the run ends in `RUN_ERROR answer_too_long`. */
  maxAnswerChars?: number;
  /** Bytes of SSE waiting for a slow reader (default 1 MiB); past it the run and its model call are aborted. */
  maxBufferedBytes?: number;
  log(event: Record<string, unknown>): void;
}

/**
 * `JSON.parse(text)` once its nesting is known to be within `MAX_NESTED_DEPTH`; undefined otherwise or when it is not
 * JSON.
 */
function parseNested(text: string): unknown {
  // SECURITY: a string inside an already-bounded body is parsed again here, so it is bounded again (depth) first.
  if (measureJson(text, MAX_NESTED_DEPTH).truncated) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const clip = (text: string) =>
  text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}\n[… cut]` : text;

/**
 * The AG-UI conversation as chat messages for suip's model loop: programs as fenced code, tool results (the repair
 * loop's errors) as the user's turn.
 */
export function toChatMessages(input: RunAgentInput, vocabulary: readonly VocabularyEntry[]): ChatMessage[] {
  const context = input.context.slice(0, 20).map((c) => `- ${c.description.slice(0, 200)}: ${c.value.slice(0, 4000)}`);
  const system = [
    systemPrompt(vocabulary),
    '',
    'You are an AG-UI agent: answer in prose, and when UI helps, add one ```js block with a ' +
      'complete suip program; the page runs it sandboxed and tells you whether it rendered.',
    "The program can read the shared agent state with suip.onInput('agui.state', " +
      "(state) => ...) and send the user's choice with suip.output('action', value).",
    ...(context.length > 0 ? ['', 'Context from the application:', ...context] : []),
  ].join('\n');
  const out: ChatMessage[] = [{ role: 'system', content: system }];
  for (const message of input.messages.slice(-MAX_MESSAGES) as Message[]) {
    if (message.role === 'user') out.push({ role: 'user', content: clip(messageText(message.content)) });
    else if (message.role === 'assistant') {
      const programs = (message.toolCalls ?? [])
        .filter((c) => c.function.name === RENDER_TOOL)
        .map((c) => {
          const args = parseNested(c.function.arguments) as { code?: unknown } | undefined;
          return typeof args === 'object' && args !== null ? `\n\`\`\`js\n${String(args.code ?? '')}\n\`\`\`` : '';
        });
      out.push({ role: 'assistant', content: clip(messageText(message.content) + programs.join('')) });
    } else if (message.role === 'tool') {
      // The page's verdict on the program: its errors are already worded for a repair turn.
      // Not JSON (or too deep): passed on as the page wrote it.
      let verdict = messageText(message.content);
      const parsed = parseNested(verdict) as { rendered?: boolean; errors?: string } | undefined;
      if (typeof parsed === 'object' && parsed !== null)
        verdict =
          parsed.rendered === false
            ? String(parsed.errors ?? verdict)
            : parsed.rendered === true
              ? 'The program rendered in the page.'
              : verdict;
      out.push({ role: 'user', content: clip(verdict) });
    }
  }
  return out;
}

/**
 * `POST /ag-ui`: suip's model loop as an AG-UI agent, for any AG-UI client (`HttpAgent`,
 * CopilotKit's runtime, `suip/ag-ui`). The body is a `RunAgentInput`, bounded by the edge and
 * checked with `@ag-ui/core`'s schema; the answer is an SSE stream written by `@ag-ui/encoder`:
 * the model's prose as a text message, its program as a `suip_render_program` tool call whose
 * `code` argument streams as the model writes it (the page runs it sandboxed and returns the
 * renderer's errors as the tool result, which comes back here as the next turn: the repair loop
 * across runs). Without a model, the run is a `RUN_ERROR` (`model_not_configured`) that says how
 * to configure one. A client that goes away aborts the model call.
 */
export function agUiRoutes(options: AgUiRouteOptions): Route[] {
  const vocabulary = options.vocabulary ?? BUILTIN_VOCABULARY;
  const maxRuns = options.maxRuns ?? 16;
  const maxAnswer = options.maxAnswerChars ?? 200_000;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  let running = 0;
  return [
    {
      method: 'POST',
      path: '/ag-ui',
      // SECURITY: the route spends the server's model key; the edge answers only to the server's own Host names and
      // allowed Origins before this runs.
      body: { kind: 'json', maxBytes: options.maxBodyBytes ?? 4 << 20 },
      async handle(request, response, _url, context) {
        const input = readRunInput(context.body);
        // Each run holds a model call and a stream: a budget of runs at once, answered with a typed 503.
        if (running >= maxRuns) {
          options.log({ event: 'ag-ui-refused', code: 'UNAVAILABLE', running });
          response.setHeader('retry-after', '2');
          throw new HttpError(
            503,
            'UNAVAILABLE',
            `this server is streaming ${maxRuns} AG-UI runs already; retry after the Retry-After seconds`,
          );
        }
        running += 1;
        response.once('close', () => (running -= 1));
        const encoder = new EventEncoder({ accept: request.headers.accept });
        const controller = new AbortController();
        // Why the run stopped early: the client left, it read too slowly, or the answer passed its bound.
        let stopped: 'client_gone' | 'slow_reader' | 'answer_too_long' | undefined;
        const stop = (why: NonNullable<typeof stopped>) => {
          stopped ??= why;
          controller.abort();
        };
        response.on('close', () => {
          if (!response.writableFinished) stop('client_gone');
        });
        response.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
        const send = (event: Record<string, unknown>) => {
          if (stopped === 'client_gone' || stopped === 'slow_reader' || response.destroyed) return;
          // Backpressure: the model's deltas cannot wait, so what the reader has not taken is bounded;
          // past the bound the run ends (its model call aborted) instead of buffering without end.
          if (!response.write(encoder.encodeSSE(event as BaseEvent)) && response.writableLength > maxBuffered) {
            options.log({ event: 'ag-ui-aborted', code: 'slow_reader', buffered: response.writableLength });
            stop('slow_reader');
            response.destroy();
          }
        };
        const { threadId, runId } = input;
        send({ type: EventType.RUN_STARTED, threadId, runId });
        if (options.llm === undefined) {
          send({
            type: EventType.RUN_ERROR,
            code: 'model_not_configured',
            message:
              'this suip server has no model: start it with --llm-url <OpenAI-compatible base ' +
              'URL> and --llm-model <name> (the key in SUIP_LLM_KEY or --llm-key-file)',
          });
          return void response.end();
        }
        const started = Date.now();
        const answer = new AnswerStream(send);
        // SECURITY: the model's own words are redacted of every registered secret (escaped or
        // spaced too) before they are split or sent.
        const redactor = createStreamRedactor();
        const take = (delta: string) => {
          if (stopped !== undefined || delta === '') return;
          if (answer.length + delta.length > maxAnswer) return stop('answer_too_long');
          answer.push(delta);
        };
        try {
          await streamChat({
            endpoint: { baseUrl: options.llm.baseUrl, model: options.llm.model, apiKey: options.llm.apiKey },
            messages: toChatMessages(input, vocabulary),
            signal: controller.signal,
            ...(options.llm.timeouts ? { timeouts: options.llm.timeouts } : {}),
            onDelta: (delta) => take(redactor.push(delta)),
          });
          take(redactor.end());
          if (stopped !== undefined) throw new Error(stopped);
          answer.end();
          send({ type: EventType.RUN_FINISHED, threadId, runId });
          options.log({ event: 'ag-ui-run', ms: Date.now() - started, chars: answer.length, program: answer.codeOpen });
        } catch (error) {
          if (stopped === 'answer_too_long') {
            send({
              type: EventType.RUN_ERROR,
              code: 'answer_too_long',
              message:
                `the model's answer passed ${maxAnswer} characters and was cut ` +
                `off; ask for a shorter answer or a smaller program`,
            });
            options.log({ event: 'ag-ui-failed', code: 'answer_too_long' });
            return void response.end();
          }
          if (stopped !== undefined || controller.signal.aborted) return void response.end();
          // SECURITY: redacted: a model endpoint's error text can echo the key.
          const message = redactError(error);
          send({
            type: EventType.RUN_ERROR,
            code: error instanceof ChatError ? error.code : 'model_failed',
            message: `the model did not answer: ${message}`,
          });
          options.log({ event: 'ag-ui-failed', code: error instanceof ChatError ? error.code : 'model_failed' });
        }
        response.end();
      },
    },
  ];
}

/** The body as an AG-UI `RunAgentInput`, or a 400 naming the first path that does not fit. */
function readRunInput(body: unknown): RunAgentInput {
  const checked = RunAgentInputSchema.safeParse(body);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new HttpError(
      400,
      'BAD_REQUEST',
      `the body is not an AG-UI ` +
        `RunAgentInput${first === undefined ? '' : ` (at /${first.path.join('/')}: ${first.message})`}; ` +
        `send {threadId, runId, messages, tools, context, state}`,
    );
  }
  return checked.data as RunAgentInput;
}
