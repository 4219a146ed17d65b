import fc from 'fast-check';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, test } from 'vitest';
import { nearParticleArbitrary, particleArbitrary, watchPrototypes } from './arbitraries.ts';
import { compile } from './check.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { GroupShallow, Particle, isGroup, isText } from './particle.ts';
import { validateParticle } from './validate-particle.ts';

const ctx = { limits: DEFAULT_LIMITS, depth: 1, nodeBudget: DEFAULT_LIMITS.maxNodes, where: 'params.particle' };

describe('the Particle schema and the iterative validator agree', () => {
  test('valid particles pass both (property)', () => {
    fc.assert(
      fc.property(particleArbitrary(), (p) => {
        expect(Value.Check(Particle, p)).toBe(true);
        expect(validateParticle(p, ctx).ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('whatever the validator accepts fits the schema handed to models; it is stricter, never looser (property)', () => {
    const changed = watchPrototypes();
    let accepted = 0;
    fc.assert(
      fc.property(nearParticleArbitrary, (value) => {
        const result = validateParticle(value, ctx);
        if (result.ok) {
          accepted += 1;
          expect(Value.Check(Particle, value)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(100); // the arbitrary does reach valid shapes
    expect(changed()).toEqual([]);
  });
});

describe('isGroup and isText', () => {
  test('tell the three kinds apart', () => {
    expect(
      [{ text: 'a' }, { data: 'x', mimeType: 'image/png' }, { group: [] }].map((p) => [isText(p), isGroup(p)]),
    ).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });
});

describe('compile', () => {
  test('gives the same answers compiled and interpreted (the CSP fallback without eval)', () => {
    const checker = compile(GroupShallow);
    fc.assert(
      fc.property(
        nearParticleArbitrary,
        (value) => void expect(checker.check(value)).toBe(Value.Check(GroupShallow, value)),
      ),
      { numRuns: 1000 },
    );
    expect(checker.firstError({ group: [], on: { hover: {} } })).toBe('/on/hover: Unexpected property');
    expect(checker.firstError({ group: [] })).toBeUndefined();
  });
});
