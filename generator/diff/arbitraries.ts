import fc from 'fast-check';
import { isGroup, type GroupParticle, type Particle } from '../../shared/index.ts';

/**
 * fast-check arbitraries for the diff's property tests: trees with unique sibling ids drawn from a
 * small alphabet (so two random trees share ids and reorders happen), texts that often extend one
 * another (so text appends happen), data particles, typed groups with handlers, depth up to 5.
 */

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

const text = fc.oneof(
  fc.record({ text: fc.constantFrom('', 'a', 'ab', 'abc', 'b', 'ba', 'long enough to matter') }),
  fc.record({ text: fc.constantFrom('x', 'xy'), mimeType: fc.constantFrom('text/plain', 'text/markdown') }),
);
const data = fc.record({
  data: fc.constantFrom('https://example.com/a.png', 'data:,b'),
  mimeType: fc.constantFrom('image/png', 'text/plain'),
});
const on = fc.record({ click: fc.record({ handler: fc.constantFrom('h1', 'h2') }, { requiredKeys: ['handler'] }) });

const { particle } = fc.letrec<{ particle: Particle; group: GroupParticle }>((tie) => ({
  particle: fc.oneof({ depthSize: 'small', maxDepth: 4 }, text, data, tie('group')),
  group: fc.record(
    {
      group: fc.uniqueArray(fc.tuple(fc.constantFrom(...IDS), tie('particle')), {
        selector: (entry) => entry[0],
        maxLength: 6,
      }),
      type: fc.constantFrom('card', 'list'),
      on,
    },
    { requiredKeys: ['group'] },
  ) as fc.Arbitrary<GroupParticle>,
}));

/** A generator root: a plain group (no type, no on) of random children. */
export const rootArb: fc.Arbitrary<GroupParticle> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...IDS), particle), { selector: (entry) => entry[0], maxLength: 6 })
  .map((group) => ({ group }));

/**
 * `next` with some of its subtrees swapped for the `prev` subtree at the same path (the same
 * object), as a generator that reuses unchanged parts of its view would produce. `coins` decides.
 */
export function share(prev: Particle, next: Particle, coins: readonly boolean[]): Particle {
  let turn = 0;
  const flip = () => coins.length > 0 && coins[turn++ % coins.length]!;
  const walk = (before: Particle, after: Particle): Particle => {
    if (!isGroup(before) || !isGroup(after)) return after;
    const old = new Map(before.group);
    const entries = after.group.map(([id, child]): [string, Particle] => {
      const mine = old.get(id);
      if (mine === undefined) return [id, child];
      return [id, flip() ? mine : walk(mine, child)];
    });
    return { ...after, group: entries };
  };
  return walk(prev, next);
}

/**
 * `prev` after small edits, as successive renders of one program produce them: texts that grow
 * (streaming), change or stay the same object, children rotated, reversed, dropped or added, a
 * group type changed. `rolls` drives every choice, so fast-check can shrink a failure.
 */
export function edit(prev: Particle, rolls: readonly number[]): Particle {
  let turn = 0;
  let fresh = 0;
  const roll = (n: number) => (rolls.length === 0 ? 0 : rolls[turn++ % rolls.length]! % n);
  const walk = (node: Particle): Particle => {
    if ('text' in node) return [node, { ...node, text: `${node.text}z` }, { ...node }, { text: 'q' }][roll(4)]!;
    if ('data' in node) return roll(4) === 0 ? { ...node, mimeType: 'image/webp' } : node;
    if (roll(4) === 0) return node;
    let entries = node.group.map(([id, child]): [string, Particle] => [id, walk(child)]);
    const k = roll(8);
    if (k === 0) entries.reverse();
    if (k === 1 && entries.length > 1) entries = [...entries.slice(1), entries[0]!];
    if (k === 2) entries.splice(roll(entries.length + 1), 1);
    if (k === 3) entries.splice(roll(entries.length + 1), 0, [`new${fresh++}`, { text: 'n' }]);
    const changed = { ...node, group: entries };
    if (roll(10) === 0) changed.type = node.type === 'card' ? 'list' : 'card';
    return changed;
  };
  return walk(prev);
}

/** Two random roots where `next` shares some subtrees with `prev`. */
export const sharedPairArb: fc.Arbitrary<[GroupParticle, GroupParticle]> = fc
  .tuple(rootArb, rootArb, fc.array(fc.boolean(), { maxLength: 8 }))
  .map(([prev, next, coins]) => [prev, share(prev, next, coins) as GroupParticle]);

/** A root and an edited version of it. */
export const editedPairArb: fc.Arbitrary<[GroupParticle, GroupParticle]> = fc
  .tuple(rootArb, fc.array(fc.nat(), { minLength: 1, maxLength: 16 }))
  .map(([prev, rolls]) => [prev, { group: (edit(prev, rolls) as GroupParticle).group }]);

/** Half unrelated trees with shared subtrees, half small edits of one tree. */
export const pairArb = fc.oneof(sharedPairArb, editedPairArb);
