import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/** The seed's own JSON Schemas (draft-07), copied verbatim into e2e/fixtures/genui-v1/seed-schemas. */
export const SEED_SCHEMAS = ['request', 'error', 'add-or-update-surface', 'delete-surface', 'text', 'message'] as const;

/**
 * Test-only: Ajv validators of the seed's schemas. Formats `uri` and `date-time` are checked with
 * small regexes (ajv-formats is not a dependency of the project).
 */
export function seedValidators(): Record<(typeof SEED_SCHEMAS)[number], ValidateFunction> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:[^\s]*$/i);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i);
  const out = {} as Record<(typeof SEED_SCHEMAS)[number], ValidateFunction>;
  for (const name of SEED_SCHEMAS) {
    const schema = JSON.parse(readFileSync(new URL(`../../../e2e/fixtures/genui-v1/seed-schemas/${name}.schema.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    out[name] = ajv.compile(schema);
  }
  return out;
}
