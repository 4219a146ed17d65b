import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGroup, type GroupParticle, type Particle } from '../../shared/index.ts';
import { diffRoot } from '../diff/diff.ts';
import { edit, rootArb } from '../diff/arbitraries.ts';
import { g, t } from '../diff/test-trees.ts';
import { patchOps } from './patch-ops.ts';

/** Every particle's path below the root (the root itself excluded). */
function paths(root: Particle, at: string[] = []): string[][] {
  if (!isGroup(root)) return [];
  return root.group.flatMap(([id, child]) => [[...at, id], ...paths(child, [...at, id])]);
}

/** `root` with the particle at `path` swapped for `particle`, written independently of patchOps. */
function spliced(root: Particle, path: readonly string[], particle: Particle): Particle {
  if (path.length === 0) return particle;
  const group = root as GroupParticle;
  return {
    ...group,
    group: group.group.map(([id, child]) => [id, id === path[0] ? spliced(child, path.slice(1), particle) : child]),
  } as GroupParticle;
}

function particleAt(root: Particle, path: readonly string[]): Particle {
  return path.reduce((p, id) => (p as GroupParticle).group.find((e) => e[0] === id)![1], root);
}

describe('patchOps', () => {
  it('sends the ops diffRoot sends when one particle changed, and builds the same next root (property)', () => {
    fc.assert(
      fc.property(
        rootArb,
        fc.nat(),
        fc.array(fc.nat({ max: 99 }), { minLength: 4, maxLength: 12 }),
        (root, pick, rolls) => {
          const all = paths(root);
          fc.pre(all.length > 0);
          const path = all[pick % all.length]!;
          const particle = edit(particleAt(root, path), rolls);
          const next = spliced(root, path, particle) as GroupParticle;
          const patched = patchOps(root, path, particle);
          expect(patched).toBeDefined();
          expect(patched!.ops).toEqual(diffRoot(root, next));
          expect(patched!.root).toEqual(next);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is undefined for a path not on screen', () => {
    expect(patchOps(g([['a', t('x')]]), ['b'], t('y'))).toBeUndefined();
    expect(patchOps(g([['a', t('x')]]), ['a', 'b'], t('y'))).toBeUndefined();
  });
});
