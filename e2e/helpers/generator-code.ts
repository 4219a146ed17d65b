import { readFileSync } from 'node:fs';

const DIR = new URL('../fixtures/security/generators/', import.meta.url);

/**
 * The source of a generator fixture from `e2e/fixtures/security/generators/<name>.js`, with
 * `__KEY__` placeholders replaced from `vars`. Hostile fixtures get `prelude.js` (probe, report,
 * grabPort) in front; `healthy` runs alone.
 */
export function generatorCode(name: string, vars: Record<string, string> = {}): string {
  const read = (file: string): string => readFileSync(new URL(`${file}.js`, DIR), 'utf8');
  let code = name === 'healthy' ? read(name) : `${read('prelude')}\n${read(name)}`;
  for (const [key, value] of Object.entries(vars)) code = code.replaceAll(`__${key}__`, value);
  const left = /__[A-Z][A-Z_]*__/.exec(code);
  if (left) throw new Error(`generator ${name}: placeholder ${left[0]} has no value`);
  return code;
}
