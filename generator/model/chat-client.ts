import { readSseData } from './sse.ts';

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

/** A request to stream one completion. */
export interface ChatRequest {
  endpoint: EndpointSettings;
  messages: readonly ChatMessage[];
  /** Called with each piece of content as it arrives. */
  onDelta?: (delta: string) => void;
  signal?: AbortSignal;
  temperature?: number;
}

/** The URL of the chat-completions route under a base URL, tolerant of a trailing slash. */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

/**
 * Streams one chat completion and resolves with the whole answer. Reads `data:` events until
 * `[DONE]` (or the end of the body), taking `choices[0].delta.content` from each. An HTTP error,
 * an `error` object in the stream, or a body that is not a stream rejects with a readable message.
 */
export async function streamChat(request: ChatRequest): Promise<string> {
  const { endpoint, messages, onDelta, signal } = request;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (endpoint.apiKey.trim() !== '') headers.authorization = `Bearer ${endpoint.apiKey.trim()}`;
  const response = await fetch(completionsUrl(endpoint.baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: endpoint.model, messages, stream: true, temperature: request.temperature ?? 0.2 }),
    signal,
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`the endpoint answered HTTP ${response.status}${body ? `: ${body.slice(0, 300)}` : ''}`);
  }
  if (response.body === null) throw new Error('the endpoint answered without a body');

  let answer = '';
  await readSseData(response.body, (payload) => {
    const delta = contentOf(payload);
    if (delta !== '') {
      answer += delta;
      onDelta?.(delta);
    }
  });
  return answer;
}

/** The content of one streamed chunk; a whole (non-streamed) completion is accepted too. */
function contentOf(payload: string): string {
  let chunk: unknown;
  try {
    chunk = JSON.parse(payload);
  } catch {
    throw new Error(`the endpoint sent a data line that is not JSON: ${payload.slice(0, 120)}`);
  }
  if (typeof chunk !== 'object' || chunk === null) return '';
  const record = chunk as { error?: { message?: unknown }; choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }> };
  if (record.error !== undefined) throw new Error(`the endpoint reported an error: ${String(record.error.message ?? JSON.stringify(record.error))}`);
  const choice = record.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return typeof content === 'string' ? content : '';
}
