import type { VocabularyEntry } from '../../shared/index.ts';

/**
 * What the kit knows of one vocabulary type: its named roles, which of them take text, and whether other children are
 * allowed.
 */
export interface TypeRoles {
  type: string;
  /** Every named role id (never `*`). */
  named: ReadonlySet<string>;
  /** The named roles that take a text particle. */
  text: ReadonlySet<string>;
  /** The kind of the `*` role (the children that are not named roles), if the type has one. */
  others?: 'text' | 'data' | 'group' | 'any';
}

/**
 * The roles of one vocabulary definition. Pure: code that must stay small (the canvas widget
 * shell, bundled into every widget instance) imports the one definition it needs and this, not
 * the whole vocabulary.
 */
export function rolesOfEntry(entry: VocabularyEntry): TypeRoles {
  const named = entry.roles.filter((r) => r.id !== '*');
  const star = entry.roles.find((r) => r.id === '*');
  return {
    type: entry.type,
    named: new Set(named.map((r) => r.id)),
    text: new Set(named.filter((r) => r.kind === 'text').map((r) => r.id)),
    ...(star === undefined ? {} : { others: star.kind }),
  };
}
