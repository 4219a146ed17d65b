import { describe, expect, it } from 'vitest';
import { JsonStreamCursor } from './json-stream-cursor.ts';
import { JsonLiteralToken, JsonNumberToken } from './json-scalar-token.ts';

describe('JsonStreamCursor', () => {
  it('numbers documents, locates errors by line and column, and bounds a document by its own start', () => {
    const cursor = new JsonStreamCursor();
    cursor.startDocument(0);
    cursor.startDocument(3);
    expect(cursor.document).toBe(0);
    cursor.newLine(9);
    cursor.endDocument();
    cursor.startDocument(10);
    expect(cursor.document).toBe(1);
    expect(cursor.error('JSON_SYNTAX', 12, 'expected x', ['a', 2])).toEqual({
      code: 'JSON_SYNTAX',
      line: 2,
      column: 3,
      path: '$.a[2]',
      message: 'line 2, column 3, at $.a[2]: expected x',
    });
    expect(cursor.pastDocumentLimit(15, 5)).toBe(false);
    expect(cursor.pastDocumentLimit(16, 5)).toBe(true);
    // A scan of a chunk that starts at offset 12 stops one character past the bound (offset 16, index 4).
    cursor.base = 12;
    expect(cursor.scanEnd(100, 5)).toBe(4);
    cursor.endDocument();
    expect(cursor.scanEnd(100, 5)).toBe(100);
    expect(cursor.pastDocumentLimit(100, 5)).toBe(false);
  });
});

describe('JsonNumberToken and JsonLiteralToken', () => {
  it('a number is checked whole when it ends; a literal is matched a character at a time', () => {
    const number = new JsonNumberToken();
    number.start('-');
    for (const c of '12.5e+3') expect(number.take(c)).toBe(true);
    expect(number.take(',')).toBe(false);
    expect(number.value()).toBe(-12500);
    number.start('0');
    number.take('1');
    expect(number.value()).toBeUndefined();
    const literal = new JsonLiteralToken();
    expect(literal.start('x')).toBe(false);
    expect(literal.start('n')).toBe(true);
    expect([...'ull'].map((c) => literal.take(c))).toEqual(['more', 'more', 'done']);
    expect(literal.value).toBeNull();
    literal.start('t');
    expect(literal.take('o')).toBe('mismatch');
    expect(literal.word).toBe('true');
  });
});
