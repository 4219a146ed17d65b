import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nearParticleArbitrary, particleArbitrary } from './arbitraries.ts';
import { ErrorCode } from './error-codes.ts';
import { SuipErrorObject } from './error.ts';
import { EventParams } from './event.ts';
import { HostContext, InitializeParams, InitializeResult, VocabularyEntry } from './handshake.ts';
import { wireJsonSchema } from './json-schema.ts';
import { DEFAULT_LIMITS, Limits } from './limits.ts';
import { Method } from './methods.ts';
import { DataParticle, Particle, TextParticle } from './particle.ts';
import { validateParticle } from './validate-particle.ts';

/** The committed copy models and other implementations read; `npm run docs:schema` rewrites it. */
const SCHEMA_FILE = fileURLToPath(new URL('../docs/protocol.schema.json', import.meta.url));

/** True when a JSON round trip gives back an equal value with the same prototypes (so it is plain JSON data). */
function isPlainJson(value: unknown): boolean {
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value);
  } catch {
    return false;
  }
}

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
    const refs = [...nodes(schema)].flatMap(([pointer, node]) =>
      typeof node.$ref === 'string' ? [[pointer, node.$ref] as const] : [],
    );
    expect(refs.length).toBeGreaterThan(10);
    for (const [pointer, ref] of refs) {
      expect(ref, pointer).toMatch(/^#\/\$defs\/[A-Za-z]+$/);
      expect(Object.hasOwn(defs, ref.slice('#/$defs/'.length)), `${pointer} → ${ref}`).toBe(true);
    }
    const methods = schema.methods as Record<string, { params: unknown }>;
    expect(Object.keys(methods).sort()).toEqual(Object.values(Method).sort());
  });

  test('each named schema ($id in the TypeBox source) is defined once in $defs and referenced everywhere else', () => {
    const named = {
      Particle,
      TextParticle,
      DataParticle,
      EventParams,
      SuipError: SuipErrorObject,
      InitializeParams,
      InitializeResult,
      VocabularyEntry,
      HostContext,
      Limits,
    };
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
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'docs/protocol.schema.json is stale: run `npm run docs:schema`').toBe(
      current,
    );
  });
});

describe('docs/protocol.schema.json under a real JSON Schema 2020-12 validator (Ajv, strict)', () => {
  const doc = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as {
    $defs: Record<string, unknown>;
    methods: Record<string, { params: { $ref?: string } }>;
  };
  // `methods` is suip's own annotation keyword: declared, so strict mode accepts it and still checks the rest.
  const ajv = new Ajv2020({ strict: true, allErrors: false, keywords: ['methods'] });
  ajv.addSchema(doc, 'suip');
  const validatorOf = (name: string) => ajv.getSchema(`suip#/$defs/${name}`)!;

  test('compiles every $defs entry in strict mode', () => {
    for (const name of Object.keys(doc.$defs)) expect(validatorOf(name), name).toBeTypeOf('function');
  });

  test('accepts every valid generated particle (property)', () => {
    const particle = validatorOf('Particle');
    fc.assert(
      fc.property(particleArbitrary(), (p) => void expect(particle(p), JSON.stringify(particle.errors)).toBe(true)),
      { numRuns: 1000 },
    );
  });

  test('never accepts what the validators refuse for its shape (near-particles within limits, property)', () => {
    const particle = validatorOf('Particle');
    const shapeOnly = {
      limits: { ...DEFAULT_LIMITS },
      depth: 1,
      nodeBudget: DEFAULT_LIMITS.maxNodes,
      where: 'params.particle',
    };
    let compared = 0;
    fc.assert(
      fc.property(nearParticleArbitrary, (value) => {
        if (!isPlainJson(value)) return; // BigInt, Map, null prototypes…: not JSON, so not the schema's business
        const ours = validateParticle(value, shapeOnly);
        // The schema cannot express unique ids, reserved words or limits; on plain shape, both must agree.
        if (!ours.ok && ours.issue.code !== ErrorCode.InvalidParams) return;
        compared += 1;
        expect(particle(value), JSON.stringify(value)).toBe(ours.ok);
      }),
      { numRuns: 1000 },
    );
    expect(compared).toBeGreaterThan(150); // about 300 of 1,000 samples are plain JSON
  });

  test('validates op params by method, as a model or another implementation would', () => {
    const params = (method: string) => ajv.getSchema(`suip${doc.methods[method]!.params.$ref!}`)!;
    expect(params(Method.append)({ path: [], id: 'a', particle: { text: 'x' } })).toBe(true);
    expect(params(Method.append)({ path: ['a'], text: ' more' })).toBe(true);
    expect(params(Method.insert)({ path: [], id: 'a', before: 'b' })).toBe(true);
    expect(params(Method.remove)({ path: [] })).toBe(false);
    expect(params(Method.replace)({ path: ['a'], particle: { text: 'x', group: [] } })).toBe(false);
    expect(params(Method.event)({ handler: 'h', path: [], event: 'submit', payload: { formData: [['a', 'b']] } })).toBe(
      true,
    );
    expect(
      params(Method.event)({ handler: 'h', path: [], event: 'submit', payload: { formData: [['a', 'b', 'c']] } }),
    ).toBe(false);
  });
});
