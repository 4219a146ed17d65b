import { applyTransaction } from '../../core/tree/index.ts';
import { replaceOp, type GroupParticle, type Op } from '../../shared/index.ts';
import { diff } from '../../generator/diff/diff.ts';
import { deepEqualDiff } from '../anchors/deep-equal-diff.ts';
import { check, checkEqual } from '../harness/check.ts';
import { measure, measureOptions } from '../harness/measure.ts';
import type { BenchCase, Row } from '../harness/types.ts';
import { buildTree, fanoutsFor, withParticle } from '../fixtures/tree.ts';

/** Sizes in particles. */
const SIZES = [1000, 10_000];
/** Prepared next trees per size, each changing a different leaf (the diff cannot cache one). */
const VARIANTS = 64;

const label = (n: number) => `${n / 1000}k`;

/** JSON-RPC batch text of ops: what goes on the wire. */
export const wireBytes = (ops: readonly Op[]) => JSON.stringify(ops.map((op) => ({ jsonrpc: '2.0', ...op }))).length;

function prepare(n: number) {
  // Not frozen: the generator's own trees are plain objects (the renderer's are frozen).
  const tree = buildTree(fanoutsFor(n));
  const prev = tree.root;
  const nexts: GroupParticle[] = [];
  const expected: Op[][] = [];
  for (let k = 0; k < VARIANTS; k++) {
    const path = tree.leaves[(k * 7919) % tree.leaves.length]!;
    const leaf = { text: `Changed ${k}` };
    nexts.push(withParticle(prev, path, leaf));
    expected.push([replaceOp(path, leaf)]);
  }
  return { prev, nexts, expected, size: tree.size };
}

/**
 * One-leaf change: suip's diff (structural sharing, `===` short-circuit) against a deep-equality
 * diff and against re-sending the whole tree as JSON. Issue 2 targets: ≤ 10 µs at 1k particles and
 * ≥ 20x faster than deep-equality.
 */
export const diffOneLeaf: BenchCase = {
  name: 'diff-one-leaf',
  description: 'one-leaf change: suip diff vs deep-equality diff vs full JSON re-send',
  variants: ['suip', 'deep-equal', 'json-resend'],
  run(variant, { quick }) {
    const rows: Row[] = [];
    for (const n of SIZES) {
      const { prev, nexts, expected, size } = prepare(n);
      const key = `diff-${label(n)}`;
      const what = `one-leaf change, ${size} particles`;
      const snapshot = JSON.stringify(prev);
      if (variant === 'suip') {
        for (let k = 0; k < VARIANTS; k++) checkEqual(diff(prev, nexts[k]!), expected[k], `suip diff #${k}`);
        const applied = applyTransaction(prev, diff(prev, nexts[0]!));
        check(applied.ok, 'suip ops rejected by applyTransaction');
        checkEqual(applied.tree, nexts[0], 'tree after applying the suip ops');
        const timing = measure((i) => diff(prev, nexts[i % VARIANTS]!), measureOptions(quick));
        check(JSON.stringify(prev) === snapshot, 'the suip diff mutated its input');
        rows.push({
          key: `${key}/suip`,
          label: `${what}: suip diff`,
          value: timing.median,
          unit: 'µs',
          runs: timing.runs,
          wall: timing.wallMedian,
          anchor: [`${key}/deep-equal`, `${key}/json-resend`],
          target:
            n === 1000
              ? { max: 10, minRatio: 20, text: 'issue 2: ≤ 10 µs at 1k and ≥ 20x faster than deep-equality' }
              : undefined,
        });
        rows.push({
          key: `bytes-${label(n)}/suip`,
          label: `${what}: bytes on the wire, suip ops`,
          value: wireBytes(expected[0]!),
          unit: 'bytes',
          anchor: `bytes-${label(n)}/json-resend`,
        });
      } else if (variant === 'deep-equal') {
        for (let k = 0; k < VARIANTS; k++)
          checkEqual(deepEqualDiff(prev, nexts[k]!), expected[k], `deep-equal diff #${k}`);
        const timing = measure((i) => deepEqualDiff(prev, nexts[i % VARIANTS]!), measureOptions(quick));
        rows.push({
          key: `${key}/deep-equal`,
          label: `${what}: deep-equality diff (anchor)`,
          value: timing.median,
          unit: 'µs',
          runs: timing.runs,
        });
      } else {
        for (let k = 0; k < VARIANTS; k++)
          checkEqual(JSON.parse(JSON.stringify(nexts[k])), nexts[k], `JSON re-send #${k}`);
        const timing = measure((i) => JSON.stringify(nexts[i % VARIANTS]!), measureOptions(quick));
        rows.push({
          key: `${key}/json-resend`,
          label: `${what}: full JSON re-send, stringify only (anchor)`,
          value: timing.median,
          unit: 'µs',
          runs: timing.runs,
        });
        const message = JSON.stringify({
          jsonrpc: '2.0',
          method: 'suip/ops/replace',
          params: { path: [], particle: nexts[0] },
        });
        rows.push({
          key: `bytes-${label(n)}/json-resend`,
          label: `${what}: bytes on the wire, full re-send (anchor)`,
          value: message.length,
          unit: 'bytes',
        });
      }
    }
    return rows;
  },
};
