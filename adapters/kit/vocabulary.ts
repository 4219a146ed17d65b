import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import type { VocabularyEntry } from '../../shared/index.ts';
import { rolesOfEntry, type TypeRoles } from './type-roles.ts';

const cache = new WeakMap<readonly VocabularyEntry[], Map<string, TypeRoles>>();

/**
 * The roles of a vocabulary type, read from its definition (`core/vocabulary/`, through the
 * headless entry) so an adapter never keeps its own copy of a type's role names. Undefined for a
 * type the vocabulary does not have.
 */
export function rolesOf(
  type: string,
  vocabulary: readonly VocabularyEntry[] = BUILTIN_VOCABULARY,
): TypeRoles | undefined {
  let index = cache.get(vocabulary);
  if (index === undefined) {
    index = new Map(vocabulary.map((entry) => [entry.type, rolesOfEntry(entry)]));
    cache.set(vocabulary, index);
  }
  return index.get(type);
}

/**
 * True when `id` names one of the type's roles (a child with that id would be read as the role, not as an option or
 * item).
 */
export function isRoleOf(type: string, id: string, vocabulary?: readonly VocabularyEntry[]): boolean {
  return rolesOf(type, vocabulary)?.named.has(id) ?? false;
}
