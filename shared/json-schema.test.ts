import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { SuipErrorObject } from './error.ts';
import { EventParams } from './event.ts';
import { HostContext, InitializeParams, InitializeResult, VocabularyEntry } from './handshake.ts';
import { wireJsonSchema } from './json-schema.ts';
import { Limits } from './limits.ts';
import { Method } from './methods.ts';
import { DataParticle, Particle, TextParticle } from './particle.ts';

/** The committed copy models and other implementations read; `npm run docs:schema` rewrites it. */
const SCHEMA_FILE = fileURLToPath(new URL('../docs/protocol.schema.json', import.meta.url));

/** Every object node of a JSON document with its JSON pointer, walked with a stack. */
function* nodes(root: unknown): Generator<[string, Record<string, unknown>]> {
  const stack: [string, unknown][] = [['', root]];
  while (stack.length > 0) {
    const [pointer, node] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) yield [pointer, node as Record<string, unknown>];
    for (const [key, child] of Object.entries(node)) stack.push([`${pointer}/${key}`, child]);
  }
}

describe('wireJsonSchema()', () => {
  const schema = wireJsonSchema();
  const defs = schema.$defs as Record<string, unknown>;

  test('is plain JSON: it survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  test('every $ref resolves to a $defs entry, and every method names its params', () => {
    const refs = [...nodes(schema)].flatMap(([pointer, node]) => (typeof node.$ref === 'string' ? [[pointer, node.$ref] as const] : []));
    expect(refs.length).toBeGreaterThan(10);
    for (const [pointer, ref] of refs) {
      expect(ref, pointer).toMatch(/^#\/\$defs\/[A-Za-z]+$/);
      expect(Object.hasOwn(defs, ref.slice('#/$defs/'.length)), `${pointer} → ${ref}`).toBe(true);
    }
    const methods = schema.methods as Record<string, { params: unknown }>;
    expect(Object.keys(methods).sort()).toEqual(Object.values(Method).sort());
  });

  test('each named schema ($id in the TypeBox source) is defined once in $defs and referenced everywhere else', () => {
    const named = { Particle, TextParticle, DataParticle, EventParams, SuipError: SuipErrorObject, InitializeParams, InitializeResult, VocabularyEntry, HostContext, Limits };
    for (const [name, source] of Object.entries(named)) {
      expect(source.$id, name).toBe(name);
      expect(Object.hasOwn(defs, name), name).toBe(true);
    }
    const text = JSON.stringify(schema);
    expect(text).not.toContain('"$id"');
    for (const [pointer, node] of nodes(schema)) {
      for (const name of Object.keys(named)) {
        if (pointer === `/$defs/${name}`) continue;
        expect(node, `${pointer} is an inlined copy of ${name}`).not.toEqual(defs[name]);
      }
    }
  });

  test('uses 2020-12 tuples (prefixItems), never the draft-07 array form of items', () => {
    let tuples = 0;
    for (const [pointer, node] of nodes(schema)) {
      expect(Array.isArray(node.items), pointer).toBe(false);
      expect(node, pointer).not.toHaveProperty('additionalItems');
      if (node.prefixItems) tuples += 1;
    }
    expect(tuples).toBeGreaterThanOrEqual(2); // group entries [id, particle] and formData [name, value]
  });

  test('docs/protocol.schema.json is the current output (UPDATE_SCHEMA=1 or `npm run docs:schema` rewrites it)', () => {
    const current = `${JSON.stringify(schema, null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, current);
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'docs/protocol.schema.json is stale: run `npm run docs:schema`').toBe(current);
  });
});
