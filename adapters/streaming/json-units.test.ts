import { describe, expect, it } from 'vitest';
import { createJsonUnitParser, type JsonStreamEvent } from './json-units.ts';
import { compilePath, formatPath } from './json-path.ts';

const MESSAGE = JSON.stringify({
  version: 'v0.9',
  updateComponents: {
    surfaceId: 'main',
    components: [
      { id: 'root', component: 'Column', children: ['title', 'body'] },
      { id: 'title', component: 'Text', variant: 'h2', text: 'Weather in \u00e9t\u00e9 \ud83c\udf1e' },
      { id: 'body', component: 'Text', text: 'Sunny, "warm" \\ calm' },
    ],
  },
});

const a2ui = () =>
  createJsonUnitParser({
    units: ['$.updateComponents.components.*'],
    context: ['$.version', '$.updateComponents.surfaceId'],
    cuttable: (inUnit, unit) =>
      inUnit.length === 1 &&
      inUnit[0] === 'text' &&
      !Array.isArray(unit) &&
      (unit as { component?: unknown }).component === 'Text',
  });

const kinds = (events: JsonStreamEvent[]) => events.map((e) => e.kind);

describe('createJsonUnitParser', () => {
  it('yields each component as it closes, streams only text roles, and commits the document at its line end', () => {
    const parser = a2ui();
    const events: JsonStreamEvent[] = [];
    for (const c of `${MESSAGE}\n`) events.push(...parser.push(c));
    events.push(...parser.end());
    const units = events.filter((e) => e.kind === 'unit');
    expect(units.map((u) => u.value)).toEqual(JSON.parse(MESSAGE).updateComponents.components);
    expect(units.map((u) => u.path)).toEqual([0, 1, 2].map((i) => ['updateComponents', 'components', i]));
    expect(events.filter((e) => e.kind === 'value').map((e) => e.kind === 'value' && e.value)).toEqual([
      'v0.9',
      'main',
    ]);
    const texts = events.flatMap((e) => (e.kind === 'text' ? [e] : []));
    // Fed one character at a time, every character of the two texts arrives as its own delta (escapes decoded whole).
    expect(
      texts
        .filter((t) => t.path[2] === 1)
        .map((t) => t.delta)
        .join(''),
    ).toBe('Weather in \u00e9t\u00e9 \ud83c\udf1e');
    expect(texts.filter((t) => t.path[2] === 1).every((t) => !/[\ud800-\udbff]$/.test(t.text))).toBe(true);
    expect(texts.filter((t) => t.path[2] === 2).at(-1)!.text).toBe('Sunny, "warm" \\ calm');
    // A partial unit is the closed members plus the text so far, never a guessed id or type.
    const first = texts.find((t) => t.path[2] === 1)!;
    expect(first.unit).toEqual({ id: 'title', component: 'Text', variant: 'h2', text: 'W' });
    expect(texts.every((t) => t.path.at(-1) === 'text')).toBe(true);
    expect(events.at(-1)).toEqual({ kind: 'document', document: 0, value: JSON.parse(MESSAGE) });
  });

  it('coalesces: one text event per push at most', () => {
    const parser = a2ui();
    const cut = MESSAGE.indexOf('Weather') + 4;
    const events = parser.push(MESSAGE.slice(0, cut));
    expect(kinds(events)).toEqual(['value', 'value', 'unit', 'text']);
    expect(events.at(-1)).toMatchObject({ kind: 'text', text: 'Weat', delta: 'Weat' });
    expect(parser.push('')).toEqual([]);
    expect(parser.push('her')).toEqual([expect.objectContaining({ text: 'Weather', delta: 'her' })]);
  });

  it('never shows a string outside a text role: ids, types and URLs wait until they close', () => {
    const text =
      '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"img","component":"Image","url":"https://example.com/a.png"}]}}';
    for (let cut = 1; cut <= text.length; cut += 1) {
      const events = a2ui().push(text.slice(0, cut));
      expect(events.filter((e) => e.kind === 'text')).toEqual([]);
      for (const e of events)
        if (e.kind === 'unit')
          expect(e.value).toEqual({ id: 'img', component: 'Image', url: 'https://example.com/a.png' });
      for (const e of events) if (e.kind === 'value') expect(['v0.9', 's']).toContain(e.value);
    }
  });

  it('JSONL: a bad line is reported precisely and skipped; the next line parses', () => {
    const parser = createJsonUnitParser({ units: ['$.ops.*'] });
    const events = parser.push('{"ops":[{"a":1},{"b":2]}\n{"ops":[{"c":3}]}\n');
    expect(kinds(events)).toEqual(['unit', 'error', 'unit', 'document']);
    const error = events[1]!.kind === 'error' ? events[1]!.error : undefined;
    expect(error).toMatchObject({ code: 'JSON_SYNTAX', line: 1, column: 23, path: '$.ops[1]' });
    expect(error!.message).toBe('line 1, column 23, at $.ops[1]: expected "," or "}" after a member but found "]"');
    expect(events[3]).toMatchObject({ kind: 'document', document: 1, value: { ops: [{ c: 3 }] } });
  });

  it('a line that ends inside a document, and a stream that ends inside one, are INCOMPLETE', () => {
    const parser = createJsonUnitParser({ units: ['$'] });
    expect(parser.push('{"a":[1,\n{"b":1}\n')).toEqual([
      expect.objectContaining({
        kind: 'error',
        error: expect.objectContaining({ code: 'INCOMPLETE', line: 1, column: 9 }),
      }),
      { kind: 'unit', document: 1, path: [], value: { b: 1 } },
      { kind: 'document', document: 1, value: { b: 1 } },
    ]);
    parser.push('{"c":"unterminated');
    expect(parser.end()).toEqual([
      expect.objectContaining({
        kind: 'error',
        error: expect.objectContaining({ code: 'INCOMPLETE', message: expect.stringContaining('inside a string') }),
      }),
    ]);
  });
});

