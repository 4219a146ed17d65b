import { describe, expect, it } from 'vitest';
import { gateRefusal } from './gate-refusal.ts';

/** The relay's lanes after boot: control, data and the report callback's proxy. */
const lanes = new Set<string | number>(['c', 'd', 0]);
const MAX = 1 << 20;
/** What the gate reads: the program's envelope after structured clone. */
const received = (lane: string | number, payload: unknown): unknown => structuredClone([lane, payload]);

describe("the gate's check of a program's message", () => {
  it('passes comlink answers and data texts, with their size in code units', () => {
    const answer = { id: 'x', type: 'RAW', value: { ok: true, list: [1, 'a', null] } };
    expect(gateRefusal(received('c', answer), [], lanes, MAX)).toBe(JSON.stringify(answer).length);
    expect(gateRefusal(received('d', '{"jsonrpc":"2.0"}'), [], lanes, MAX)).toBe(17);
  });

  it.each([
    ['a 4 MB ArrayBuffer', () => new ArrayBuffer(4 << 20)],
    ['a Map of 100,000 entries', () => new Map(Array.from({ length: 100_000 }, (_, i) => [i, 'x'.repeat(40)]))],
    ['a Set', () => new Set(['x'.repeat(4 << 20)])],
    [
      'an ArrayBuffer deep in an answer',
      () => ({ id: 'x', type: 'RAW', value: { nested: [new ArrayBuffer(4 << 20)] } }),
    ],
  ])(
    'refuses %s on the control and proxy lanes: JSON measures it as "{}", structured clone copies all of it',
    (_, make) => {
      for (const lane of ['c', 0]) {
        const verdict = gateRefusal(received(lane, make()), [], lanes, MAX);
        expect(verdict).toEqual({ reason: 'type', message: expect.stringMatching(/not plain data/) });
      }
    },
  );

  it.each([
    ['an array with a 4 MB named property', () => Object.assign(['x'], { big: 'x'.repeat(4 << 20) })],
    ['such an array deep in an answer', () => ({ id: 'x', value: [Object.assign([], { big: 'x'.repeat(4 << 20) })] })],
    ['an empty array of length 1,000,000 (holes)', () => Object.assign([], { length: 1_000_000 })],
  ])(
    'refuses %s: JSON reads only the indices up to its length, structured clone copies every own property',
    (_, make) => {
      for (const lane of ['c', 0]) {
        const verdict = gateRefusal(received(lane, make()), [], lanes, MAX);
        expect(verdict).toEqual({ reason: 'type', message: expect.stringMatching(/not plain data/) });
      }
    },
  );

  it('counts the keys JSON leaves out: a member whose value is undefined keeps its key in a clone', () => {
    const big = { id: 'x', type: 'RAW', ['k'.repeat(2 * MAX)]: undefined };
    expect(gateRefusal(received('c', big), [], lanes, MAX)).toMatchObject({ reason: 'bytes' });
    // A void call's answer (comlink) still passes, its key counted.
    const answer = { id: 'x', type: 'RAW', value: undefined };
    expect(gateRefusal(received('c', answer), [], lanes, MAX)).toBe(JSON.stringify(answer).length + 'value'.length);
  });

  it('refuses by bytes a plain control message over maxMessageBytes, and a data text that is not a string', () => {
    expect(gateRefusal(received('c', { v: 'x'.repeat(MAX) }), [], lanes, MAX)).toMatchObject({ reason: 'bytes' });
    expect(gateRefusal(received('d', { text: 'x' }), [], lanes, MAX)).toMatchObject({ reason: 'type' });
    expect(gateRefusal(received('e', 'x'), [], lanes, MAX)).toMatchObject({ reason: 'type' });
  });
});
