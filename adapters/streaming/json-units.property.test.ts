import fc from 'fast-check';
import { Allow, parse as partialParse } from 'partial-json';
import { describe, expect, it } from 'vitest';
import { createJsonUnitParser, type JsonStreamEvent, type JsonUnitParserOptions } from './json-units.ts';
import type { PathSegment } from './json-path.ts';

/** Keys that are not array-index-like, so object key order is the text's order (as in JSON.parse). */
const key = fc.string({ maxLength: 6 }).map((k) => `k${k}`);
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('quote " back \\ slash / tab \t nl \n', 'é 🌞 \u2028 \u0000'),
);
const extra = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
const component = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 8 }),
    component: fc.constantFrom('Text', 'Row', 'Image', 'Button'),
    text,
    extra,
  })
  .map(({ extra: more, ...c }) => ({ ...c, ...more }));
const message = fc
  .record({ surfaceId: fc.string({ maxLength: 8 }), components: fc.array(component, { maxLength: 5 }) })
  .map((m) => ({ version: 'v0.9', updateComponents: m }));

const options: JsonUnitParserOptions = {
  units: ['$.updateComponents.components.*'],
  context: ['$.updateComponents.surfaceId'],
  cuttable: (inUnit, unit) =>
    inUnit.length === 1 && inUnit[0] === 'text' && (unit as { component?: unknown }).component === 'Text',
};

function feed(chunks: readonly string[], opts = options): JsonStreamEvent[][] {
  const parser = createJsonUnitParser(opts);
  return [...chunks.map((c) => parser.push(c)), parser.end()];
}

function at(value: unknown, path: readonly PathSegment[]): unknown {
  let v = value;
  for (const step of path) v = (v as Record<string, unknown>)[step as string];
  return v;
}

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

/** What every split must give: exactly the complete input's units; texts that only grow toward the final string. */
function check(whole: string, batches: JsonStreamEvent[][]): void {
  // The reference is JSON.parse of the text (it turns -0 into 0, as the parser does).
  const doc = JSON.parse(whole) as { updateComponents: { components: unknown[] } };
  const events = batches.flat();
  expect(events.filter((e) => e.kind === 'error')).toEqual([]);
  expect(events.filter((e) => e.kind === 'unit').map((e) => e.kind === 'unit' && e.value)).toEqual(
    doc.updateComponents.components,
  );
  expect(events.filter((e) => e.kind === 'document')).toEqual([
    { kind: 'document', document: 0, value: JSON.parse(whole) },
  ]);
  const shown = new Map<string, string>();
  for (const e of events) {
    if (e.kind !== 'text') continue;
    const final = at(doc, e.path);
    expect(typeof final).toBe('string');
    expect((final as string).startsWith(e.text)).toBe(true);
    const before = shown.get(e.path.join('/')) ?? '';
    expect(e.text).toBe(before + e.delta);
    expect(e.delta.length).toBeGreaterThan(0);
    shown.set(e.path.join('/'), e.text);
    // The preview holds only what the final unit holds: the same members, this text cut short.
    const unit = at(doc, e.unitPath) as Record<string, unknown>;
    for (const [k, v] of Object.entries(e.unit as Record<string, unknown>))
      expect(v).toEqual(k === 'text' ? e.text : unit[k]);
  }
}

describe('createJsonUnitParser, split everywhere', () => {
  it('property: at every one-character split: the units of the whole input, texts grow toward the final text', () => {
    fc.assert(
      fc.property(message, (doc) => {
        const whole = JSON.stringify(doc);
        check(whole, feed([...whole.split(''), '\n']));
      }),
      { numRuns: 150 },
    );
  });

  it('property: any chunking gives the units, context and document of the whole text in one push', () => {
    fc.assert(
      fc.property(message, fc.array(fc.nat(), { maxLength: 12 }), (doc, cuts) => {
        const whole = `${JSON.stringify(doc)}\n`;
        const batches = feed(split(whole, cuts));
        check(whole, batches);
        const strip = (events: JsonStreamEvent[]) => events.filter((e) => e.kind !== 'text');
        expect(strip(batches.flat())).toEqual(strip(feed([whole]).flat()));
      }),
      { numRuns: 300 },
    );
  });

  it('oracle: at every cut, the text shown is what partial-json (re-parsing the whole prefix) reads there', () => {
    fc.assert(
      fc.property(message, (doc) => {
        const whole = JSON.stringify(doc);
        const parser = createJsonUnitParser(options);
        for (let cut = 1; cut < whole.length; cut += 1) {
          const events = parser.push(whole[cut - 1]!);
          const last = events.filter((e) => e.kind === 'text').at(-1);
          if (last?.kind !== 'text') continue;
          // partial-json drops a cut escape or surrogate differently; compare on plain tails.
          const tail = whole.slice(Math.max(0, cut - 6), cut);
          // partial-json also trims the text, so a tail ending in whitespace reads shorter there.
          if (/[\\\ud800-\udfff]/.test(tail) || /\s$/.test(tail)) continue;
          expect(at(partialParse(whole.slice(0, cut), Allow.ALL), last.path)).toBe(last.text);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('property: any JSON value, JSONL or one document, cut anywhere: the units and documents of JSON.parse', () => {
    const unitsOf = (value: unknown): unknown[] =>
      Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [];
    const value = fc
      .jsonValue({ maxDepth: 4 })
      .filter(
        (v) => typeof v !== 'object' || v === null || Array.isArray(v) || Object.keys(v).every((k) => !/^\d+$/.test(k)),
      );
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        (values, cuts, jsonl) => {
          const docs = jsonl ? values : values.slice(0, 1);
          const whole = jsonl ? docs.map((v) => JSON.stringify(v)).join('\n') : JSON.stringify(docs[0], null, 2);
          const events = feed(split(whole, cuts), { units: ['$.*'], mode: jsonl ? 'jsonl' : 'document' }).flat();
          expect(events.filter((e) => e.kind === 'error')).toEqual([]);
          expect(events.filter((e) => e.kind === 'document').map((e) => e.kind === 'document' && e.value)).toEqual(
            docs.map((d) => JSON.parse(JSON.stringify(d))),
          );
          expect(events.filter((e) => e.kind === 'unit').map((e) => e.kind === 'unit' && e.value)).toEqual(
            docs.flatMap((d) => unitsOf(JSON.parse(JSON.stringify(d)))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: a text that is not JSON never yields a document, and the parser never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.nat(), { maxLength: 6 }), (raw, cuts) => {
        let valid = true;
        try {
          JSON.parse(raw);
        } catch {
          valid = false;
        }
        const events = feed(split(raw, cuts), { units: ['$'], mode: 'document' }).flat();
        if (!valid) expect(events.filter((e) => e.kind === 'document')).toEqual([]);
        if (valid)
          expect(events.filter((e) => e.kind === 'document')).toEqual([
            { kind: 'document', document: 0, value: JSON.parse(raw) },
          ]);
      }),
      { numRuns: 1000 },
    );
  });
});

// The parser against JSON.parse on texts that are mostly NOT JSON (the properties above hold it on
// valid ones): a document exactly when JSON.parse accepts, one error otherwise, at any chunking.
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
