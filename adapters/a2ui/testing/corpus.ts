import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The A2UI v0.9.1 corpus (examples, basic catalog, JSON Schemas), copied into the test fixtures. */
export const CORPUS_DIR = process.env.A2UI_CORPUS ?? fileURLToPath(new URL('../../../examples/a2ui/', import.meta.url));

/** One example: its file name and message stream. */
export interface A2uiExample {
  file: string;
  name: string;
  messages: unknown[];
}

/** The 36 examples, in file order. */
export function loadExamples(): A2uiExample[] {
  const dir = join(CORPUS_DIR, 'examples');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { name: string; messages: unknown[] };
      return { file, name: parsed.name, messages: parsed.messages };
    });
}

/** One JSON Schema file of the corpus's `json/` folder. */
export function loadSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'json', name), 'utf8')) as Record<string, unknown>;
}
