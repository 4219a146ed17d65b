import type { GenuiClientMessage } from '../../shared/neighbours/genui-v1/schemas.ts';
import type { ModelMessage } from './model-stream.ts';

/** Longest serialized conversation part sent to the model (a hostile history cannot blow the context). */
const MAX_PART_CHARS = 64_000;

const EXAMPLE = {
  addOrUpdateSurface: {
    surfaceId: 'booking',
    definition: {
      root: 'form',
      widgets: [
        { id: 'form', widget: { card: { title: 'Book a table', children: ['name', 'book'] } } },
        { id: 'name', widget: { 'text-field': { label: 'Your name' } } },
        { id: 'book', widget: { button: { label: 'Book' } } },
      ],
    },
  },
};

/**
 * The system prompt: what the model is for, how it emits UI (tools, or a ```genui fence of JSONL
 * lines), the widget form, the catalog JSON Schema (plus the client's augmentations) and one example.
 */
export function systemPrompt(
  catalog: Record<string, unknown>,
  augmentations: unknown,
  tools: boolean,
  ignored: readonly string[] = [],
): string {
  return [
    'You are the assistant of an app that shows generated user interfaces. ' +
      'Answer the user in short prose and show UI where it helps.',
    tools
      ? 'Show UI by calling the tools addOrUpdateSurface and deleteSurface. You may ' +
        'also write the same commands as JSON lines inside a ```genui fence.'
      : 'Show UI by writing commands as JSON lines inside a ```genui fence, one command per line:',
    `{"addOrUpdateSurface": {"surfaceId": "...", "definition": {"root": "<widget id>", "widgets": [...]}}} ` +
      `shows a surface or replaces it whole; {"deleteSurface": {"surfaceId": "..."}} removes one.`,
    'A widget entry is {"id": "<unique id>", "widget": {"<Name>": {props}}}: exactly one key, the widget name. ' +
      'Widgets refer to their children by id; the surface is a tree from "root" (no widget inside itself).',
    'User events come back as uiEvent parts (surfaceId, widgetId, ' +
      'eventType, value). Buttons and form submits are actions: answer them.',
    `Example:\n\`\`\`genui\n${JSON.stringify(EXAMPLE)}\n\`\`\``,
    `The catalog (JSON Schema of one widget):\n${JSON.stringify(catalog)}`,
    augmentations !== undefined
      ? `Extra widgets of this client (JSON Schema; use them like the catalog's, same ` +
        `single-key form):\n${JSON.stringify(augmentations).slice(0, MAX_PART_CHARS)}`
      : '',
    ignored.length > 0 ? `Not usable among the extra widgets: ${ignored.slice(0, 10).join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The client-held conversation as chat messages: text as is, `ui` parts as compact JSON of the
 * surface's final state, `uiEvent` parts as JSON, images as a note (this server does not forward
 * images to the model). Each part is bounded.
 */
export function toModelMessages(conversation: readonly GenuiClientMessage[]): ModelMessage[] {
  return conversation.map((message) => ({
    role: message.role === 'model' ? 'assistant' : 'user',
    content: message.parts
      .map((part) => {
        switch (part.type) {
          case 'text':
            return part.text.slice(0, MAX_PART_CHARS);
          case 'ui':
            return (
              `[surface ${JSON.stringify(part.definition.surfaceId)} as shown ` +
              `now] ${JSON.stringify(part.definition).slice(0, MAX_PART_CHARS)}`
            );
          case 'uiEvent':
            return `[uiEvent] ${JSON.stringify(part.event).slice(0, 4000)}`;
          default:
            return '[an image the user attached; not forwarded to the model]';
        }
      })
      .join('\n'),
  }));
}
