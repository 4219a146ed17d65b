import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderProseModule, renderStructureModule } from './vocabulary-split.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';
import { BUILTIN_STRUCTURE } from './structure.generated.ts';
import { loadVocabularyProse } from './vocabulary-prose.ts';
import { groupCheckerFor, createGroupChecker } from './check-group.ts';

const path = (name: string) => fileURLToPath(new URL(`./${name}.generated.ts`, import.meta.url));
const read = (name: string) => readFileSync(path(name), 'utf8');

// `npm run gen:vocabulary` (UPDATE_VOCABULARY_SPLIT=1) rewrites both modules from the definitions.
if (process.env.UPDATE_VOCABULARY_SPLIT === '1') {
  writeFileSync(path('structure'), renderStructureModule());
  writeFileSync(path('prose'), renderProseModule());
}

describe('the vocabulary split in structure (entry) and prose (chunk)', () => {
  it('the generated modules are up to date with the definitions (run `npm run gen:vocabulary` if not)', () => {
    expect(read('structure')).toBe(renderStructureModule());
    expect(read('prose')).toBe(renderProseModule());
  });

  it('the structure carries no prose, and what validation reads is already there', () => {
    expect(BUILTIN_STRUCTURE.map((entry) => entry.type)).toEqual(BUILTIN_VOCABULARY.map((entry) => entry.type));
    const strip = (entries: readonly object[]) =>
      JSON.parse(
        JSON.stringify(entries, (key, value: unknown) =>
          key === 'description' || key === 'example' ? undefined : value,
        ),
      ) as unknown;
    expect(strip(BUILTIN_STRUCTURE)).toEqual(strip(BUILTIN_VOCABULARY));
    expect(read('structure')).not.toContain(BUILTIN_VOCABULARY[0]!.description);
  });

  it('once the prose is installed the structure is the definitions, the same JSON key for key (the handshake and the prompt)', async () => {
    await loadVocabularyProse();
    expect(loadVocabularyProse()).toBeUndefined();
    expect(JSON.stringify(BUILTIN_STRUCTURE)).toBe(JSON.stringify(BUILTIN_VOCABULARY));
    // The renderer's checker over the structure words its errors as the full definitions do.
    const group = { group: [], type: 'button' } as never;
    expect(groupCheckerFor(BUILTIN_STRUCTURE)(group, ['p'])).toEqual(createGroupChecker()(group, ['p']));
    expect(JSON.stringify(groupCheckerFor(BUILTIN_STRUCTURE)(group, ['p']))).toContain('Button text, plain text.');
  });
});
