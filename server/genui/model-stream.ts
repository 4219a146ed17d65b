import { completionsUrl } from '../../generator/model/chat-client.ts';
import { readSseData } from '../../generator/model/sse.ts';
import type { LlmConfig } from '../config.ts';

/** A chat message for an OpenAI-compatible endpoint (content only; tool calls are replayed as text). */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a streamed completion yields, piece by piece. */
export type ModelDelta = { kind: 'content'; text: string } | { kind: 'tool'; index: number; name?: string; arguments: string };

/** The two UI commands as OpenAI tools (streamed `arguments` are the command's body). */
export const UI_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'addOrUpdateSurface',
      description: 'Show a UI surface, or replace it whole: {surfaceId, definition: {root, widgets: [{id, widget: {"<Name>": {props}}}]}}.',
      parameters: { type: 'object', properties: { surfaceId: { type: 'string' }, definition: { type: 'object', properties: { root: { type: 'string' }, widgets: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, widget: { type: 'object' } }, required: ['id', 'widget'] } } }, required: ['root', 'widgets'] } }, required: ['surfaceId', 'definition'] },
    },
  },
  { type: 'function', function: { name: 'deleteSurface', description: 'Remove a UI surface.', parameters: { type: 'object', properties: { surfaceId: { type: 'string' } }, required: ['surfaceId'] } } },
] as const;

/**
 * Streams one chat completion from an OpenAI-compatible endpoint and hands every content and
 * tool-call delta to `onDelta` as it arrives. SECURITY: the key goes only into this request's
 * Authorization header; errors quote the endpoint's body, never the request. Resolves when the
 * stream ends (`[DONE]` or the end of the body); rejects on HTTP errors, a stream `error`, a cut
 * connection, or `signal` (the browser went away).
 */
export async function streamModel(llm: LlmConfig, messages: readonly ModelMessage[], onDelta: (delta: ModelDelta) => void, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (llm.apiKey.trim() !== '') headers.authorization = `Bearer ${llm.apiKey.trim()}`;
  const body = { model: llm.model, messages, stream: true, temperature: 0.2, ...(llm.tools ? { tools: UI_TOOLS } : {}) };
  const response = await fetch(completionsUrl(llm.baseUrl), { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`the model endpoint answered HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
  }
  if (response.body === null) throw new Error('the model endpoint answered without a body');
  await readSseData(response.body, (payload) => {
    let chunk: { error?: { message?: unknown }; choices?: Array<{ delta?: { content?: unknown; tool_calls?: unknown } }> };
    try {
      chunk = JSON.parse(payload) as typeof chunk;
    } catch {
      throw new Error(`the model endpoint sent a data line that is not JSON: ${payload.slice(0, 120)}`);
    }
    if (chunk?.error !== undefined) throw new Error(`the model endpoint reported an error: ${String(chunk.error.message ?? 'unknown')}`);
    const delta = chunk?.choices?.[0]?.delta;
    if (typeof delta?.content === 'string' && delta.content !== '') onDelta({ kind: 'content', text: delta.content });
    if (Array.isArray(delta?.tool_calls)) {
      for (const call of delta.tool_calls as Array<{ index?: unknown; function?: { name?: unknown; arguments?: unknown } }>) {
        const index = typeof call?.index === 'number' ? call.index : 0;
        const name = typeof call?.function?.name === 'string' ? call.function.name : undefined;
        const args = typeof call?.function?.arguments === 'string' ? call.function.arguments : '';
        onDelta({ kind: 'tool', index, ...(name ? { name } : {}), arguments: args });
      }
    }
  });
}
