import { redact } from '../../shared/redact.ts';
import { readSse, type SseProblem } from '../../shared/sse-reader.ts';

/** One chat message in the OpenAI chat-completions format. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Where to send requests: any server that speaks OpenAI-compatible chat-completions streaming. */
export interface EndpointSettings {
  /** Base URL up to and including the version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when not empty (local servers often need none). */
  apiKey: string;
}

/** The three clocks of one model stream, in milliseconds. */
export interface ChatTimeouts {
  /** From the request to the answer's first event (headers and keep-alive comments do not count). */
  firstByteMs: number;
  /** The longest silence between two events once it started (keep-alive comments are silence). */
  idleMs: number;
  /** The whole request, from start to the last byte. */
  totalMs: number;
}

/** The defaults: generous for a slow model, short enough that a dead endpoint frees its request. */
export const DEFAULT_CHAT_TIMEOUTS: ChatTimeouts = { firstByteMs: 30_000, idleMs: 30_000, totalMs: 180_000 };

/** One streamed piece of a tool call (OpenAI `delta.tool_calls[]`): its `arguments` arrive in pieces. */
export interface ToolCallDelta {
  index: number;
  name?: string;
  arguments: string;
}

/** A line of the stream that was skipped (not JSON, too long, not an SSE field): the stream went on without it. */
export interface ChatStreamProblem {
  kind: SseProblem['kind'] | 'not-json';
  /** Redacted, written for a person or a model. */
  message: string;
  /** Characters of content received before the problem (where the answer has a hole). */
  afterChars: number;
}

/** A request to stream one completion. */
export interface ChatRequest {
  endpoint: EndpointSettings;
  messages: readonly ChatMessage[];
  /** Called with each piece of content as it arrives. */
  onDelta?: (delta: string) => void;
  signal?: AbortSignal;
  temperature?: number;
  /** OpenAI function tools offered to the model (sent as `tools`). */
  tools?: readonly unknown[];
  /** Called with each piece of a tool call as it arrives. */
  onToolCall?: (delta: ToolCallDelta) => void;
  /**
   * A line that was skipped: the answer has a hole there. Without it, the first such line ends the call with an error.
   */
  onProblem?: (problem: ChatStreamProblem) => void;
  /** Override some of `DEFAULT_CHAT_TIMEOUTS`. */
  timeouts?: Partial<ChatTimeouts>;
}

/** Why a chat call failed, as a stable code. */
export type ChatErrorCode = 'model_timeout' | 'model_http_error' | 'model_stream_error' | 'model_unreachable';

/** A failed chat call. SECURITY: `message` is redacted (an endpoint may echo the request's Authorization header). */
export class ChatError extends Error {
  constructor(
    readonly code: ChatErrorCode,
    message: string,
    /** The HTTP status, for `model_http_error`. */
    readonly status?: number,
  ) {
    super(redact(message));
    this.name = 'ChatError';
  }
}

/** The most of an error body read (the rest is not read at all). */
const MAX_ERROR_BODY = 16 * 1024;

/** The URL of the chat-completions route under a base URL, tolerant of a trailing slash. */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

/**
 * Streams one chat completion and resolves with the whole content. The tree's one chat client:
 * the `/genUI` turn, the runtime, the canvas model answer and the playground's repair loop use it.
 * Reads `data:` events (the shared SSE reader) until `[DONE]` or the end of the body, taking
 * content and tool-call deltas from `choices[0].delta`. Three clocks (`timeouts`) abort the
 * request: no first event, a silence (keep-alives are silence), too long in all; each rejects with `ChatError`
 * `model_timeout`. An HTTP error, an `error` object in the stream, or a cut connection rejects with
 * a `ChatError` whose text is redacted. A data line that is not JSON is handed to `onProblem` and
 * skipped (the rest of the answer still arrives); without `onProblem` it ends the call.
 */
