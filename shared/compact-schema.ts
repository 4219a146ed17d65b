import type { Static, TSchema } from '@sinclair/typebox';
import type { Checker } from './check.ts';
import { shortPointer } from './short-pointer.ts';

/**
 * The subset of JSON Schema the renderer's wire schemas use, as plain data: what
 * `generator/build/wire-schemas.ts` writes into `wire-schemas.generated.ts` from the TypeBox
 * schemas (descriptions and ids dropped). The kind is read from the keywords: `anyOf` is a union,
 * `const` a literal, `type` an object, string, boolean, array or tuple (`items` a list), and a
 * node with none of them accepts anything (TypeBox's `Unknown`).
 */
export interface CompactSchema {
  type?: 'object' | 'string' | 'boolean' | 'array';
  anyOf?: CompactSchema[];
  const?: string | number | boolean;
  properties?: Record<string, CompactSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: CompactSchema | CompactSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** Where a value first fails its schema (a JSON pointer) and TypeBox's words for what was expected. */
type Problem = [pointer: string, message: string];

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const at = (index: number, problem: Problem): Problem => [`/${index}${problem[0]}`, problem[1]];

/** Finds the first problem of a value against one schema node, or undefined when it fits. */
type Finder = (value: unknown) => Problem | undefined;

/**
 * Turns a schema into nested closures once (no `new Function`, so any CSP allows it): checking a
 * value is then a few calls with the schema's constants at hand, not a walk that reads the schema
 * again. Each closure answers the first problem in the order and words of TypeBox's
 * `Value.Errors(…).First()` for this subset (proved against TypeBox by
 * `generator/build/wire-schemas.test.ts`). Recursion follows the schema, never the value, so a
 * hostile deep value cannot overflow the stack: these schemas are a few levels deep.
 */
export function finderFor(schema: CompactSchema): Finder {
  if (schema.anyOf) {
    const variants = schema.anyOf.map(finderFor);
    return (value) => (variants.some((variant) => !variant(value)) ? undefined : ['', 'Expected union value']);
  }
  if (schema.const !== undefined) {
    const c = schema.const;
    const expected: Problem = ['', `Expected ${typeof c === 'string' ? `'${c}'` : c}`];
    return (value) => (value === c ? undefined : expected);
  }
  switch (schema.type) {
    case 'object':
      return objectFinder(schema);
    case 'string':
      return stringFinder(schema);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? undefined : ['', 'Expected boolean']);
    case 'array':
      return Array.isArray(schema.items) ? tupleFinder(schema.items) : arrayFinder(schema);
    default:
      return () => undefined;
  }
}

function objectFinder(schema: CompactSchema): Finder {
  const required = schema.required ?? [];
  // Everything that does not depend on the value is built here, once: a union tries its variants
  // on every value, so a failing variant must cost no string building.
  const missing = required.map((key) => [key, [`/${escapeKey(key)}`, 'Expected required property']] as const);
  const properties = Object.entries(schema.properties ?? {}).map(
    ([key, property]) => [`/${escapeKey(key)}`, key, finderFor(property), required.includes(key)] as const,
  );
  const known = new Set(properties.map(([, key]) => key));
  const closed = schema.additionalProperties === false;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['', 'Expected object'];
    for (const [key, problem] of missing) if (!Object.hasOwn(value, key)) return problem as Problem;
    // SECURITY: own names, `__proto__` included (JSON.parse makes it an own key): a key the
    // schema does not list is refused whatever its name; `known` is a Set, not an object lookup.
    if (closed)
      for (const key of Object.getOwnPropertyNames(value))
        if (!known.has(key)) return [`/${escapeKey(key)}`, 'Unexpected property'];
    const record = value as Record<string, unknown>;
    for (const [pointer, key, find, isRequired] of properties) {
      const field = record[key];
      // As TypeBox without exactOptionalPropertyTypes: an optional property set to undefined is absent.
      if (!isRequired && field === undefined) continue;
      const problem = find(field);
      if (problem) return [pointer + problem[0], problem[1]];
    }
    return undefined;
  };
}

function stringFinder({ minLength, maxLength, pattern }: CompactSchema): Finder {
  // Compiled once per schema: a pattern is a schema constant, never data from the peer.
  const re = pattern === undefined ? undefined : new RegExp(pattern);
  return (value) => {
    if (typeof value !== 'string') return ['', 'Expected string'];
    if (minLength !== undefined && value.length < minLength)
      return ['', `Expected string length greater or equal to ${minLength}`];
    if (maxLength !== undefined && value.length > maxLength)
      return ['', `Expected string length less or equal to ${maxLength}`];
    if (re && !re.test(value)) return ['', `Expected string to match '${pattern}'`];
    return undefined;
  };
}

function arrayFinder({ minItems, maxItems, items }: CompactSchema): Finder {
  const find = items ? finderFor(items as CompactSchema) : undefined;
  return (value) => {
    if (!Array.isArray(value)) return ['', 'Expected array'];
    if (minItems !== undefined && value.length < minItems)
      return ['', `Expected array length to be greater or equal to ${minItems}`];
    if (maxItems !== undefined && value.length > maxItems)
      return ['', `Expected array length to be less or equal to ${maxItems}`];
    if (find) {
      for (let i = 0; i < value.length; i++) {
        const problem = find(value[i]);
        if (problem) return at(i, problem);
      }
    }
    return undefined;
  };
}

function tupleFinder(items: CompactSchema[]): Finder {
  const finds = items.map(finderFor);
  return (value) => {
    if (!Array.isArray(value)) return ['', 'Expected tuple'];
    if (value.length !== finds.length) return ['', `Expected tuple to have ${finds.length} elements`];
    for (let i = 0; i < finds.length; i++) {
      const problem = finds[i]!(value[i]);
      if (problem) return at(i, problem);
    }
    return undefined;
  };
}

/**
 * A `Checker` from a schema generated ahead of time: no TypeBox and no `new Function` at run
 * time (so it works under any CSP), the same answers and first-error words as `compile`.
 * `T` is the TypeBox schema the data was generated from, for the checked type only.
 */
export function precompiled<T extends TSchema>(schema: CompactSchema): Checker<T> {
  const find = finderFor(schema);
  const firstError = (value: unknown) => {
    const problem = find(value);
    return problem && `${shortPointer(problem[0])}: ${problem[1]}`;
  };
  return { check: (value): value is Static<T> => find(value) === undefined, firstError };
}
