import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlight, tokenize } from './highlight.ts';

describe('highlight', () => {
  it('classifies comments, strings, numbers, keywords and the suip API', () => {
    const kinds = tokenize('const n = 42; // hi\nrender(text("a<b>"));').filter(([k]) => k !== 'plain');
    expect(kinds).toEqual([
      ['keyword', 'const'],
      ['number', '42'],
      ['comment', '// hi'],
      ['api', 'render'],
      ['api', 'text'],
      ['string', '"a<b>"'],
    ]);
  });

  it('never loses or adds a character, and escapes markup', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (code) => {
        expect(
          tokenize(code)
            .map(([, t]) => t)
            .join(''),
        ).toBe(code);
        expect(highlight(code)).not.toMatch(/<(?!\/?span)/);
      }),
      { numRuns: 500 },
    );
  });
});
