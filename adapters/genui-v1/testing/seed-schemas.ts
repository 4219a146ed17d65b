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
    const schema = JSON.parse(
      readFileSync(new URL(`../../../e2e/fixtures/genui-v1/seed-schemas/${name}.schema.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    out[name] = ajv.compile(schema);
  }
  return out;
}

/** One line of a `/genUI` reply, parsed. */
export type ReplyChunk = Record<string, unknown>;

/**
 * Test-only: a `/genUI` reply body as its chunks, each checked against the seed's schema of its kind
 * (`addOrUpdateSurface`, `deleteSurface`, `message`, else `text`); throws on the first that fails,
 * or when the reply does not end with its `message`.
 */
export function seedCheckedChunks(body: string, seed = seedValidators()): ReplyChunk[] {
  const all = body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ReplyChunk);
  for (const c of all) {
    const name =
      'addOrUpdateSurface' in c
        ? 'add-or-update-surface'
        : 'deleteSurface' in c
          ? 'delete-surface'
          : 'message' in c
            ? 'message'
            : 'text';
    if (!seed[name](c))
      throw new Error(
        `a reply line fails the seed's ${name} schema: ${JSON.stringify(c).slice(0, 300)}: ${JSON.stringify(seed[name].errors)}`,
      );
  }
  const last = all.at(-1);
  if (last === undefined || Object.keys(last).join() !== 'message')
    throw new Error(`the reply does not end with its message: ${JSON.stringify(last)?.slice(0, 200)}`);
  return all;
}
