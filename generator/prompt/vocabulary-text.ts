import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import { particleCode } from './particle-code.ts';

/** A role in a few words: `title?` (text), `src: data image/*`, `*: any` (other ids), then what it is for. */
function role(r: VocabularyRole): string {
  const name = r.id === '*' ? '*' : r.id;
  const kind = r.kind === 'text' ? '' : r.kind === 'group' && r.types ? ` ${r.types.join('|')}` : r.kind === 'any' ? ' any' : ` ${r.kind}`;
  const mime = r.mimeTypes && r.kind !== 'text' ? ` ${r.mimeTypes.join('|')}` : r.mimeTypes ? ` (${r.mimeTypes.join('|')})` : '';
  // "plain text" is the default for text roles (a bare string), so it is not repeated per role.
  const what = r.description.replace(/,? plain text\.?$/i, '').replace(/\.$/, '');
  // An enumeration is spelled out once, machine-checked (its description may say it in words too).
  const values = r.values ? ` [${r.values.join('|')}]` : '';
  return `${name}${r.required ? '' : '?'}${kind}${mime}${values}: ${what}`;
}

/**
 * The vocabulary as compact prompt text: per type one heading line, its roles by child id (`?` =
 * optional, text unless a kind is named, `*` = every other id), its events and its example as
 * generator code. Built only from the entries the handshake carries, so it describes exactly what
 * this host renders.
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
            e.roles.length === 0 ? '' : `  roles: ${e.roles.map(role).join('; ')}`,
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
