import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonUnitParser, type JsonStreamEvent } from './json-units.ts';

// The parser against JSON.parse on texts that are mostly NOT JSON (json-units.property.test.ts holds
// it on valid ones): a document exactly when JSON.parse accepts, one error otherwise, at any chunking.

/** The text cut at the given indexes. */
function split(whole: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(whole.slice(from, p));
    from = p;
  }
  out.push(whole.slice(from));
  return out;
}

const pieces = fc.constantFrom(
  '\\',
  '\\u',
  '\\u00',
  '\\ud83d',
  '\\ude00',
  '\\uD800',
  '\\x',
  '"',
  '0',
  '01',
  '-',
  '1.',
  '1e',
  '1e+',
  '.5',
  '-0',
  '\n',
  '\r',
  '\t',
  ' ',
  '\u2028',
  '\ud83d',
  '\ude00',
  'tru',
  'true',
  'nul',
  'null',
  ',',
  ':',
  '[',
  ']',
  '{',
  '}',
  '\u0000',
  '\\n',
  '\\"',
  '\\/',
  'é',
  '__proto__',
);
/**
 * A valid JSON text with random pieces inserted and characters deleted: cut escapes and surrogates,
 * bad numbers, half literals, raw control characters and line ends, stray brackets.
 */
const mutated = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(fc.tuple(fc.nat(), fc.oneof(pieces, fc.constant(''))), { maxLength: 3 }),
    fc.array(fc.nat(), { maxLength: 2 }),
  )
  .map(([value, inserts, deletes]) => {
    let s = JSON.stringify(value);
    for (const [at, piece] of inserts) {
      const p = at % (s.length + 1);
      s = s.slice(0, p) + piece + s.slice(p);
    }
    for (const at of deletes) {
      if (s.length === 0) break;
      const p = at % s.length;
      s = s.slice(0, p) + s.slice(p + 1);
    }
    return s;
  });

function parseOrFail(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isBlank = (line: string) => /^[ \t\r]*$/.test(line);

describe('json unit parser against JSON.parse on mutated texts', () => {
  it('document mode: a document exactly when JSON.parse accepts, with its value, at any chunking', () => {
    fc.assert(
      fc.property(mutated, fc.array(fc.nat(), { maxLength: 8 }), (raw, cuts) => {
        const parser = createJsonUnitParser({ units: ['$.*'], mode: 'document' });
        const events: JsonStreamEvent[] = [];
        for (const chunk of split(raw, cuts)) events.push(...parser.push(chunk));
        events.push(...parser.end());
        const docs = events.filter((e) => e.kind === 'document');
        const errors = events.filter((e) => e.kind === 'error');
        const ref = parseOrFail(raw);
        if (ref.ok) {
          expect(errors).toEqual([]);
          expect(docs).toEqual([{ kind: 'document', document: 0, value: ref.value }]);
        } else {
          expect(docs).toEqual([]);
          // Anything but JSON whitespace that is not JSON is refused once, and said.
          if (/[^ \t\r\n]/.test(raw)) expect(errors.length).toBe(1);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('jsonl: each non-blank line is a document exactly when JSON.parse accepts it, else one error', () => {
    fc.assert(
      fc.property(
        fc.array(mutated, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (lines, cuts) => {
          const raw = lines.join('\n');
          const parser = createJsonUnitParser({ units: ['$.*'] });
          const events: JsonStreamEvent[] = [];
          for (const chunk of split(raw, cuts)) events.push(...parser.push(chunk));
          events.push(...parser.end());
          const got = events
            .filter((e) => e.kind === 'document' || e.kind === 'error')
            .map((e) => (e.kind === 'document' ? { ok: true, value: e.value } : { ok: false }));
          const want = raw
            .split('\n')
            .filter((line) => !isBlank(line))
            .map((line) => parseOrFail(line));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 600 },
    );
  });
});
