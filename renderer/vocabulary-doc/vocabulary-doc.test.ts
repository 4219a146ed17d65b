import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { vocabularyMarkdown } from './vocabulary-doc.ts';

const DOC = new URL('../../docs/vocabulary.md', import.meta.url);

describe('docs/vocabulary.md', () => {
  it('is generated from the definitions (npm run docs:vocabulary rewrites it)', () => {
    const text = vocabularyMarkdown();
    if (process.env.UPDATE_VOCABULARY_DOC) writeFileSync(DOC, text);
    expect(readFileSync(DOC, 'utf8')).toBe(text);
    for (const entry of BUILTIN_VOCABULARY) expect(text).toContain(`### \`${entry.type}\``);
  });
});
