import { describe, expect, test } from 'vitest';
import { describeValue, formatPath, quoteList } from './describe.ts';
import { ErrorCode, errorCodeName } from './error-codes.ts';
import { opError, rolledBackError } from './error.ts';

describe('error codes', () => {
  test('are the JSON-RPC codes plus SUIP codes in -32000…-32099, each unique and named', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect((code >= -32099 && code <= -32000) || [-32700, -32600, -32601, -32602, -32603].includes(code), name).toBe(
        true,
      );
      expect(errorCodeName(code)).toBe(name);
    }
    expect(errorCodeName(-1)).toBe('UnknownError');
  });
});

describe('opError', () => {
  test('starts the message with the op index, method and path, and carries them as data', () => {
    expect(
      opError(ErrorCode.PathNotFound, 'there is no particle "b"', {
        index: 2,
        method: 'suip/ops/remove',
        path: ['list', 'b'],
      }),
    ).toEqual({
      code: ErrorCode.PathNotFound,
      message: 'op 2 (suip/ops/remove) at path ["list","b"]: there is no particle "b"',
      data: { index: 2, method: 'suip/ops/remove', path: ['list', 'b'] },
    });
    expect(opError(ErrorCode.ParseError, 'the message is not valid JSON', {}).message).toBe(
      'the message is not valid JSON',
    );
  });

  test('clips a hostile path in data (64 ids of 256 characters) and in the message', () => {
    const path = Array.from({ length: 1000 }, () => 'x'.repeat(10_000));
    const error = opError(ErrorCode.PathNotFound, 'no', { path });
    expect(error.data?.path).toHaveLength(64);
    expect(error.data?.path?.[0]).toHaveLength(256);
    expect(error.message.length).toBeLessThan(400);
    expect(path[0]).toHaveLength(10_000); // the input is not mutated
  });
});

describe('rolledBackError', () => {
  const failed = opError(ErrorCode.IdExists, 'the group already has a child "a"', {
    index: 1,
    method: 'suip/ops/append',
    path: ['list'],
  });

  test('names the rolled-back op, the failing op, and quotes the failure; data points at the op to fix', () => {
    expect(rolledBackError(failed, 3, 'suip/ops/remove')).toEqual({
      code: ErrorCode.IdExists,
      message:
        'op 3 (suip/ops/remove): rolled back because op 1 failed; nothing in this transaction was applied. op 1 (suip/ops/append) at path ["list"]: the group already has a child "a"',
      data: { index: 1, method: 'suip/ops/append', path: ['list'] },
    });
  });

  test('works for transaction-level failures without an index', () => {
    const error = rolledBackError(
      { code: ErrorCode.LimitExceeded, message: 'too many particles' },
      0,
      'suip/ops/append',
    );
    expect(error).toEqual({
      code: ErrorCode.LimitExceeded,
      message:
        'op 0 (suip/ops/append): rolled back because another op failed; nothing in this transaction was applied. too many particles',
    });
  });
});

describe('describeValue, quoteList, formatPath', () => {
  test('describe hostile values briefly, never dumping them', () => {
    expect(describeValue('x'.repeat(1e6))).toBe('a string of 1000000 characters');
    expect(describeValue(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])))).toBe(
      'an object with keys "k0", "k1", "k2", "k3", "k4", "k5"',
    );
    expect(describeValue(10n ** 100n)).toHaveLength('bigint '.length + 40);
    expect(quoteList(Array.from({ length: 20 }, (_, i) => `k${i}`))).toBe(
      '"k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7" and 12 more',
    );
    expect(formatPath(Array.from({ length: 20 }, (_, i) => `p${i}`))).toBe(
      '["p0","p1","p2","p3","…","p17","p18","p19"]',
    );
  });
});
