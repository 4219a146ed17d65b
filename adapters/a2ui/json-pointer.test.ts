import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataModel } from './data-model.ts';
import { formatPointer, parsePointer, resolvePath } from './json-pointer.ts';
import { DEFAULT_A2UI_LIMITS } from './limits.ts';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const segment = fc
  .oneof(fc.string({ maxLength: 6 }), fc.constantFrom('~', '/', '~1', '~0', '0', '10', '-', '', 'a/b~c'))
  .filter((s) => !RESERVED.has(s));

describe('RFC 6901 JSON Pointer', () => {
  it('resolves the RFC section 5 examples', () => {
    const model = new DataModel(DEFAULT_A2UI_LIMITS);
    const doc = {
      foo: ['bar', 'baz'],
      '': 0,
      'a/b': 1,
      'c%d': 2,
      'e^f': 3,
      'g|h': 4,
      'i\\j': 5,
      'k"l': 6,
      ' ': 7,
      'm~n': 8,
    };
    model.set('', doc);
    const cases: Array<[string, unknown]> = [
      ['', doc],
      ['/foo', ['bar', 'baz']],
      ['/foo/0', 'bar'],
      ['/', 0],
      ['/a~1b', 1],
      ['/c%d', 2],
      ['/e^f', 3],
      ['/g|h', 4],
      ['/i\\j', 5],
      ['/k"l', 6],
      ['/ ', 7],
      ['/m~0n', 8],
    ];
    for (const [pointer, value] of cases) expect(model.get(pointer)).toEqual(value);
    expect(model.get('/foo/01')).toBeUndefined();
    expect(model.get('/foo/2')).toBeUndefined();
  });

  it('refuses malformed escapes and pointers without a leading slash', () => {
    expect(() => parsePointer('/a~2', 32)).toThrow(/not followed by 0 or 1/);
    expect(() => parsePointer('a', 32)).toThrow(/must start with "\/"/);
  });

  it('property: format ∘ parse is the identity on segments', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        expect(parsePointer(formatPointer(segments), 32)).toEqual(segments);
      }),
    );
  });

  it('property: any pointer holding a reserved segment is refused, wherever it sits', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom(...RESERVED),
        (before, after, bad) => {
          expect(() => parsePointer(formatPointer([...before, bad, ...after]), 32)).toThrow(/refused/);
        },
      ),
    );
  });

  it('relative paths resolve inside the template scope; absolute ones ignore it', () => {
    expect(resolvePath('name', '/items/2')).toBe('/items/2/name');
    expect(resolvePath('./name', '/items/2')).toBe('/items/2/name');
    expect(resolvePath('/total', '/items/2')).toBe('/total');
    expect(resolvePath('name', '/')).toBe('/name');
    expect(resolvePath('/', '/items/2')).toBe('');
  });
});

describe('the data model', () => {
  const key = fc
    .string({ minLength: 1, maxLength: 3 })
    .filter((s) => !RESERVED.has(s) && !/^\d+$/.test(s) && s !== '-');
  const write = fc.record({
    path: fc.array(key, { minLength: 1, maxLength: 3 }),
    value: fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null)), { nil: undefined }),
  });

  it('property: a sequence of writes and deletes matches a reference model built on Maps', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), (writes) => {
        const model = new DataModel(DEFAULT_A2UI_LIMITS);
        const reference = new Map<string, unknown>();
        for (const { path, value } of writes) {
          model.set(formatPointer(path), value);
          const prefix = formatPointer(path);
          // A write replaces the whole subtree and any leaf above it; a delete removes the subtree.
          for (const k of [...reference.keys()])
            if (k === prefix || k.startsWith(`${prefix}/`) || prefix.startsWith(`${k}/`)) reference.delete(k);
          if (value !== undefined) reference.set(prefix, value);
        }
        for (const [pointer, value] of reference) expect(model.get(pointer)).toEqual(value);
        const snapshot = JSON.stringify(model.snapshot());
        expect(JSON.parse(snapshot)).toEqual(model.snapshot());
      }),
    );
  });

  it('arrays: index writes, "-" appends, deleting an index splices', () => {
    const model = new DataModel(DEFAULT_A2UI_LIMITS);
    model.set('/xs', ['a', 'b']);
    model.set('/xs/-', 'c');
    model.set('/xs/0', 'A');
    expect(model.get('/xs')).toEqual(['A', 'b', 'c']);
    model.set('/xs/1', undefined);
    expect(model.get('/xs')).toEqual(['A', 'c']);
    expect(() => model.set('/xs/9', 'far')).toThrow(/not an index/);
  });

  it('stored objects have no prototype an agent key could reach', () => {
    const model = new DataModel(DEFAULT_A2UI_LIMITS);
    model.set('/a', { toString: 'x', hasOwnProperty: 'y' });
    expect(model.get('/a/toString')).toBe('x');
    expect(model.get('/b/toString')).toBeUndefined();
    expect(model.get('/a/valueOf')).toBeUndefined();
  });
});
