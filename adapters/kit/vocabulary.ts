import { BUILTIN_VOCABULARY } from '../../renderer/headless.ts';
import type { VocabularyEntry } from '../../shared/index.ts';

/** What the kit knows of one vocabulary type: its named roles, which of them take text, and whether other children are allowed. */
export interface TypeRoles {
  /** Every named role id (never `*`). */
  named: ReadonlySet<string>;
  /** The named roles that take a text particle. */
  text: ReadonlySet<string>;
  /** The kind of the `*` role (the children that are not named roles), if the type has one. */
  others?: 'text' | 'data' | 'group' | 'any';
}

const cache = new WeakMap<readonly VocabularyEntry[], Map<string, TypeRoles>>();

/**
 * The roles of a vocabulary type, read from its definition (`renderer/vocabulary/`, through the
 * headless entry) so an adapter never keeps its own copy of a type's role names. Undefined for a
 * type the vocabulary does not have.
 */
export function rolesOf(type: string, vocabulary: readonly VocabularyEntry[] = BUILTIN_VOCABULARY): TypeRoles | undefined {
  let index = cache.get(vocabulary);
  if (index === undefined) {
    index = new Map();
    for (const entry of vocabulary) {
      const named = entry.roles.filter((r) => r.id !== '*');
      const star = entry.roles.find((r) => r.id === '*');
      index.set(entry.type, { named: new Set(named.map((r) => r.id)), text: new Set(named.filter((r) => r.kind === 'text').map((r) => r.id)), ...(star === undefined ? {} : { others: star.kind }) });
    }
    cache.set(vocabulary, index);
  }
  return index.get(type);
}

/** True when `id` names one of the type's roles (a child with that id would be read as the role, not as an option or item). */
export function isRoleOf(type: string, id: string, vocabulary?: readonly VocabularyEntry[]): boolean {
  return rolesOf(type, vocabulary)?.named.has(id) ?? false;
}
