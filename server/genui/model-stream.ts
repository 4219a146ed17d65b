import { streamChat, type ChatMessage, type ChatStreamProblem } from '../../generator/model/chat-client.ts';
import { createStreamRedactor } from '../../shared/redact.ts';
import type { LlmConfig } from '../config.ts';

/** A chat message for an OpenAI-compatible endpoint (content only; tool calls are replayed as text). */
export type ModelMessage = ChatMessage;

/** What a streamed completion yields, piece by piece. */
export type ModelDelta =
  { kind: 'content'; text: string } | { kind: 'tool'; index: number; name?: string; arguments: string };

/** The two UI commands as OpenAI tools (streamed `arguments` are the command's body). */
export const UI_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'addOrUpdateSurface',
      description:
        'Show a UI surface, or replace it whole: {surfaceId, definition: ' +
        '{root, widgets: [{id, widget: {"<Name>": {props}}}]}}.',
      parameters: {
        type: 'object',
        properties: {
          surfaceId: { type: 'string' },
          definition: {
            type: 'object',
            properties: {
              root: { type: 'string' },
              widgets: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: { type: 'string' }, widget: { type: 'object' } },
                  required: ['id', 'widget'],
                },
              },
            },
            required: ['root', 'widgets'],
          },
        },
        required: ['surfaceId', 'definition'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'deleteSurface',
      description: 'Remove a UI surface.',
      parameters: { type: 'object', properties: { surfaceId: { type: 'string' } }, required: ['surfaceId'] },
    },
  },
] as const;

/**
 * One `/genUI` model call through the tree's one chat client (`streamChat`): the UI commands
 * offered as tools when the endpoint takes them, content and tool-call deltas handed to `onDelta`
 * as they arrive, the configured timeouts. SECURITY: the key goes only into this request's
 * Authorization header, and every error text is redacted by the chat client. Resolves when the
 * stream ends; rejects with a `ChatError` (HTTP error, stream `error`, timeout, cut connection) or
 * the abort of `signal` (the browser went away). A line of the stream that could not be read goes
 * to `onProblem` and the rest of the answer still arrives.
 */
export async function streamModel(
  llm: LlmConfig,
  messages: readonly ModelMessage[],
  onDelta: (delta: ModelDelta) => void,
  signal: AbortSignal,
  onProblem: (problem: ChatStreamProblem) => void,
): Promise<void> {
  // SECURITY: the model's own words are redacted of every registered secret (the key it was
  // handed in a prompt, a token it saw), escaped or spaced forms too, before anything reads them.
  const content = createStreamRedactor();
  const tools = new Map<number, ReturnType<typeof createStreamRedactor>>();
  const toolRedactor = (index: number) => tools.get(index) ?? tools.set(index, createStreamRedactor()).get(index)!;
  const sendContent = (text: string) => void (text !== '' && onDelta({ kind: 'content', text }));
  try {
    await streamChat({
      endpoint: { baseUrl: llm.baseUrl, model: llm.model, apiKey: llm.apiKey },
      messages,
      signal,
      ...(llm.timeouts ? { timeouts: llm.timeouts } : {}),
      ...(llm.tools ? { tools: UI_TOOLS } : {}),
      onDelta: (text) => sendContent(content.push(text)),
      onToolCall: (call) =>
        onDelta({ kind: 'tool', ...call, arguments: toolRedactor(call.index).push(call.arguments) }),
      onProblem,
    });
  } finally {
    // A stream that broke (a cut connection, a timeout) still hands over what the redactor held
    // back: the words the model sent before the break reach the user (redacted like any other).
    if (!signal.aborted) {
      sendContent(content.end());
      for (const [index, redactor] of tools) {
        const rest = redactor.end();
        if (rest !== '') onDelta({ kind: 'tool', index, arguments: rest });
      }
    }
  }
}
