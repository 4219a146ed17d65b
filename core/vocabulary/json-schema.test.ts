import { describe, expect, it } from 'vitest';
import { vocabularyJsonSchema } from './json-schema.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';

describe('vocabularyJsonSchema', () => {
  const schema = vocabularyJsonSchema() as {
    $defs: Record<
      string,
      { properties: { type: { const: string }; on: { properties: Record<string, unknown> } }; examples: unknown[] }
    >;
  };

  it('has one definition per type, with its type constant, events and example', () => {
    expect(Object.keys(schema.$defs)).toEqual(BUILTIN_VOCABULARY.map((e) => `group:${e.type}`));
    for (const entry of BUILTIN_VOCABULARY) {
      const def = schema.$defs[`group:${entry.type}`]!;
      expect(def.properties.type.const).toBe(entry.type);
      expect(Object.keys(def.properties.on.properties)).toEqual(entry.events);
      expect(def.examples).toEqual([entry.example]);
    }
  });
  it('requires the handlers a type requires (a modal without on.click does not fit)', () => {
    const modal = schema.$defs['group:modal'] as unknown as {
      required: string[];
      properties: { on: { required?: string[] } };
    };
    expect(modal.required).toContain('on');
    expect(modal.properties.on.required).toEqual(['click']);
    const card = schema.$defs['group:card'] as unknown as { required: string[] };
    expect(card.required).not.toContain('on');
  });
  it('is plain JSON and only refers to the wire schema definitions', () => {
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(refs.filter((r) => !r!.startsWith('#/$defs/group:')))).toEqual(
      new Set(['#/$defs/TextParticle', '#/$defs/DataParticle', '#/$defs/Particle', '#/$defs/EventHandler']),
    );
  });
});
