import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import { particleCode } from './particle-code.ts';

function role(r: VocabularyRole): string {
  const name = r.id === '*' ? '*other ids*' : r.id;
  const kind = r.kind === 'group' && r.types ? `group ${r.types.join('|')}` : r.kind === 'any' ? 'any particle' : r.kind;
  const mime = r.mimeTypes ? ` (${r.mimeTypes.join('|')})` : '';
  return `${name}${r.required ? '' : '?'}: ${kind}${mime} — ${r.description}`;
}

/**
 * The vocabulary as compact prompt text: per type one heading line, its children by id (`?` =
 * optional), its events and its example as generator code. Built only from the entries the
 * handshake carries, so it describes exactly what this host renders.
 */
export function vocabularyText(vocabulary: readonly VocabularyEntry[]): string {
  const categories = [...new Set(vocabulary.map((e) => e.category))];
  return categories
    .map((category) => {
      const entries = vocabulary.filter((e) => e.category === category);
      return [
        `### ${category}`,
        ...entries.map((e) =>
          [
            `- **${e.type}** — ${e.description}`,
            e.roles.length === 0 ? '  children: none' : `  children: ${e.roles.map(role).join('; ')}`,
            e.events.length === 0 ? '' : `  events: ${e.events.join(', ')}`,
            `  example: \`${particleCode(e.example)}\``,
          ]
            .filter(Boolean)
            .join('\n'),
        ),
      ].join('\n');
    })
    .join('\n\n');
}
