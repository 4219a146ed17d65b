import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAction, checkActionSpec } from './action-contract.ts';

const SPEC = {
  book: {
    payload: {
      type: 'object',
      required: ['seat', 'count'],
      additionalProperties: false,
      properties: {
        seat: { type: 'string', minLength: 2, maxLength: 4 },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        class: { enum: ['economy', 'business'] },
        tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
      },
    },
  },
  cancel: {},
};

describe('action contracts (seed 004 actionSpec)', () => {
  it('accepts a conforming payload, and any payload for a spec without one', () => {
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 2, class: 'business', tags: ['window'] })).toBeUndefined();
    expect(checkAction(SPEC, 'cancel', { anything: [1, { deep: true }] })).toBeUndefined();
    expect(checkAction(undefined, 'whatever', 1)).toBeUndefined();
  });

  it('names the first departure at its payload path, in words a page or model can act on', () => {
    expect(checkAction(SPEC, 'hack', {})).toBe('the render declares no action "hack"; it declares "book", "cancel"');
    expect(checkAction(SPEC, 'book', { seat: 12, count: 1 })).toBe('payload $.seat must be string, not number');
    expect(checkAction(SPEC, 'book', { seat: '12A' })).toBe('payload $ needs the property "count"');
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 1.5 })).toBe('payload $.count must be integer, not number');
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 10 })).toBe('payload $.count must be at most 9');
    expect(checkAction(SPEC, 'book', { seat: '12ABC', count: 1 })).toBe(
      'payload $.seat must have at most 4 characters',
    );
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 1, class: 'first' })).toBe(
      'payload $.class must be one of ["economy","business"]',
    );
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 1, tags: ['a', 2] })).toBe(
      'payload $.tags[1] must be string, not number',
    );
    expect(checkAction(SPEC, 'book', { seat: '12A', count: 1, admin: true })).toBe(
      'payload $ has the property "admin", which the contract does not allow',
    );
    expect(checkAction(SPEC, 'book', null)).toBe('payload $ must be object, not null');
  });

  it('inherited names are not declared actions', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(checkAction(SPEC, name, {})).toMatch(/declares no action/);
  });

  it('refuses, at publish, what the subset cannot enforce: pattern, references, unknown types, deep nesting', () => {
    expect(checkActionSpec(SPEC)).toBeUndefined();
    expect(checkActionSpec({ a: { payload: { type: 'string', pattern: '(a+)+$' } } })).toMatch(
      /actionSpec\.a\.payload: the keyword "pattern" is not supported/,
    );
    expect(checkActionSpec({ a: { payload: { $ref: '#/x' } } })).toMatch(/"\$ref" is not supported/);
    expect(checkActionSpec({ a: { payload: { type: 'date' } } })).toMatch(
      /actionSpec\.a\.payload\.type: "date" is not one of/,
    );
    expect(checkActionSpec({ a: 'yes' })).toMatch(/actionSpec\.a must be an object/);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i += 1) deep = { type: 'array', items: deep };
    expect(checkActionSpec({ a: { payload: deep } })).toMatch(/nest at most 16 levels/);
  });

  it('property: checking never throws and never writes, whatever the payload', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('book', 'cancel', 'other', '__proto__'),
        fc.anything({ withNullPrototype: true, withObjectString: true }),
        (name, payload) => {
          const before = JSON.stringify(payload) ?? '';
          const answer = checkAction(SPEC, name, payload);
          expect(answer === undefined || typeof answer === 'string').toBe(true);
          expect(JSON.stringify(payload) ?? '').toBe(before);
        },
      ),
      { numRuns: 500 },
    );
  });
});
