import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';

/** JSON Schema of one particle kind a role accepts; `$ref`s point into the wire schema's `$defs`. */
function roleParticle(role: VocabularyRole): Record<string, unknown> {
  const mime = role.mimeTypes?.some((m) => !m.endsWith('/*'))
    ? { properties: { mimeType: { enum: role.mimeTypes.filter((m) => !m.endsWith('/*')) } } }
    : role.mimeTypes
      ? {
          properties: {
            mimeType: {
              pattern: `^(${role.mimeTypes.map((m) => m.replace('/*', '/').replace(/[.+]/g, '\\$&')).join('|')})`,
            },
          },
        }
      : {};
  switch (role.kind) {
    case 'text':
      return { allOf: [{ $ref: '#/$defs/TextParticle' }, mime] };
    case 'data':
      return { allOf: [{ $ref: '#/$defs/DataParticle' }, mime] };
    case 'group':
      return role.types
        ? {
            allOf: [
              { $ref: '#/$defs/Particle' },
              { required: ['group', 'type'], properties: { type: { enum: role.types } } },
            ],
          }
        : { allOf: [{ $ref: '#/$defs/Particle' }, { required: ['group'] }] };
    default:
      return { $ref: '#/$defs/Particle' };
  }
}

/** The JSON Schema (2020-12) of a group of one vocabulary type: its roles as `[id, particle]` entries. */
export function groupTypeSchema(entry: VocabularyEntry): Record<string, unknown> {
  const named = entry.roles.filter((r) => r.id !== '*');
  const other = entry.roles.find((r) => r.id === '*');
  const items = named.map((r) => ({
    type: 'array',
    prefixItems: [{ const: r.id }, roleParticle(r)],
    minItems: 2,
    maxItems: 2,
    description: r.description,
  }));
  if (other) {
    items.push({
      type: 'array',
      prefixItems: [{ not: { enum: named.map((r) => r.id) } } as never, roleParticle(other)],
      minItems: 2,
      maxItems: 2,
      description: other.description,
    });
  }
  const contains = named
    .filter((r) => r.required)
    .map((r) => ({ contains: { type: 'array', prefixItems: [{ const: r.id }] } }));
  return {
    title: entry.type,
    description: entry.description,
    type: 'object',
    required: (entry.requiredEvents ?? []).length > 0 ? ['group', 'type', 'on'] : ['group', 'type'],
    properties: {
      type: { const: entry.type },
      group: {
        type: 'array',
        items: items.length > 0 ? { anyOf: items } : false,
        ...(contains.length > 0 ? { allOf: contains } : {}),
      },
      on: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(entry.events.map((e) => [e, { $ref: '#/$defs/EventHandler' }])),
        ...((entry.requiredEvents ?? []).length > 0 ? { required: [...(entry.requiredEvents ?? [])] } : {}),
      },
    },
    additionalProperties: false,
    examples: [entry.example],
  };
}

/**
 * The vocabulary as JSON Schema `$defs` (one per type, named `group:<type>`), meant to sit beside
 * `wireJsonSchema().$defs` so the `$ref`s to `Particle`, `TextParticle`, … resolve.
 */
export function vocabularyJsonSchema(
  entries: readonly VocabularyEntry[] = BUILTIN_VOCABULARY,
): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'SUIP vocabulary',
    $defs: Object.fromEntries(entries.map((e) => [`group:${e.type}`, groupTypeSchema(e)])),
    anyOf: entries.map((e) => ({ $ref: `#/$defs/group:${e.type}` })),
  };
}
