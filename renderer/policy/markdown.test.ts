import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createUrlPolicy } from './url-policy.ts';
import { isPlainParagraph, renderMarkdown } from './markdown.ts';

const policy = createUrlPolicy();
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('property: whatever isPlainParagraph accepts, markdown-it renders as one paragraph of exactly that text', () => {
  const alphabet = fc.constantFrom(...'ab Z9.,;:?\'"/%$@{}^1)0é漢😀\u00a0\u2028\t\n#*_`[]()<>&|~=!+-\\'.split(''));
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.array(alphabet, { maxLength: 30 }).map((chars) => chars.join('')));
  let plain = 0;
  fc.assert(
    fc.property(text, (source) => {
      if (!isPlainParagraph(source)) return;
      plain += 1;
      expect(renderMarkdown(source, policy)).toBe(`<p>${escape(source)}</p>\n`);
    }),
    { numRuns: 3000 },
  );
  expect(plain).toBeGreaterThan(100);
});

test('markup, edges and numbered lines are not plain', () => {
  for (const source of ['**b**', '# h', '1. item', '2) item', ' lead', 'trail ', 'a\nb', '[x](y)', '<b>', 'a & b', '', 'x\u0000']) {
    expect(isPlainParagraph(source), source).toBe(false);
  }
  expect(isPlainParagraph('Clicked 3 times. Next: 42%, ok?')).toBe(true);
});
