import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import {
  hostileJsonTextArbitrary,
  particleArbitrary,
  hostileMessageTextArbitrary,
  hostileValueArbitrary,
  watchPrototypes,
} from './arbitraries.ts';
import { ErrorCode } from './error-codes.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { isGroup, type Particle } from './particle.ts';
import { isCall, maxJsonDepth, parseMessage, utf8Length, withinBytes, type ParsedMessage } from './message.ts';

const CODES = new Set<number>(Object.values(ErrorCode));
const trap = () => {
  throw new Error('trap');
};
/** A hostile in-process value: every reflective operation throws (JSON.parse never makes one). */
const evil = new Proxy(
  {},
  { ownKeys: trap, get: trap, has: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
);

function errorOf(result: ParsedMessage) {
  if (result.ok) throw new Error('expected the message to be refused');
  return result.error;
}

describe('parseMessage accepts', () => {
  test('a single call, a batch (one transaction) and a response', () => {
    const append = {
      jsonrpc: '2.0',
      method: 'suip/ops/append',
      params: { path: [], id: 'a', particle: { text: 'Hi' } },
    };
    expect(parseMessage(JSON.stringify(append), DEFAULT_LIMITS)).toEqual({
      ok: true,
      messages: [append],
      batch: false,
    });
    const batch = [
      { ...append, id: 1 },
      { jsonrpc: '2.0', method: 'suip/ops/remove', params: { path: ['a'] } },
    ];
    expect(parseMessage(JSON.stringify(batch), DEFAULT_LIMITS)).toEqual({ ok: true, messages: batch, batch: true });
    const response = { jsonrpc: '2.0', id: 'init', result: { protocolVersion: '1.0' } };
    const parsed = parseMessage(JSON.stringify(response), DEFAULT_LIMITS);
    expect(parsed).toEqual({ ok: true, messages: [response], batch: false });
    expect(parsed.ok && isCall(parsed.messages[0]!)).toBe(false);
  });

  test('a message of exactly maxMessageBytes UTF-8 bytes, counting multi-byte characters', () => {
    const limits = { ...DEFAULT_LIMITS, maxMessageBytes: 64 };
    const frame = (text: string) => `{"jsonrpc":"2.0","method":"m","params":${JSON.stringify(text)}}`;
    const base = utf8Length(frame(''));
    const fits = frame('é'.repeat((64 - base) / 2));
    expect(utf8Length(fits)).toBe(64);
    expect(parseMessage(fits, limits).ok).toBe(true);
    expect(errorOf(parseMessage(frame('é'.repeat((64 - base) / 2) + 'x'), limits)).code).toBe(ErrorCode.LimitExceeded);
  });
});

describe('parseMessage refuses', () => {
  test('InvalidRequest: a throwing Proxy instead of a string is described, never thrown', () => {
    expect(errorOf(parseMessage(evil, DEFAULT_LIMITS))).toEqual({
      code: ErrorCode.InvalidRequest,
      message: 'a port message must be one JSON text (a string) but was an unreadable value',
      data: {},
    });
  });

  test('ParseError: truncated JSON', () => {
    expect(parseMessage('{"jsonrpc":"2.0","method":"suip/ops/ap', DEFAULT_LIMITS)).toEqual({
      ok: false,
      error: { code: ErrorCode.ParseError, message: 'the message is not valid JSON', data: {} },
    });
    expect(errorOf(parseMessage('', DEFAULT_LIMITS)).code).toBe(ErrorCode.ParseError);
    expect(errorOf(parseMessage('[{"jsonrpc":"2.0"},', DEFAULT_LIMITS)).code).toBe(ErrorCode.ParseError);
  });

  test('InvalidRequest: not a string, no jsonrpc, an empty batch, a bad id, no method', () => {
    const cases: [unknown, string, object?][] = [
      [
        { jsonrpc: '2.0', method: 'suip/initialized' },
        'a port message must be one JSON text (a string) but was an object with keys "jsonrpc", "method"',
      ],
      [new ArrayBuffer(8), 'a port message must be one JSON text (a string) but was an object with keys (none)'],
      ['{"method":"suip/initialized","params":{}}', 'the "jsonrpc" member must be "2.0"'],
      ['{"jsonrpc":"1.0","method":"suip/initialized"}', 'the "jsonrpc" member must be "2.0"'],
      ['[]', 'an empty batch is not a valid message'],
      [
        '42',
        'each message must be a JSON-RPC object like {"jsonrpc": "2.0", "method": "suip/ops/append", "params": {...}} but was number 42',
      ],
      ['{"jsonrpc":"2.0","method":42}', 'the "method" must be a string but was number 42'],
      [
        '{"jsonrpc":"2.0","method":"m","id":{"a":1}}',
        'the "id" must be a string, a number or null but was an object with keys "a"',
      ],
      [`{"jsonrpc":"2.0","method":"m","id":"${'i'.repeat(257)}"}`, 'the "id" is longer than 256 characters'],
      ['{"jsonrpc":"2.0","result":1}', 'a response needs an "id"'],
      [
        '{"jsonrpc":"2.0","params":{}}',
        'a message needs a "method" (request or notification) or a "result"/"error" (response)',
      ],
      ['[{"jsonrpc":"2.0","method":"m"},{"method":"m"}]', 'op 1: the "jsonrpc" member must be "2.0"', { index: 1 }],
    ];
    for (const [text, message, data = {}] of cases) {
      expect(parseMessage(text, DEFAULT_LIMITS), String(text)).toEqual({
        ok: false,
        error: { code: ErrorCode.InvalidRequest, message, data },
      });
    }
  });

  test('LimitExceeded: a 10 MB message is refused before JSON.parse ever sees it', () => {
    const text = `{"jsonrpc":"2.0","method":"suip/ops/append","params":{"path":[],"id":"a","particle":{"text":"${'x'.repeat(10 * 1024 * 1024)}"}}}`;
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = ((...args: Parameters<typeof parse>) => ((parsed += 1), parse(...args))) as typeof parse;
    try {
      expect(parseMessage(text, DEFAULT_LIMITS)).toEqual({
        ok: false,
        error: {
          code: ErrorCode.LimitExceeded,
          message: 'the message is larger than maxMessageBytes 1048576; send fewer or smaller ops per message',
          data: { reason: 'bytes' },
        },
      });
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBe(0);
  });

  test('LimitExceeded: a batch with more ops than maxOpsPerMessage', () => {
    const call = '{"jsonrpc":"2.0","method":"suip/ops/remove","params":{"path":["a"]}}';
    expect(parseMessage(`[${Array(5000).fill(call).join(',')}]`, DEFAULT_LIMITS).ok).toBe(true);
    expect(errorOf(parseMessage(`[${Array(5001).fill(call).join(',')}]`, DEFAULT_LIMITS))).toEqual({
      code: ErrorCode.LimitExceeded,
      message: 'the batch has 5001 entries; maxOpsPerMessage is 5000; split the transaction',
      data: { reason: 'ops' },
    });
  });

  test('a 200,000-deep JSON text within the byte limit is refused for its depth before JSON.parse runs', () => {
    const depth = 200_000;
    const text = '['.repeat(depth) + ']'.repeat(depth);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(errorOf(parseMessage(text, DEFAULT_LIMITS))).toMatchObject({
        code: ErrorCode.LimitExceeded,
        message: expect.stringContaining(`more than ${maxJsonDepth(DEFAULT_LIMITS)} levels deep`),
        data: { reason: 'depth' },
      });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});

describe('parseMessage refuses structure bombs before JSON.parse builds them', () => {
  const MiB = 1 << 20;
  const envelope = (params: string) => `{"jsonrpc":"2.0","method":"suip/ops/append","params":${params}}`;
  const cells = Array.from({ length: 1000 }, (_, j) => `["${j.toString(36)}",{"text":""}]`).join(',');
  const bombs: [string, string, string][] = [
    [
      '50,000 particles',
      envelope(
        `{"path":[],"id":"many","particle":{"group":[${Array.from({ length: 50 }, (_, i) => `["${i}",{"group":[${cells}]}]`).join(',')}]}}`,
      ),
      'nodes',
    ],
    ['half a million nested arrays', envelope('['.repeat(MiB / 2 - 64) + ']'.repeat(MiB / 2 - 64)), 'depth'],
    ['350,000 empty arrays', envelope(`[${'[],'.repeat(MiB / 3 - 32)}[]]`), 'shape'],
    ['350,000 empty objects', envelope(`[${'{},'.repeat(MiB / 3 - 32)}{}]`), 'shape'],
    ['a batch of 300,000 entries', `[${'{},'.repeat(300_000)}{}]`, 'ops'],
  ];
  test.each(bombs)(
    '%s (1 MiB at most): LimitExceeded naming the limit, JSON.parse never called',
    (_name, text, reason) => {
      expect(text.length).toBeLessThanOrEqual(MiB);
      const parse = vi.spyOn(JSON, 'parse');
      try {
        const error = errorOf(parseMessage(text, DEFAULT_LIMITS));
        expect(error).toMatchObject({ code: ErrorCode.LimitExceeded, data: { reason } });
        expect(error.message).toMatch(/maxNodes|maxDepth|maxOpsPerMessage|not a SUIP message/);
        expect(parse).not.toHaveBeenCalled();
      } finally {
        parse.mockRestore();
      }
    },
  );

  test('every valid batch passes the scan, even with maxDepth and maxNodes as tight as the tree itself', () => {
    const depthOf = (p: Particle): number => (isGroup(p) ? 1 + Math.max(0, ...p.group.map(([, c]) => depthOf(c))) : 0);
    const countOf = (p: Particle): number => (isGroup(p) ? 1 + p.group.reduce((n, [, c]) => n + countOf(c), 0) : 1);
    fc.assert(
      fc.property(fc.array(particleArbitrary({ maxDepth: 6 }), { minLength: 1, maxLength: 4 }), (particles) => {
        const ops = particles.map((particle, i) => ({
          jsonrpc: '2.0',
          id: i,
          method: 'suip/ops/append',
          params: { path: [], id: `p${i}`, particle },
        }));
        // Appended at the root, a particle sits at depth 1 and its deepest descendant at 1 + depthOf.
        const limits = {
          ...DEFAULT_LIMITS,
          maxDepth: 1 + Math.max(...particles.map(depthOf)),
          maxNodes: particles.reduce((n, p) => n + countOf(p), 0),
          maxOpsPerMessage: ops.length,
        };
        const parsed = parseMessage(JSON.stringify(ops), limits);
        expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('the deepest valid particle, a group at maxDepth with every handler and its keys, passes', () => {
    const handlers = Object.fromEntries(
      ['click', 'input', 'change', 'submit', 'keydown'].map((name) => [name, { handler: name, keys: ['Enter'] }]),
    );
    let particle: Particle = { group: [], on: handlers };
    for (let depth = DEFAULT_LIMITS.maxDepth; depth > 1; depth -= 1)
      particle = { group: [['d', particle]], on: handlers };
    const text = JSON.stringify([
      { jsonrpc: '2.0', method: 'suip/ops/append', params: { path: [], id: 'd', particle } },
    ]);
    expect(parseMessage(text, DEFAULT_LIMITS).ok).toBe(true);
  });
});

describe('utf8Length and withinBytes', () => {
  test('count UTF-8 bytes like TextEncoder, lone surrogates included', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
          ),
        }),
        (s) => void expect(utf8Length(s)).toBe(encoder.encode(s).length),
      ),
      { numRuns: 1000 },
    );
    for (const s of [
      '',
      'a',
      'é',
      '€',
      '𝌆',
      '\ud800',
      '\udc00x',
      'a\ud800',
      '\ud800\ud800',
      '\ud800\ud800\udc00',
      '\udbff\udfff',
    ])
      expect(utf8Length(s), JSON.stringify(s)).toBe(encoder.encode(s).length);
  });

  test('withinBytes agrees with utf8Length at every boundary', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.nat({ max: 120 }),
        (s, max) => void expect(withinBytes(s, max)).toBe(utf8Length(s) <= max),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('parseMessage on arbitrary input (properties)', () => {
  const wellFormed = (result: ParsedMessage) => {
    if (result.ok) {
      expect(result.messages.length).toBeGreaterThan(0);
      return;
    }
    expect(CODES.has(result.error.code)).toBe(true);
    expect(result.error.message.length).toBeLessThan(1000);
  };

  test('never throws on fc.anything or on arbitrary strings, and pollutes nothing', () => {
    const changed = watchPrototypes();
    fc.assert(
      fc.property(fc.oneof(hostileValueArbitrary, fc.string(), fc.json()), (value) =>
        wellFormed(parseMessage(value, DEFAULT_LIMITS)),
      ),
      { numRuns: 2000 },
    );
    expect(changed()).toEqual([]);
  });

  test('never throws on JSON texts with own "__proto__" keys; accepted messages are exactly what JSON.parse gives', () => {
    const changed = watchPrototypes();
    fc.assert(
      fc.property(fc.oneof(hostileJsonTextArbitrary, hostileMessageTextArbitrary), (text) => {
        const result = parseMessage(text, DEFAULT_LIMITS);
        wellFormed(result);
        if (result.ok) {
          const value: unknown = JSON.parse(text);
          expect(result.messages).toEqual(Array.isArray(value) ? value : [value]);
          expect(result.batch).toBe(Array.isArray(value));
        }
      }),
      { numRuns: 2000 },
    );
    expect(changed()).toEqual([]);
  });
});
