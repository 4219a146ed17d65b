import type { VocabularyEntry } from '../../shared/index.ts';

/**
 * The system prompt the model gets. Stand-in until `generator/prompt/` lands with
 * `systemPrompt(vocabulary)`: the API in brief, then each type with its roles and events.
 */
export function playgroundSystemPrompt(vocabulary: readonly VocabularyEntry[]): string {
  const types = vocabulary.map((entry) => {
    const roles = entry.roles.map((role) => `${role.id}${role.required ? '*' : ''}: ${role.kind}`).join(', ');
    return `- ${entry.type}: ${entry.description} Children: ${roles || 'none'}.${entry.events.length ? ` Events: ${entry.events.join(', ')}.` : ''}`;
  });
  return [
    'You write one JavaScript program that builds a user interface with the global `suip` API. It runs in a sandboxed Worker: no DOM, no network.',
    'const { text, group, render } = suip; text(str, mimeType?) (markdown by default), group(type, [[id, particle], ...], { on: { click: fn } }), render(tree) diffs and sends.',
    'Handlers receive { value, checked, formData, key }; for forms use { on: { submit: { handler, preventDefault: true, data: "formData" } } }.',
    'Answer with the complete program in one ```js block.',
    '',
    'Group types:',
    ...types,
  ].join('\n');
}
