import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import { particleCode } from './particle-code.ts';

/** Options of `vocabularyText`. */
export interface VocabularyTextOptions {
  /** Which types show their example as code (default: `needsExample`). */
  example?: (entry: VocabularyEntry) => boolean;
}

/**
 * A type whose example teaches what its roles alone do not: a handler with its `data` option, or
 * a handler it requires. Other examples repeat the roles line (a JSON role states its shape) and
 * are left out to keep the prompt short.
 */
export function needsExample(entry: VocabularyEntry): boolean {
  const on = (entry.example as { on?: Record<string, { data?: unknown }> }).on ?? {};
  return Object.values(on).some((spec) => spec.data !== undefined) || (entry.requiredEvents ?? []).length > 0;
}

/** A role's identity, for finding the roles many types share word for word. */
const roleKey = (r: VocabularyRole) =>
  JSON.stringify([r.id, r.kind, r.required === true, r.types, r.mimeTypes, r.values, r.description]);

/** The enumeration in words, when the description says nothing else: `a (default), b or c` → `default a`. */
function valuesDescription(r: VocabularyRole): string | undefined {
  if (!r.values) return undefined;
  const dflt = /\b([\w-]+) \(default\)|\bdefault ([\w-]+)/.exec(r.description);
  let rest = r.description.replace(/^One of /i, '').replace(/\(default\)|default [\w-]+/g, '');
  for (const value of r.values) rest = rest.replace(new RegExp(`\\b${value.replace(/[-]/g, '\\-')}\\b`), '');
  // Only joiners left: the description was the list itself.
  return /^[\s,;.]*(?:(?:or|and)[\s,;.]*)*$/.test(rest) ? (dflt ? `default ${dflt[1] ?? dflt[2]}` : '') : undefined;
}

/** The type's description; a JSON role's shape spelt out in it again is left to the role. */
function describe(entry: VocabularyEntry): string {
  if (!entry.roles.some((r) => r.json !== undefined)) return entry.description;
  return entry.description
    .replace(/\s*\w+ is application\/json text \{.*?\}(?=[.;]?\s*(?:[;.]\s*)?$|;\s)[.;]?/, '')
    .replace(/\.\s+([a-z])/, (_m, c: string) => `. ${c.toUpperCase()}`)
    .trim();
}

/** A role in a few words: `title?` (text), `src: data image/*`, `*: any` (other ids), then what it is for. */
function role(r: VocabularyRole): string {
  const name = r.id === '*' ? '*' : r.id;
  const kind =
    r.kind === 'text'
      ? ''
      : r.kind === 'group' && r.types
        ? ` ${r.types.join('|')}`
        : r.kind === 'any'
          ? ' any'
          : ` ${r.kind}`;
  // A JSON role's shape is in its description; its mime type is implied by it.
  const mime =
    r.json !== undefined
      ? ' json'
      : r.mimeTypes && r.kind !== 'text'
        ? ` ${r.mimeTypes.join('|')}`
        : r.mimeTypes
          ? ` (${r.mimeTypes.join('|')})`
          : '';
  // "plain text" is the default for text roles (a bare string), and a data role's `{"data": …}`
  // form is the `data(url, mimeType)` call the API section teaches: neither is repeated per role.
  const words =
    valuesDescription(r) ??
    r.description
      .replace(/:?\s*\{"data":.*\}\.?$/, '')
      .replace(/,? plain text\.?$/i, '')
      .replace(/,? plain text(?=[,;(])/i, '')
      .replace(/^JSON /, '')
      .replace(/\.$/, '');
  const values = r.values ? ` [${r.values.join('|')}]` : '';
  return `${name}${r.required ? '' : '?'}${kind}${mime}${values}${words ? `: ${words}` : ''}`;
}

/**
 * The vocabulary as compact prompt text: per type one heading line, its roles by child id (`?` =
 * optional, text unless a kind is named, `*` = every other id), its events (`!` = a handler is
 * required) and, where it teaches something, its example as generator code. Roles that three or
 * more types share word for word are described once, above the types, and only named in each.
 * Built only from the entries given (the handshake's, as the host's policy lets programs use
 * them), so it describes exactly what this host accepts.
 */
export function vocabularyText(vocabulary: readonly VocabularyEntry[], options: VocabularyTextOptions = {}): string {
  const example = options.example ?? needsExample;
  const counts = new Map<string, number>();
  for (const entry of vocabulary)
    for (const r of entry.roles) counts.set(roleKey(r), (counts.get(roleKey(r)) ?? 0) + 1);
  const shared = new Map<string, VocabularyRole>();
  for (const entry of vocabulary)
    for (const r of entry.roles) if ((counts.get(roleKey(r)) ?? 0) >= 3 && r.id !== '*') shared.set(roleKey(r), r);
  const sharedLine =
    shared.size === 0
      ? ''
      : `Shared roles (named without words below): ${[...shared.values()].map(role).join('; ')}\n\n`;
  const categories = [...new Set(vocabulary.map((e) => e.category))];
  return (
    sharedLine +
    categories
      .map((category) => {
        const entries = vocabulary.filter((e) => e.category === category);
        return [
          `### ${category}`,
          ...entries.map((e) =>
            [
              `- **${e.type}** — ${describe(e)}`,
              e.roles.length === 0
                ? ''
                : `  roles: ${e.roles.map((r) => (shared.has(roleKey(r)) ? `${r.id}${r.required ? '' : '?'}` : role(r))).join('; ')}`,
              e.events.length === 0
                ? ''
                : `  events: ${e.events.map((name) => (e.requiredEvents?.includes(name) ? `${name}!` : name)).join(', ')}`,
              example(e) ? `  example: \`${particleCode(e.example)}\`` : '',
            ]
              .filter(Boolean)
              .join('\n'),
          ),
        ].join('\n');
      })
      .join('\n\n')
  );
}
