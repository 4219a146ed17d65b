import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonStringToken } from './json-string-token.ts';

const noFail = (): void => {
  throw new Error('a valid string must not fail');
};

/** Feeds the body of a JSON string literal (after its opening quote) in the given pieces; returns what each showed. */
function feed(token: JsonStringToken, pieces: readonly string[]): string[] {
  const deltas: string[] = [];
  let base = 0;
  for (const piece of pieces) {
    let i = 0;
    while (i < piece.length && !token.closed) i = token.read(piece, i, piece.length, base, noFail);
    deltas.push(token.pending());
    token.markShown();
    base += piece.length;
  }
  return deltas;
}

describe('JsonStringToken', () => {
  it('property: cut anywhere, the value is as JSON.parse reads it; deltas add up to it, never half a pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\u00e9', '\ud83c', '\udf1e', '🌞'), maxLength: 24 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, cuts) => {
          const body = JSON.stringify(text).slice(1);
          const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...points].map((from, k) => body.slice(from, [...points, body.length][k]));
          const token = new JsonStringToken();
          token.start(false);
          const deltas = feed(
            token,
            pieces.filter((p) => p !== ''),
          );
          expect(token.closed).toBe(true);
          expect(token.value()).toBe(text);
          const shown = deltas.join('');
          expect(text.startsWith(shown)).toBe(true);
          let sofar = '';
          for (const delta of deltas) {
            sofar += delta;
            // Never cut between the halves of a pair: what follows the shown text is not a low surrogate.
            const last = sofar.charCodeAt(sofar.length - 1);
            const next = text.charCodeAt(sofar.length);
            expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
          }
        },
      ),
    );
  });

  it('holds a high surrogate cut from its low half until the low half comes, then shows both', () => {
    const token = new JsonStringToken();
    token.start(false);
    expect(feed(token, ['ab\ud83c'])).toEqual(['ab']);
    expect(feed(token, ['\udf1e"'])).toEqual(['\ud83c\udf1e']);
    expect(token.value()).toBe('ab🌞');
  });

  it('reads an escape cut between pieces, and a new string starts with no escape left from a failed one', () => {
    const token = new JsonStringToken();
    token.start(false);
    expect(feed(token, ['x\\', 'u00', 'e9\\', 'n"'])).toEqual(['x', '', 'é', '\n']);
    const failures: string[] = [];
    token.start(false);
    const record = (_code: string, at: number, message: string) => void failures.push(`${at}: ${message}`);
    expect(token.read('\\q', 0, 2, 0, record)).toBe(1);
    expect(token.read('\\q', 1, 2, 0, record)).toBe(2);
    expect(failures).toEqual(['1: "\\q" is not a JSON escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX']);
    token.start(true);
    expect(feed(token, ['a"'])).toEqual(['a']);
    expect(token.value()).toBe('a');
  });

  it('does not consume a line end that fails an escape or a string, so the line still ends', () => {
    const token = new JsonStringToken();
    const fail = (): void => {};
    token.start(false);
    expect(token.read('\\\n', 0, 2, 0, fail)).toBe(1);
    token.start(false);
    expect(token.read('\\u1\n', 0, 4, 0, fail)).toBe(1);
    expect(token.read('\\u1\n', 1, 4, 0, fail)).toBe(2);
    expect(token.read('\\u1\n', 2, 4, 0, fail)).toBe(3);
    expect(token.read('\\u1\n', 3, 4, 0, fail)).toBe(3);
    token.start(false);
    expect(token.read('ab\ncd', 0, 5, 0, fail)).toBe(2);
  });
});