describe('createJsonUnitParser: bounds and errors', () => {
  it('bounds depth, document size and unit count with errors that name the bound', () => {
    const deep = createJsonUnitParser({ units: ['$'], limits: { maxDepth: 3 } }).push('[[[[1]]]]\n');
    expect(deep[0]).toMatchObject({ kind: 'error', error: { code: 'LIMIT_EXCEEDED', column: 4, path: '$[0][0]' } });
    expect(deep[0]!.kind === 'error' && deep[0]!.error.message).toContain('deeper than 3 levels');
    const big = createJsonUnitParser({ units: ['$'], limits: { maxDocumentChars: 10 } });
    expect(big.push('"0123456789abc"\n[1]\n')).toEqual([
      expect.objectContaining({
        kind: 'error',
        error: expect.objectContaining({
          code: 'LIMIT_EXCEEDED',
          message: expect.stringContaining('at most 10 characters'),
        }),
      }),
      expect.objectContaining({ kind: 'unit' }),
      expect.objectContaining({ kind: 'document' }),
    ]);
    const many = createJsonUnitParser({ units: ['$.*'], limits: { maxUnits: 2 } }).push('[1,2,3]\n');
    expect(kinds(many)).toEqual(['unit', 'unit', 'error']);
  });

  it('syntax errors name what was expected: bad escapes, control characters, numbers, literals, trailing text', () => {
    const first = (text: string) => {
      const e = createJsonUnitParser({ units: ['$'] })
        .push(text)
        .find((x) => x.kind === 'error');
      return e?.kind === 'error' ? e.error.message : undefined;
    };
    expect(first('"a\\qb"\n')).toContain('"\\q" is not a JSON escape');
    expect(first('"a\\u12G4"\n')).toContain('4 hex digits');
    expect(first('"a\tb"\n')).toContain('raw control character (U+0009)');
    expect(first('[01]\n')).toContain('"01" is not a JSON number');
    expect(first('[tru]\n')).toContain('expected "true" but found "]"');
    expect(first('{"a":1} x\n')).toContain('after the end of the JSON value');
    expect(first('{"a" 1}\n')).toContain('expected ":" after the key "a"');
    expect(first('{"a":1,}\n')).toContain('expected a key in double quotes after ","');
    expect(first('[1,]\n')).toContain('expected a value');
  });

  it('JSONL: a line that failed in an escape leaves nothing to the next lines: they parse, on their own line', () => {
    const parser = createJsonUnitParser({ units: ['$'] });
    const events = [
      ...parser.push('{"a":"\\q"}\n{"a":"x"}\n'),
      ...parser.push('{"a":"\\u12'),
      ...parser.push('\n{"b":"y"}\n'),
      ...parser.end(),
    ];
    // Before: the failed escape stayed set, so line 2's key "a" read as an escape "\a"; and the line end that failed
    // the \u escape was consumed, so line 4 was skipped as the rest of line 3.
    const shown = (e: JsonStreamEvent) =>
      e.kind === 'error' ? e.error.message : [e.kind, JSON.stringify('value' in e ? e.value : e.text)];
    expect(events.map(shown)).toEqual([
      'line 1, column 8, at $: "\\q" is not a JSON escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
      ['unit', '{"a":"x"}'],
      ['document', '{"a":"x"}'],
      'line 3, column 11, at $: a \\u escape needs 4 hex digits but found a line end',
      ['unit', '{"b":"y"}'],
      ['document', '{"b":"y"}'],
    ]);
  });

  it('document mode: one value over many lines; a __proto__ key stays an own property', () => {
    const parser = createJsonUnitParser({ units: ['$.widgets[*]'], mode: 'document' });
    const events = parser.push('{\n "widgets": [\n  {"__proto__": {"x": 1}, "id": "a"}\n ]\n}');
    expect(kinds(events)).toEqual(['unit']);
    const unit = events[0]!.kind === 'unit' ? (events[0]!.value as Record<string, unknown>) : {};
    expect(Object.getPrototypeOf(unit)).toBe(Object.prototype);
    expect(Object.hasOwn(unit, '__proto__')).toBe(true);
    expect(parser.end()).toEqual([
      { kind: 'document', document: 0, value: JSON.parse('{"widgets":[{"__proto__":{"x":1},"id":"a"}]}') },
    ]);
  });
});

describe('paths', () => {
  it('compiles the JSONPath subset and refuses the rest', () => {
    expect(compilePath('$.a.b[*].c[2].*')).toEqual(['a', 'b', '*', 'c', '2', '*']);
    expect(compilePath('$')).toEqual([]);
    expect(() => compilePath('$..a')).toThrow(/from character 1/);
    expect(formatPath(['a', 0, 'b c'])).toBe('$.a[0]["b c"]');
  });
});
