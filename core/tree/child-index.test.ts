import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroupEntry } from '../../shared/index.ts';
import { childAppended, childPosition, childPositionsMoved, shareChildIndex } from './child-index.ts';

type Step =
  | { kind: 'copy'; from: number }
  | { kind: 'push'; on: number; id: string }
  | { kind: 'replace'; on: number; at: number }
  | { kind: 'insert'; on: number; at: number; id: string }
  | { kind: 'remove'; on: number; at: number }
  | { kind: 'lookup'; on: number; id: string };

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('copy' as const), from: fc.nat() }),
  fc.record({ kind: fc.constant('push' as const), on: fc.nat(), id: ids }),
  fc.record({ kind: fc.constant('replace' as const), on: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), on: fc.nat(), at: fc.nat(), id: ids }),
  fc.record({ kind: fc.constant('remove' as const), on: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('lookup' as const), on: fc.nat(), id: ids }),
);

describe('child index', () => {
  it('property: agrees with a scan for every array of every family, whatever copies, branches and edits happened', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        // Arrays are edited the way transactions edit them: a copy shares its source's index, then
        // pushes, in-place replacements of an entry by its own id, and position-moving splices.
        const arrays: GroupEntry[][] = [
          [
            ['a', { text: 'a' }],
            ['b', { text: 'b' }],
          ],
        ];
        for (const s of steps) {
          const pick = (n: number) => arrays[n % arrays.length]!;
          if (s.kind === 'copy') {
            const source = pick(s.from);
            const copy = source.slice();
            shareChildIndex(source, copy);
            arrays.push(copy);
          } else if (s.kind === 'push') {
            const on = pick(s.on);
            if (on.some((e) => e[0] === s.id)) continue; // claimId refuses it
            on.push([s.id, { text: s.id }]);
            childAppended(on, s.id);
          } else if (s.kind === 'replace') {
            const on = pick(s.on);
            if (on.length === 0) continue;
            const at = s.at % on.length;
            on[at] = [on[at]![0], { text: 'x' }];
          } else if (s.kind === 'insert') {
            const on = pick(s.on);
            if (on.some((e) => e[0] === s.id)) continue;
            on.splice(s.at % (on.length + 1), 0, [s.id, { text: s.id }]);
            childPositionsMoved(on);
          } else if (s.kind === 'remove') {
            const on = pick(s.on);
            if (on.length === 0) continue;
            on.splice(s.at % on.length, 1);
            childPositionsMoved(on);
          } else childPosition(pick(s.on), s.id); // builds maps at arbitrary moments
          for (const array of arrays) {
            for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
              expect(childPosition(array, id)).toBe(array.findIndex((e) => e[0] === id));
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
