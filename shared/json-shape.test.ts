import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { particleArbitrary } from './arbitraries.ts';
import { measureJson } from './json-shape.ts';
import { isGroup, type Particle } from './particle.ts';

/** Nesting depth and container count of a parsed value, the slow and obvious way. */
function realShape(value: unknown): { depth: number; containers: number } {
  if (typeof value !== 'object' || value === null) return { depth: 0, containers: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  let depth = 0;
  let containers = 1;
  for (const child of children) {
    const shape = realShape(child);
    depth = Math.max(depth, shape.depth);
    containers += shape.containers;
  }
  return { depth: depth + 1, containers };
}

function countParticles(particle: Particle): number {
  return isGroup(particle) ? 1 + particle.group.reduce((sum, [, child]) => sum + countParticles(child), 0) : 1;
}

describe('measureJson', () => {
  test('depth and containers equal those of the parsed value, compact or indented, strings full of brackets included', () => {
    const value = fc.jsonValue({ maxDepth: 6 });
    fc.assert(
      fc.property(value, fc.boolean(), (v, indent) => {
        const text = JSON.stringify(v, null, indent ? 2 : undefined);
        const shape = measureJson(text, 100);
        const real = realShape(JSON.parse(text));
        expect(shape).toMatchObject({ depth: real.depth, containers: real.containers, truncated: false });
      }),
      { numRuns: 1000 },
    );
  });

  test('counts exactly the particles of any batch of ops, ids with quotes, backslashes and brackets included', () => {
    const op = fc.oneof(
      particleArbitrary().map((particle) => ({
        jsonrpc: '2.0',
        method: 'suip/ops/append',
        params: { path: ['a', '"]'], id: '[{', particle },
      })),
      particleArbitrary().map((particle) => ({
        jsonrpc: '2.0',
        id: 7,
        method: 'suip/ops/replace',
        params: { path: ['\\'], particle },
      })),
      fc.constant({ jsonrpc: '2.0', method: 'suip/ops/append', params: { path: ['t'], text: '{"particle": {' } }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 5 }), (ops) => {
        const expected = ops.reduce(
          (sum, { params }) => sum + ('particle' in params ? countParticles(params.particle) : 0),
          0,
        );
        const shape = measureJson(JSON.stringify(ops), 1000);
        expect(shape.particles).toBe(expected);
        expect(shape.entries).toBe(ops.length);
      }),
      { numRuns: 1000 },
    );
  });

  test('an escaped "particle" key counts (never fewer particles than JSON.parse would build)', () => {
    const text = '{"params": {"p\\u0061rticle": {"text": "x"}}}';
    expect(Object.keys(JSON.parse(text).params)).toEqual(['particle']);
    expect(measureJson(text, 10).particles).toBe(1);
  });

  test('stops at the bound on hostile nesting, so the scan stays shallow and quick', () => {
    const text = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(measureJson(text, 196)).toMatchObject({ truncated: true, depth: 197 });
    expect(measureJson('[[[]]]', 3)).toMatchObject({ truncated: false, depth: 3 });
    expect(measureJson('[[[[]]]]', 3)).toMatchObject({ truncated: true });
  });

  test('reads what is not JSON without throwing (JSON.parse refuses it afterwards)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', 'a', ' ') }), (text) => {
        const shape = measureJson(text, 20);
        expect(shape.depth).toBeGreaterThanOrEqual(0);
        expect(shape.particles).toBeLessThanOrEqual(shape.containers);
      }),
      { numRuns: 1000 },
    );
  });
});
