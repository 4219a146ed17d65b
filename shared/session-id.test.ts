import fc from 'fast-check';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compile } from './check.ts';
import { isSessionId, SESSION_ID_MAX_CHARS, SESSION_ID_PATTERN } from './session-id.ts';

/** The rule as a reference model: 1–128 characters, each a letter, digit or one of `_ . : -`. */
const model = (value: string) =>
  value.length >= 1 && value.length <= 128 && [...value].every((c) => /[A-Za-z0-9_.:-]/.test(c));

describe('the session-id rule', () => {
  const schema = compile(Type.String({ minLength: 1, maxLength: SESSION_ID_MAX_CHARS, pattern: SESSION_ID_PATTERN }));
  it('isSessionId and the wire schema agree with the model on any string', () => {
    const idish = fc.string({
      unit: fc.constantFrom('a', 'Z', '7', '_', '.', ':', '-', ' ', '/', 'é', '\n'),
      maxLength: 140,
    });
    fc.assert(
      fc.property(fc.oneof(idish, fc.string({ maxLength: 140 })), (value) => {
        expect(isSessionId(value)).toBe(model(value));
        expect(schema.firstError(value) === undefined).toBe(model(value));
      }),
    );
  });
  it('takes the longest id and refuses one character more, and non-strings', () => {
    expect(isSessionId('s'.repeat(128))).toBe(true);
    expect(isSessionId('s'.repeat(129))).toBe(false);
    expect(isSessionId(42)).toBe(false);
  });
});
