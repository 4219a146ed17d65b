import type { Example } from '../index.ts';

const files = import.meta.glob<string>('./examples/*.json', { eager: true, query: '?raw', import: 'default' });

/**
 * A2UI's own 36 basic-catalog examples (v0.9.1), as the playground's A2UI mode shows them: each
 * is an agent's message stream, rendered through suip's A2UI bridge instead of a program.
 */
export const A2UI_EXAMPLES: readonly Example[] = Object.entries(files)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, code]) => {
    const file = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    const { name, description } = JSON.parse(code) as { name?: string; description?: string };
    return {
      id: `a2ui-${file}`,
      title: name ?? file,
      summary: description ?? 'an A2UI v0.9 message stream',
      code,
      kind: 'a2ui' as const,
    };
  });
