import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createUrlPolicy } from '../../core/policy/url-policy.ts';
import { renderMarkdown } from './markdown-pipeline.ts';
import { plainHeading, plainParagraph } from './markdown.ts';

const policy = createUrlPolicy();
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('property: whatever plainParagraph accepts, markdown-it renders as one paragraph of exactly the text it returns', () => {
  const alphabet = fc.constantFrom(...'ab Z9.,;:?\'"/%$@{}^1)0é漢😀\u00a0\u2028\t\n#*_`[]()<>&|~=!+-\\'.split(''));
  const spaces = fc.integer({ min: 0, max: 5 }).map((n) => ' '.repeat(n));
  const words = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.array(alphabet, { maxLength: 30 }).map((chars) => chars.join('')),
  );
  // Leading and trailing spaces as a stream has them (" w1 w2"), up to an indented code block.
  const text = fc.tuple(spaces, words, spaces).map(([before, middle, after]) => before + middle + after);
  let plain = 0;
  fc.assert(
    fc.property(text, (source) => {
      const shown = plainParagraph(source);
      if (shown === undefined) return;
      plain += 1;
      expect(renderMarkdown(source, policy)).toBe(`<p>${escape(shown)}</p>\n`);
    }),
    { numRuns: 3000 },
  );
  expect(plain).toBeGreaterThan(100);
});

test('markup, indented code, numbered lines and empty text are not plain; spaces around a paragraph are dropped', () => {
  for (const source of [
    '**b**',
    '# h',
    '1. item',
    '2) item',
    '    code',
    '\u00a0lead',
    'trail\u00a0',
    'a\nb',
    '[x](y)',
    '<b>',
    'a & b',
    '',
    '   ',
    'x\u0000',
  ]) {
    expect(plainParagraph(source), JSON.stringify(source)).toBeUndefined();
  }
  expect(plainParagraph('Clicked 3 times. Next: 42%, ok?')).toBe('Clicked 3 times. Next: 42%, ok?');
  expect(plainParagraph(' w1 w2 w3')).toBe('w1 w2 w3');
  expect(plainParagraph('   three spaces and trailing  ')).toBe('three spaces and trailing');
});

test('property: whatever plainHeading accepts, markdown-it renders as one heading of that level and exactly that text', () => {
  const alphabet = fc.constantFrom(...'ab Z9.,;:?\'"/%$@{}^1)0é漢😀\u00a0\u2028\t\n#*_`[]()<>&|~=!+-\\'.split(''));
  const spaces = fc.integer({ min: 0, max: 4 }).map((n) => ' '.repeat(n));
  const hashes = fc.integer({ min: 0, max: 7 }).map((n) => '#'.repeat(n));
  const words = fc.oneof(
    fc.string(),
    fc.array(alphabet, { maxLength: 30 }).map((chars) => chars.join('')),
  );
  const source = fc.tuple(spaces, hashes, spaces, words, spaces).map((parts) => parts.join(''));
  let headings = 0;
  fc.assert(
    fc.property(source, (text) => {
      const shown = plainHeading(text);
      if (shown === undefined) return;
      headings += 1;
      expect(renderMarkdown(text, policy)).toBe(`<h${shown.level}>${escape(shown.text)}</h${shown.level}>\n`);
    }),
    { numRuns: 3000 },
  );
  expect(headings).toBeGreaterThan(100);
  expect(plainHeading('## Book a table')).toEqual({ level: 2, text: 'Book a table' });
  for (const not of ['##', '#no space', '####### seven', '## *em*', '## a\nb', 'text'])
    expect(plainHeading(not), not).toBeUndefined();
});
