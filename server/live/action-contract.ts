/**
 * The contract a render declares for actions (seed 004's `actionSpec`): `{name: spec}`, where a
 * spec may carry `payload`, a JSON Schema for the action's payload in the small subset below. An
 * action of an undeclared name, or whose payload the schema rejects, is a CONTRACT_VIOLATION and
 * never reaches the consume buffer. A spec without `payload` (`{}`) accepts any payload.
 *
 * The subset: `type` (one or a list of string, number, integer, boolean, null, object, array),
 * `enum`, `const`, `properties`, `required`, `additionalProperties` (boolean or schema), `items`,
 * `minItems`/`maxItems`, `minLength`/`maxLength`, `minimum`/`maximum`, and `description`/`title`
 * (ignored). No `pattern` (an agent's regular expression run on user input is a ReDoS risk), no
 * references. Anything else is refused when the render is published, so a contract never means
 * less than it says.
 */

const KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'description',
  'title',
]);
const TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
/** Nesting of a payload schema (properties and items); deeper schemas are refused at publish. */
export const MAX_SCHEMA_DEPTH = 16;

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Checks a render's `actionSpec` when it is published: undefined when usable, else what is wrong. */
export function checkActionSpec(spec: Record<string, unknown>): string | undefined {
  for (const [name, entry] of Object.entries(spec)) {
    if (!isObject(entry)) return `actionSpec.${name} must be an object ({} or {payload: <JSON Schema>})`;
    if (own(entry, 'payload')) {
      const problem = checkSchema(entry.payload, `actionSpec.${name}.payload`, 0);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

function checkSchema(schema: unknown, at: string, depth: number): string | undefined {
  if (depth > MAX_SCHEMA_DEPTH) return `${at}: schemas nest at most ${MAX_SCHEMA_DEPTH} levels`;
  if (!isObject(schema)) return `${at} must be a JSON Schema object`;
  for (const key of Object.keys(schema))
    if (!KEYWORDS.has(key))
      return `${at}: the keyword ${JSON.stringify(key)} is not supported; use ${[...KEYWORDS].join(', ')}`;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of types)
    if (typeof type !== 'string' || !TYPES.has(type))
      return `${at}.type: ${JSON.stringify(type)} is not one of ${[...TYPES].join(', ')}`;
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) return `${at}.enum must be an array`;
  if (
    schema.required !== undefined &&
    !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))
  )
    return `${at}.required must be an array of property names`;
  for (const bound of ['minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum']) {
    if (schema[bound] !== undefined && typeof schema[bound] !== 'number') return `${at}.${bound} must be a number`;
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) return `${at}.properties must be an object`;
    for (const [key, sub] of Object.entries(schema.properties)) {
      const problem = checkSchema(sub, `${at}.properties.${key}`, depth + 1);
      if (problem !== undefined) return problem;
    }
  }
  if (isObject(schema.additionalProperties))
    return checkSchema(schema.additionalProperties, `${at}.additionalProperties`, depth + 1);
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== 'boolean')
    return `${at}.additionalProperties must be a boolean or a schema`;
  if (schema.items !== undefined) return checkSchema(schema.items, `${at}.items`, depth + 1);
  return undefined;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeOf(value) === type;
}

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * Checks one action against the render's contract. Undefined when it conforms; otherwise the first
 * departure, at the payload's JSON path, written for the page or model that sent it. `spec` comes
 * from a render that passed `checkActionSpec`.
 */
export function checkAction(
  spec: Record<string, unknown> | undefined,
  type: string,
  payload: unknown,
): string | undefined {
  if (spec === undefined) return undefined;
  const entry = own(spec, type) ? spec[type] : undefined;
  if (!isObject(entry))
    return `the render declares no action ${JSON.stringify(type.slice(0, 64))}; it declares ${
      Object.keys(spec)
        .map((n) => JSON.stringify(n))
        .join(', ') || 'none'
    }`;
  return own(entry, 'payload') ? departure(entry.payload as Schema, payload, '$') : undefined;
}

function departure(schema: Schema, value: unknown, at: string): string | undefined {
  const types =
    schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.length > 0 && !types.some((type) => matchesType(type, value)))
    return `payload ${at} must be ${types.join(' or ')}, not ${typeOf(value)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => same(option, value)))
    return `payload ${at} must be one of ${JSON.stringify(schema.enum).slice(0, 200)}`;
  if (own(schema, 'const') && !same(schema.const, value))
    return `payload ${at} must be ${JSON.stringify(schema.const).slice(0, 100)}`;
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      return `payload ${at} must have at least ${schema.minLength} characters`;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      return `payload ${at} must have at most ${schema.maxLength} characters`;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return `payload ${at} must be at least ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      return `payload ${at} must be at most ${schema.maximum}`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      return `payload ${at} must have at least ${schema.minItems} items`;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      return `payload ${at} must have at most ${schema.maxItems} items`;
    if (isObject(schema.items)) {
      for (let i = 0; i < value.length; i += 1) {
        const problem = departure(schema.items, value[i], `${at}[${i}]`);
        if (problem !== undefined) return problem;
      }
    }
  }
  if (isObject(value)) {
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : [])
      if (!own(value, key)) return `payload ${at} needs the property ${JSON.stringify(key)}`;
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, item] of Object.entries(value)) {
      const path = `${at}.${key.slice(0, 64)}`;
      const sub = own(properties, key) ? properties[key] : schema.additionalProperties;
      if (sub === false)
        return `payload ${at} has the property ${JSON.stringify(key.slice(0, 64))}, which the contract does not allow`;
      if (isObject(sub)) {
        const problem = departure(sub, item, path);
        if (problem !== undefined) return problem;
      }
    }
  }
  return undefined;
}