export async function streamChat(request: ChatRequest): Promise<string> {
  const { endpoint, messages, onDelta, signal } = request;
  const timeouts = { ...DEFAULT_CHAT_TIMEOUTS, ...request.timeouts };
  const controller = new AbortController();
  let timedOut: string | undefined;
  const expire = (why: string) => {
    timedOut = why;
    controller.abort();
  };
  const onAbort = () => controller.abort();
  if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
  signal?.addEventListener('abort', onAbort, { once: true });
  const total = setTimeout(() => expire(`the model did not finish within ${timeouts.totalMs} ms`), timeouts.totalMs);
  let idle = setTimeout(
    () => expire(`the model sent nothing for ${timeouts.firstByteMs} ms after the request`),
    timeouts.firstByteMs,
  );
  const heard = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => expire(`the model went silent for ${timeouts.idleMs} ms in the middle of its answer`),
      timeouts.idleMs,
    );
  };
  const fail = (error: unknown): never => {
    if (signal?.aborted) throw signal.reason ?? error;
    if (timedOut !== undefined) throw new ChatError('model_timeout', timedOut);
    if (error instanceof ChatError) throw error;
    throw new ChatError(
      'model_stream_error',
      `the model's stream broke: ${error instanceof Error ? error.message : String(error)}`,
    );
  };

  let answer = '';
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (endpoint.apiKey.trim() !== '') headers.authorization = `Bearer ${endpoint.apiKey.trim()}`;
    const body = {
      model: endpoint.model,
      messages,
      stream: true,
      temperature: request.temperature ?? 0.2,
      ...(request.tools ? { tools: request.tools } : {}),
    };
    let response: Response;
    try {
      response = await fetch(completionsUrl(endpoint.baseUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted || timedOut !== undefined) fail(error);
      throw fetchFailed(error);
    }
    if (!response.ok) {
      const text = await boundedText(response).catch(() => '');
      // SECURITY: redacted whole before it is cut (a cut could leave half a key unmatched).
      throw new ChatError(
        'model_http_error',
        `the model endpoint answered HTTP ${response.status}${text ? `: ${redact(text).slice(0, 300)}` : ''}`,
        response.status,
      );
    }
    if (response.body === null) throw new ChatError('model_stream_error', 'the model endpoint answered without a body');
    await readSse(
      response.body,
      ({ data }) => {
        // Only an event is the model speaking: a keep-alive comment (`: ping`) resets no clock, so a
        // stream of nothing but keep-alives is cut by the idle clock, not after the whole total one.
        heard();
        if (data.trim() === '[DONE]') return false;
        const chunk = parseChunk(data);
        if (chunk === undefined) {
          const problem: ChatStreamProblem = {
            kind: 'not-json',
            message: `the model endpoint sent a data line that is not JSON, skipped: ${redact(data).slice(0, 120)}`,
            afterChars: answer.length,
          };
          if (request.onProblem === undefined) throw new ChatError('model_stream_error', problem.message);
          request.onProblem(problem);
          return true;
        }
        if (chunk.error !== undefined)
          throw new ChatError('model_stream_error', `the model endpoint reported an error: ${errorText(chunk.error)}`);
        const choice = chunk.choices?.[0];
        const content = choice?.delta?.content ?? choice?.message?.content;
        if (typeof content === 'string' && content !== '') {
          answer += content;
          onDelta?.(content);
        }
        if (request.onToolCall !== undefined) forwardToolCalls(choice?.delta?.tool_calls, request.onToolCall);
        return true;
      },
      {
        onProblem: (p) => {
          heard();
          const problem: ChatStreamProblem = {
            kind: p.kind,
            message: redact(`${p.message}: ${p.preview}`),
            afterChars: answer.length,
          };
          if (request.onProblem === undefined) throw new ChatError('model_stream_error', problem.message);
          request.onProblem(problem);
        },
      },
    );
  } catch (error) {
    fail(error);
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    signal?.removeEventListener('abort', onAbort);
  }
  return answer;
}

/** Why a fetch of the endpoint failed: a connection it cut (its answer lost), or one never made. */
function fetchFailed(error: unknown): ChatError {
  // An endpoint that took the request and then closed the connection was reached: its answer was cut.
  const cut = connectionCut(error);
  if (cut !== undefined)
    return new ChatError(
      'model_stream_error',
      `the model endpoint closed the connection before its answer could ` +
        `be read (${cut}); what it sent, if anything, was lost`,
    );
  return new ChatError(
    'model_unreachable',
    `the model endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** Hands each tool-call delta of a chunk to `onToolCall` (index 0 and empty arguments when absent). */
function forwardToolCalls(calls: unknown, onToolCall: NonNullable<ChatRequest['onToolCall']>): void {
  if (!Array.isArray(calls)) return;
  for (const call of calls as Array<{ index?: unknown; function?: { name?: unknown; arguments?: unknown } } | null>) {
    const index = typeof call?.index === 'number' ? call.index : 0;
    const name = typeof call?.function?.name === 'string' ? call.function.name : undefined;
    const args = typeof call?.function?.arguments === 'string' ? call.function.arguments : '';
    onToolCall({ index, ...(name !== undefined ? { name } : {}), arguments: args });
  }
}

/** Socket errors (Node's fetch) of a connection the endpoint accepted and then closed; not of one never made. */
const CUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** Why a failed fetch was a cut connection (the cause's message), or undefined when the endpoint was not reached. */
function connectionCut(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code !== 'string' || !CUT_CODES.has(cause.code)) return undefined;
  return typeof cause.message === 'string' ? cause.message.slice(0, 120) : cause.code;
}

type Chunk = {
  error?: unknown;
  choices?: Array<{ delta?: { content?: unknown; tool_calls?: unknown }; message?: { content?: unknown } }>;
};

/** One data payload as a chunk object, or undefined when it is not JSON (a non-object is an empty chunk). */
function parseChunk(data: string): Chunk | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null ? (value as Chunk) : {};
}

/** The text of a stream's `error` member, bounded (redacted by `ChatError`). */
function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' ? message : (JSON.stringify(error) ?? 'unknown')).slice(0, 2000);
}

/** The first `MAX_ERROR_BODY` bytes of a response body as text; the rest is never read. */
async function boundedText(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < MAX_ERROR_BODY) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.length;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}
