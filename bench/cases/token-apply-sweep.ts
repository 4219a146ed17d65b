import { Immer, type Draft } from 'immer';
import { checkHostPolicy } from '../../core/policy/host-policy.ts';
import { checkUrlCredentials } from '../../core/policy/url-policy.ts';
import { applyTransaction, type CheckGroup } from '../../core/tree/index.ts';
import { createGroupChecker } from '../../core/vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { DEFAULT_LIMITS, Method, type GroupParticle, type Op } from '../../shared/index.ts';
import { check } from '../harness/check.ts';
import { measureInterleaved, measureOptions } from '../harness/measure.ts';
import type { BenchCase } from '../harness/types.ts';

const SIBLINGS = [500, 5_000, 25_000, 50_000];
const limits = { ...DEFAULT_LIMITS, maxChildren: 100_000, maxNodes: 200_000 };
const vocabulary = createGroupChecker(BUILTIN_VOCABULARY);
/** Every check the renderer runs on a touched group (renderer.ts): vocabulary, host policy, URL credentials. */
const everyCheck: CheckGroup = (group, path, changed) =>
  vocabulary(group, path, changed) ?? checkHostPolicy({}, group, false) ?? checkUrlCredentials(group, changed);
const immer = new Immer({ autoFreeze: false });

/** A `list` of `n` markdown items, as a model streams one: the token goes to the middle item. */
function listOf(n: number): GroupParticle {
  return {
    group: [
      [
        'list',
        {
          type: 'list',
          group: Array.from({ length: n }, (_, i) => [
            `i${i}`,
            { text: `Item ${i}, see [the notes](https://example.org/${i}).` },
          ]),
        },
      ],
    ],
  };
}

/** Items near the middle the tokens rotate over, so no text outgrows maxTextLength however long a run. */
const TARGETS = 64;

/**
 * Issue 42, "one token's validated apply ≤ 10 µs and flat (50,000 siblings ≤ 1.2x 500)": one
 * streamed token appended to an item of a wide list. 'suip': `applyTransaction` with every check
 * the renderer runs, each token applied to the tree the previous one made (as the renderer does),
 * so a list past `IN_PLACE_WIDTH` is edited in place with an undo log; 'copy': the same with every
 * children array copied per transaction (the mechanism it replaced, kept as the measurement that
 * chose it); 'immer' (anchor, a library we did not write, no checks at all): one `produce` finding
 * the item by a scan and appending, the immutable update most hosts would write. The four sizes are
 * timed in alternating batches in one process, so the 50,000 ÷ 500 ratio compares like with like.
 */
export const tokenApplySweep: BenchCase = {
  name: 'token-apply-sweep',
  description:
    'one token appended to an item of a list of 500 to 50,000 siblings: suip with every check (undo log, or a copy ' +
    'per transaction) vs immer produce with none',
  variants: ['suip', 'copy', 'immer'],
  run(variant, { quick }) {
    const labels: Record<string, string> = {
      suip: 'applyTransaction, every check',
      copy: 'applyTransaction, every check, a copy of the list per transaction (before)',
      immer: 'immer produce, no checks (anchor)',
    };
    const streams = SIBLINGS.map((n) => tokenStream(n, variant));
    // The sizes alternate batch by batch (measure.ts): the verdict is how they compare.
    const timings = measureInterleaved(streams, { ...measureOptions(quick), runs: quick ? 5 : 11 });
    const widest = SIBLINGS[SIBLINGS.length - 1]!;
    return SIBLINGS.map((n, k) => {
      const timing = timings[k]!;
      const flatness = n === widest && variant === 'suip';
      return {
        key: `${n}/${variant}`,
        label: `${n.toLocaleString('en')} siblings: ${labels[variant]}`,
        value: timing.median,
        unit: 'µs' as const,
        runs: timing.runs,
        wall: timing.wallMedian,
        anchor:
          variant === 'immer'
            ? undefined
            : flatness
              ? [`500/${variant}`, `${n}/immer`]
              : [`${n}/immer`, `500/${variant}`],
        target:
          variant === 'suip'
            ? {
                max: 10,
                minRatio: flatness ? 1 / 1.2 : undefined,
                text: flatness
                  ? 'issue 42: ≤ 10 µs, and flat: 50,000 siblings ≤ 1.2x 500 (500 ÷ 50,000 ≥ 0.83, per round)'
                  : 'issue 42: one token validated and applied in ≤ 10 µs, flat from 500 to 50,000 siblings',
              }
            : undefined,
      };
    });
  },
};

/**
 * One variant's token stream at `n` siblings, ready to time: each call appends the next token. 'suip' and 'copy'
 * apply each token to the tree the previous one made, as the renderer does; 'immer' updates the same tree.
 */
function tokenStream(n: number, variant: string): (i: number) => unknown {
  const tree = listOf(n);
  const mid = `i${n >> 1}`;
  if (variant === 'immer')
    return () =>
      immer.produce(tree, (draft: Draft<GroupParticle>) => {
        const list = draft.group[0]![1] as GroupParticle;
        const entry = list.group.find((e) => e[0] === mid)!;
        (entry[1] as { text: string }).text += ' more';
      });
  const tokens: Op[][] = Array.from({ length: TARGETS }, (_, k) => [
    { method: Method.append, params: { path: ['list', `i${(n >> 1) - TARGETS / 2 + k}`], text: ' more' } },
  ]);
  const options = { limits, checkGroup: everyCheck, inPlaceWidth: variant === 'copy' ? Infinity : undefined };
  // It starts from a tree whose texts were checked when they arrived, as in the renderer.
  const seeded = applyTransaction(
    { group: [] },
    [{ method: Method.append, params: { path: [], id: 'list', particle: tree.group[0]![1] } }],
    options,
  );
  check(seeded.ok, 'the list must pass');
  let current = (seeded as { tree: GroupParticle }).tree;
  return (i: number) => {
    const result = applyTransaction(current, tokens[i % TARGETS]!, options);
    if (!result.ok) check(false, `the token at ${n} siblings must pass`);
    current = (result as { tree: GroupParticle }).tree;
    return result;
  };
}
