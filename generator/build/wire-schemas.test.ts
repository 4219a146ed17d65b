import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../shared/check.ts';
import { precompiled, type CompactSchema } from '../../shared/compact-schema.ts';
import { WIRE_SCHEMAS as GENERATED } from '../../shared/wire-schemas.generated.ts';
import { WIRE_SCHEMAS, renderWireSchemasModule, toCompact } from './wire-schemas.ts';

const generatedFile = fileURLToPath(new URL('../../shared/wire-schemas.generated.ts', import.meta.url));

/** Keys a hostile peer tries, and keys a schema does not list. */
const ODD_KEYS = ['__proto__', 'constructor', 'toString', 'extra', 'a/b~c', ''];
const json = fc.jsonValue({ maxDepth: 2 });

/** A length within the bounds, mostly, and sometimes one past them: where off-by-one mistakes live. */
const lengthNear = (min = 0, max = min + 6) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...new Set([min, Math.min(max, min + 3), max])) },
    { weight: 1, arbitrary: fc.constantFrom(...new Set([Math.max(0, min - 1), max + 1])) },
  );

/**
 * Values for a schema: mostly well-formed, with every kind of near miss (a missing required key, an
 * unlisted or hostile key, a length one past a bound, a wrong literal, a wrong type anywhere).
 */
function valueFor(schema: CompactSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 30, arbitrary: shapedFor(schema) }, { weight: 1, arbitrary: json });
}

function shapedFor(schema: CompactSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueFor));
  if (schema.const !== undefined)
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(schema.const) },
      { weight: 1, arbitrary: fc.constantFrom('other', `${schema.const} `) },
    );
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const strings = lengthNear(schema.minLength, schema.maxLength ?? 12).chain((n) =>
        fc.string({ minLength: n, maxLength: n }),
      );
      return schema.pattern ? fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), strings) : strings;
    }
    case 'array':
      if (Array.isArray(schema.items)) {
        const items = schema.items;
        return fc.oneof(
          { weight: 5, arbitrary: fc.tuple(...items.map(valueFor)) },
          { weight: 1, arbitrary: fc.array(json, { maxLength: items.length + 1 }) },
        );
      }
      return lengthNear(schema.minItems, Math.min(schema.maxItems ?? 4, 4)).chain((n) =>
        fc.array(valueFor(schema.items as CompactSchema), { minLength: n, maxLength: n }),
      );
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).map(([key, property]) =>
        fc.tuple(fc.constant(key), valueFor(property), fc.integer({ min: 0, max: 39 })),
      );
      return fc
        .tuple(
          fc.tuple(...entries),
          fc.oneof(
            { weight: 12, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...ODD_KEYS), json) },
          ),
        )
        .map(([chosen, extra]) => {
          // A required key is dropped 1 time in 40, an optional one kept half the time.
          const kept = chosen
            .filter(([key, , roll]) => (required.has(key) ? roll !== 0 : roll % 2 === 0))
            .map(([key, value]) => [key, value] as const);
          // Object.fromEntries defines own keys, `__proto__` included, as JSON.parse does.
          return Object.fromEntries(extra ? [...kept, extra] : kept);
        });
    }
    default:
      return json;
  }
}

describe('ahead-of-time wire checks', () => {
  it('the generated module is up to date with the TypeBox schemas (run `npm run gen:wire-schemas` if not)', () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(renderWireSchemasModule());
  });

  for (const [name, schema] of Object.entries(WIRE_SCHEMAS) as [keyof typeof WIRE_SCHEMAS, TSchema][]) {
    it(`${name}: accepts and rejects exactly what TypeBox does, with the same first error`, () => {
      const typebox = compile(schema);
      const compiled = TypeCompiler.Compile(schema);
      const aot = precompiled(GENERATED[name]);
      let accepted = 0;
      let rejected = 0;
      fc.assert(
        fc.property(valueFor(GENERATED[name]), (value) => {
          const fits = compiled.Check(value);
          expect(aot.check(value)).toBe(fits);
          expect(aot.firstError(value)).toBe(typebox.firstError(value));
          if (fits) accepted++;
          else rejected++;
        }),
        { numRuns: 1500 },
      );
      // Both sides are exercised, or the property proves nothing.
      expect(accepted).toBeGreaterThan(50);
      expect(rejected).toBeGreaterThan(50);
    });
  }

  it('words errors as TypeBox does where tests and models read them', () => {
    const initialize = precompiled(GENERATED.InitializeParams);
    const ok = { protocolVersion: '1.0', generator: { name: 'g', version: '1' }, capabilities: {} };
    expect(initialize.firstError(ok)).toBeUndefined();
    expect(initialize.firstError({ ...ok, extra: 1 })).toBe('/extra: Unexpected property');
    expect(
      initialize.firstError(
        JSON.parse(
          '{"protocolVersion": "1.0", "generator": {"name": "g", "version": "1"}, "capabilities": {}, "__proto__": {"polluted": true}}',
        ),
      ),
    ).toBe('/__proto__: Unexpected property');
    expect(initialize.firstError({ ...ok, generator: { name: '', version: '1' } })).toBe(
      '/generator/name: Expected string length greater or equal to 1',
    );
    expect(initialize.firstError({ capabilities: {} })).toBe('/protocolVersion: Expected required property');
    expect(precompiled(GENERATED.DataParams).firstError({ channel: 'Bad Name', value: 1 })).toBe(
      "/channel: Expected string to match '^[a-z0-9_:.-]+$'",
    );
    expect(precompiled(GENERATED.DialogParams).firstError({ kind: 'nope', title: 't' })).toBe(
      '/: Expected union value',
    );
    expect(precompiled(GENERATED.GroupShallow).firstError({ group: [['a']] })).toBe(
      '/group/0: Expected tuple to have 2 elements',
    );
    expect(precompiled(GENERATED.AppendTextParams).firstError({ path: 'x', text: '' })).toBe('/path: Expected array');
  });

  it('shortens hostile keys in the pointer as compile() does', () => {
    const long = 'k'.repeat(5000);
    const value = { protocolVersion: '1.0', generator: { name: 'g', version: '1' }, capabilities: {}, [long]: 1 };
    const error = precompiled(GENERATED.InitializeParams).firstError(value)!;
    expect(error).toBe(compile(WIRE_SCHEMAS.InitializeParams).firstError(value));
    expect(error.length).toBeLessThan(80);
  });

  it('refuses to generate a check for a kind or keyword it does not implement, naming where', () => {
    expect(() => toCompact(Type.Object({ n: Type.Number() }))).toThrow(
      '#/properties/n: TypeBox kind Number has no ahead-of-time check',
    );
    expect(() => toCompact(Type.String({ format: 'uri' }))).toThrow(
      '#: keyword format of a String has no ahead-of-time check',
    );
  });
});
