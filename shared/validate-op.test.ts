import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  hostileJsonTextArbitrary,
  hostileValueArbitrary,
  idArbitrary,
  particleArbitrary,
  watchPrototypes,
} from './arbitraries.ts';
import { compile } from './check.ts';
import { ErrorCode } from './error-codes.ts';
import { SuipErrorObject } from './error.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { Method } from './methods.ts';
import { appendOp, appendTextOp, insertOp, removeOp, replaceOp } from './ops.ts';
import { checkOp, type OpCheck } from './validate-op.ts';

const CODES = new Set<number>(Object.values(ErrorCode));
const errorCheck = compile(SuipErrorObject);
const trap = () => {
  throw new Error('trap');
};
/** A hostile in-process value: every reflective operation throws (JSON.parse never makes one). */
const evil = new Proxy(
  {},
  { ownKeys: trap, get: trap, has: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
);

function errorOf(result: OpCheck) {
  if (result.ok) throw new Error('expected the op to be refused');
  return result.error;
}

describe('checkOp accepts', () => {
  test('every op the builders make, including the move and text-append forms', () => {
    const ops = [
      appendOp(['list'], 'a', { text: 'Hi' }),
      appendOp(['list'], 'a'),
      appendTextOp(['list', 'a'], ' more'),
      insertOp(['list'], 'b', 'a', { data: 'https://example.com/x.png', mimeType: 'image/png' }),
      insertOp([], 'b', 'a'),
      removeOp(['list', 'a']),
      replaceOp(['list', 'a'], { group: [] }),
    ];
    for (const op of ops) expect(checkOp(op.method, op.params, 0, DEFAULT_LIMITS)).toEqual({ ok: true, op });
  });

  test('any well-formed generated op (property)', () => {
    const path = fc.array(idArbitrary, { maxLength: 6 });
    const op = fc.oneof(
      fc
        .tuple(path, idArbitrary, particleArbitrary({ maxDepth: 2 }))
        .map(([p, id, particle]) => appendOp(p, id, particle)),
      fc.tuple(path, fc.string()).map(([p, text]) => appendTextOp(p, text)),
      fc.tuple(path, idArbitrary, idArbitrary).map(([p, id, before]) => insertOp(p, id, before)),
      fc.tuple(path, idArbitrary).map(([p, id]) => removeOp([...p, id])),
      fc
        .tuple(path, idArbitrary, particleArbitrary({ maxDepth: 2 }))
        .map(([p, id, particle]) => replaceOp([...p, id], particle)),
    );
    fc.assert(
      fc.property(
        op,
        fc.nat(),
        (o, index) => void expect(checkOp(o.method, o.params, index, DEFAULT_LIMITS)).toEqual({ ok: true, op: o }),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('checkOp refuses', () => {
  test('MethodNotFound: method names that are Object.prototype members, looked up in a Map', () => {
    for (const method of [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'valueOf',
      'suip/initialize',
      'suip/ops/APPEND',
      'suip/ops/append#text',
    ]) {
      expect(checkOp(method, { path: [] }, 3, DEFAULT_LIMITS)).toEqual({
        ok: false,
        error: {
          code: ErrorCode.MethodNotFound,
          message: `op 3: the string ${JSON.stringify(method)} is not an op; ops are suip/ops/append, suip/ops/insert, suip/ops/remove and suip/ops/replace`,
          data: { index: 3 },
        },
      });
    }
    expect(errorOf(checkOp(undefined, {}, 0, DEFAULT_LIMITS)).message).toBe(
      'op 0: undefined undefined is not an op; ops are suip/ops/append, suip/ops/insert, suip/ops/remove and suip/ops/replace',
    );
  });

  test('InvalidParams: bad shapes, each answered with an example of the right params', () => {
    const cases: [string, unknown, string][] = [
      [
        Method.append,
        null,
        'op 0 (suip/ops/append): params are malformed at /: Expected union value; expected params like {"path": ["list"], "id": "item-1", "particle": {"text": "Hi"}} or, to stream into a text particle, {"path": ["list", "item-1"], "text": " more"}',
      ],
      [
        Method.append,
        { path: ['list'], id: 7, particle: { text: 'x' } },
        'op 0 (suip/ops/append) at path ["list"]: params are malformed at /id: Expected string; expected params like {"path": ["list"], "id": "item-1", "particle": {"text": "Hi"}}',
      ],
      [
        Method.append,
        { path: ['list', 'a'], text: 7 },
        'op 0 (suip/ops/append) at path ["list","a"]: params are malformed at /text: Expected string; expected params like {"path": ["list", "item-1"], "text": " more"}',
      ],
      [
        Method.append,
        { path: 'list', id: 'a' },
        'op 0 (suip/ops/append): params are malformed at /path: Expected array; expected params like {"path": ["list"], "id": "item-1", "particle": {"text": "Hi"}}',
      ],
      [
        Method.insert,
        { path: [], id: 'a', particle: { text: 'x' } },
        'op 0 (suip/ops/insert) at path []: params are malformed at /before: Expected required property; expected params like {"path": ["list"], "id": "item-0", "particle": {"text": "Hi"}, "before": "item-1"}',
      ],
      [
        Method.remove,
        { path: [] },
        'op 0 (suip/ops/remove) at path []: params are malformed at /path: Expected array length to be greater or equal to 1; expected params like {"path": ["list", "item-1"]}',
      ],
      [
        Method.replace,
        { path: ['a'] },
        'op 0 (suip/ops/replace) at path ["a"]: params are malformed at /particle: Expected required property; expected params like {"path": ["list", "item-1"], "particle": {"text": "Bye"}}',
      ],
      [
        Method.remove,
        { path: ['a'], extra: 1 },
        'op 0 (suip/ops/remove) at path ["a"]: params are malformed at /extra: Unexpected property; expected params like {"path": ["list", "item-1"]}',
      ],
      [
        Method.remove,
        { path: [''] },
        'op 0 (suip/ops/remove) at path [""]: params are malformed at /path/0: Expected string length greater or equal to 1; expected params like {"path": ["list", "item-1"]}',
      ],
    ];
    for (const [method, params, message] of cases) {
      const error = errorOf(checkOp(method, params, 0, DEFAULT_LIMITS));
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toBe(message);
    }
  });

  test('InvalidParams: a 200,000-deep params value and path, built iteratively, without a RangeError', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(errorOf(checkOp(Method.remove, deep, 0, DEFAULT_LIMITS)).code).toBe(ErrorCode.InvalidParams);
    expect(errorOf(checkOp(Method.remove, { path: deep }, 0, DEFAULT_LIMITS)).message).toMatch(
      /malformed at \/path\/0: Expected string/,
    );
  });

  test('InvalidParams: a sparse path of length 2^32-1 fails at its first hole instead of iterating', () => {
    const path: unknown[] = ['a'];
    path.length = 2 ** 32 - 1;
    expect(errorOf(checkOp(Method.remove, { path }, 0, DEFAULT_LIMITS))).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('/path/1: Expected string'),
    });
  });

  test('InvalidParams: a path with a hole names no path in the error (only strings are echoed back)', () => {
    const error = errorOf(checkOp(Method.insert, { path: ['a', , 'b'], id: 'x', before: 'y' }, 0, DEFAULT_LIMITS));
    expect(error).toEqual({
      code: ErrorCode.InvalidParams,
      message:
        'op 0 (suip/ops/insert): params are malformed at /path/1: Expected string; expected params like {"path": ["list"], "id": "item-0", "particle": {"text": "Hi"}, "before": "item-1"}',
      data: { method: Method.insert, index: 0 },
    });
  });

  test('LimitExceeded: paths deeper than maxDepth, and too-long path ids, new ids and `before` ids', () => {
    const deepPath = Array.from({ length: 65 }, (_, i) => `p${i}`);
    expect(errorOf(checkOp(Method.remove, { path: deepPath }, 1, DEFAULT_LIMITS))).toEqual({
      code: ErrorCode.LimitExceeded,
      message: 'op 1 (suip/ops/remove): the path has 65 ids; maxDepth is 64; flatten the tree',
      data: { method: Method.remove, index: 1 },
    });
    const long = 'i'.repeat(257);
    expect(errorOf(checkOp(Method.remove, { path: [long] }, 0, DEFAULT_LIMITS)).message).toBe(
      'op 0 (suip/ops/remove): a path id has 257 characters; maxIdLength is 256; use a shorter id',
    );
    expect(
      errorOf(checkOp(Method.append, { path: ['list'], id: long, particle: { text: 'x' } }, 0, DEFAULT_LIMITS)),
    ).toEqual({
      code: ErrorCode.LimitExceeded,
      message:
        'op 0 (suip/ops/append) at path ["list"]: params.id: the id has 257 characters; maxIdLength is 256; use a shorter id',
      data: { method: Method.append, index: 0, path: ['list'] },
    });
    expect(errorOf(checkOp(Method.insert, { path: [], id: 'a', before: long }, 0, DEFAULT_LIMITS))).toMatchObject({
      code: ErrorCode.LimitExceeded,
      message:
        'op 0 (suip/ops/insert) at path []: params.before: the id has 257 characters; maxIdLength is 256; use a shorter id',
    });
  });

  test('PolicyViolation: reserved words as the new id of append and insert', () => {
    for (const id of ['__proto__', 'constructor', 'prototype']) {
      const params: unknown = JSON.parse(`{"path": [], "id": ${JSON.stringify(id)}, "particle": {"text": "x"}}`);
      expect(errorOf(checkOp(Method.append, params, 0, DEFAULT_LIMITS))).toEqual({
        code: ErrorCode.PolicyViolation,
        message: `op 0 (suip/ops/append) at path []: params.id: the id ${JSON.stringify(id)} is reserved; choose another id`,
        data: { method: Method.append, index: 0, path: [] },
      });
      expect(errorOf(checkOp(Method.insert, { path: [], id, before: 'a' }, 0, DEFAULT_LIMITS)).code).toBe(
        ErrorCode.PolicyViolation,
      );
    }
  });

  test('InvalidParams: reserved keys in params from JSON.parse are unexpected properties, not prototype writes', () => {
    const params: unknown = JSON.parse('{"path": ["a"], "__proto__": {"polluted": true}}');
    expect(errorOf(checkOp(Method.remove, params, 0, DEFAULT_LIMITS)).message).toMatch(
      /malformed at \/__proto__: Unexpected property/,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('checkOp on in-process hostile values', () => {
  test('a throwing Proxy as method, params or path is refused, never thrown', () => {
    expect(errorOf(checkOp(evil, {}, 0, DEFAULT_LIMITS))).toMatchObject({
      code: ErrorCode.MethodNotFound,
      message: expect.stringContaining('an unreadable value is not an op'),
    });
    expect(errorOf(checkOp(Method.remove, evil, 0, DEFAULT_LIMITS))).toEqual({
      code: ErrorCode.InvalidParams,
      message: 'op 0: the op could not be read; send plain JSON',
      data: { index: 0 },
    });
    expect(errorOf(checkOp(Method.remove, { path: evil }, 0, DEFAULT_LIMITS)).code).toBe(ErrorCode.InvalidParams);
  });
});

describe('checkOp on arbitrary input (properties)', () => {
  const methods = fc.oneof(
    fc.constantFrom(...Object.values(Method), 'constructor', 'toString', '__proto__', 'hasOwnProperty'),
    hostileValueArbitrary,
  );
  const wellFormed = (result: OpCheck) => {
    if (result.ok) return;
    expect(CODES.has(result.error.code)).toBe(true);
    expect(result.error.message.length).toBeLessThan(1000);
    expect(result.error.message).not.toMatch(/could not be read/);
    expect(JSON.parse(JSON.stringify(result.error))).toEqual(result.error);
    expect(errorCheck.firstError(JSON.parse(JSON.stringify(result.error)))).toBeUndefined();
  };
  const nearParams = fc.record(
    {
      path: fc.oneof(fc.array(idArbitrary, { maxLength: 3 }), hostileValueArbitrary),
      id: fc.oneof(idArbitrary, fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileValueArbitrary),
      before: fc.oneof(idArbitrary, hostileValueArbitrary),
      text: fc.oneof(fc.string(), hostileValueArbitrary),
      particle: fc.oneof(particleArbitrary({ maxDepth: 1 }), hostileValueArbitrary),
    },
    { requiredKeys: [] },
  );

  test('never throws on fc.anything methods and params, and pollutes nothing', () => {
    const changed = watchPrototypes();
    fc.assert(
      fc.property(methods, fc.oneof(hostileValueArbitrary, nearParams), (method, params) =>
        wellFormed(checkOp(method, params, 0, DEFAULT_LIMITS)),
      ),
      { numRuns: 2000 },
    );
    expect(changed()).toEqual([]);
  });

  test('never throws on JSON.parse of params with own "__proto__" keys, and pollutes nothing', () => {
    const changed = watchPrototypes();
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(Method)), hostileJsonTextArbitrary, (method, text) => {
        wellFormed(checkOp(method, JSON.parse(text), 0, DEFAULT_LIMITS));
        wellFormed(
          checkOp(
            method,
            JSON.parse(`{"path": [], "id": "a", "before": "b", "particle": ${text}, "__proto__": ${text}}`),
            0,
            DEFAULT_LIMITS,
          ),
        );
      }),
      { numRuns: 1000 },
    );
    expect(changed()).toEqual([]);
  });
});
