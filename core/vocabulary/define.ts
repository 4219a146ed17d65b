import type { Particle, VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import type { JsonShape } from './json-shape.ts';

/**
 * Helpers to write vocabulary definitions. A definition is plain data (a `VocabularyEntry`, the
 * shape the handshake carries): the same object feeds the validator (`check-group.ts`), the Lit
 * element (which reads its roles by id), the JSON Schema and prompt text, and the gallery.
 */

/** Role options beyond id, kind and description. */
type RoleOptions = Pick<VocabularyRole, 'required' | 'types' | 'mimeTypes' | 'values'> & { json?: JsonShape };

/** A child role that takes a text particle (a label, a value, markdown content). */
export function textRole(id: string, description: string, options: RoleOptions = {}): VocabularyRole {
  return { id, kind: 'text', description, ...options };
}

/** A child role that takes a data particle (a URL or data: URI with its mime type). */
export function dataRole(id: string, description: string, options: RoleOptions = {}): VocabularyRole {
  return { id, kind: 'data', description, ...options };
}

/** A child role that takes a group, optionally of given types. */
export function groupRole(id: string, description: string, options: RoleOptions = {}): VocabularyRole {
  return { id, kind: 'group', description, ...options };
}

/** The role `*`: every child whose id is not one of the named roles. */
export function otherChildren(
  kind: VocabularyRole['kind'],
  description: string,
  options: RoleOptions = {},
): VocabularyRole {
  return { id: '*', kind, description, ...options };
}

/** Identity with a type check: a definition file reads as `export const card = defineType({...})`. */
export function defineType(entry: VocabularyEntry): VocabularyEntry {
  return entry;
}

/** Example builders, so examples read like the generator API the model writes against. */
export const ex = {
  text: (text: string, mimeType?: string): Particle => (mimeType === undefined ? { text } : { text, mimeType }),
  plain: (text: string): Particle => ({ text, mimeType: 'text/plain' }),
  json: (value: unknown): Particle => ({ text: JSON.stringify(value), mimeType: 'application/json' }),
  data: (data: string, mimeType: string): Particle => ({ data, mimeType }),
  group: (
    type: string | undefined,
    children: [string, Particle][],
    on?: Extract<Particle, { group: unknown }>['on'],
  ): Particle =>
    ({ group: children, ...(type === undefined ? {} : { type }), ...(on === undefined ? {} : { on }) }) as Particle,
};

/** Plain-text option values used by several input types. */
export const BOOL_VALUES = 'true or false';
/** Tones shared by alerts, badges and status indicators. */
export const TONES = ['info', 'success', 'warning', 'error', 'neutral'] as const;
