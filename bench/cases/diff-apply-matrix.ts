import { applyTransaction } from '../../core/tree/index.ts';
import type { GroupParticle, Op } from '../../shared/index.ts';
import { diff } from '../../generator/diff/diff.ts';
import { applyImmerBatchUnchecked } from '../anchors/immer-per-op.ts';
import { applyMutativeBatch } from '../anchors/mutative-batch.ts';
import { applyPathCopy } from '../anchors/path-copy.ts';
import { check, checkEqual } from '../harness/check.ts';
import { measure } from '../harness/measure.ts';
import type { BenchCase, Row } from '../harness/types.ts';
import { EDITS, prepareEdit } from '../fixtures/list-edits.ts';
import { particleAt } from '../fixtures/tree.ts';

const SIZES = [100, 1000, 10_000];
/** Quick mode leaves out 10k: reorders of 1,000 items take seconds per call in some appliers. */
const QUICK_SIZES = [100, 1000];

function real(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  const result = applyTransaction(tree, ops);
  if (!result.ok) throw new Error(result.error.message);
  return result.tree;
}

const APPLIERS: Record<string, (tree: GroupParticle, ops: readonly Op[]) => GroupParticle> = {
  immer: real,
  'immer-unchecked': applyImmerBatchUnchecked,
  mutative: applyMutativeBatch,
  'path-copy': (tree, ops) => applyPathCopy(tree, ops),
};

const COLUMNS: Record<string, string> = {
  diff: 'suip diff',
  ops: 'ops / optimum',
  immer: 'apply: suip (immer, validated)',
  'immer-unchecked': 'apply: immer, unchecked',
  mutative: 'apply: mutative, unchecked',
  'path-copy': 'apply: path copy, unchecked',
};

/**
 * Issue 6 item 4: diff and apply at 100 / 1k / 10k particles for one-leaf change, insert, remove,
 * swap, move, reverse and shuffle of a list of n/10 items; ops emitted against the optimum; the
 * real applier (immer, one produce per batch, validated) against unchecked immer, mutative and a
 * hand-written path copy, each in its own process.
 */
export const diffApplyMatrix: BenchCase = {
  name: 'diff-apply-matrix',
  description: 'diff and apply a list edit at 100/1k/10k particles; ops vs optimum; immer vs mutative vs path copy',
  variants: ['diff', ...Object.keys(APPLIERS)],
  // One round: reordering 1,000 items takes seconds per call in some appliers.
  maxRounds: 1,
  run(variant, { quick }) {
    const options = quick ? { runs: 5, runMs: 10, warmupMs: 10 } : { runs: 5, runMs: 40, warmupMs: 60 };
    const rows: Row[] = [];
    for (const n of quick ? QUICK_SIZES : SIZES) {
      for (const edit of EDITS) {
        const { prev, next, optimum, kept, size } = prepareEdit(n, edit, variant !== 'diff');
        const ops = diff(prev, next);
        const where = `${size} particles, ${edit}`;
        const matrixRow = `${n >= 1000 ? `${n / 1000}k` : n} · ${edit}`;
        const key = `${n}-${edit}`;
        if (variant === 'diff') {
          check(ops.length <= optimum, `${where}: diff emitted ${ops.length} ops, the optimum is ${optimum}`);
          checkEqual(real(prev, ops), next, `${where}: tree after the diff's ops`);
          const timing = measure(() => diff(prev, next), options);
          rows.push({
            key: `${key}/diff`,
            label: `${where}: suip diff`,
            value: timing.median,
            unit: 'µs',
            runs: timing.runs,
            wall: timing.wallMedian,
            matrix: { row: matrixRow, column: COLUMNS.diff! },
          });
          rows.push({
            key: `${key}/ops`,
            label: `${where}: ops emitted (optimum ${optimum})`,
            value: ops.length,
            unit: 'ops',
            note: `optimum ${optimum}`,
            matrix: { row: matrixRow, column: COLUMNS.ops! },
          });
          continue;
        }
        const apply = APPLIERS[variant];
        if (apply === undefined) throw new Error(`unknown variant ${variant}`);
        const result = apply(prev, ops);
        checkEqual(result, next, `${where}: ${variant} result`);
        const list = prev.group[0]![0];
        for (const id of kept) {
          if (particleAt(next, [list, id]) === particleAt(prev, [list, id])) {
            check(
              particleAt(result, [list, id]) === particleAt(prev, [list, id]),
              `${where}: ${variant} re-created item ${id}, which should keep its identity`,
            );
          }
        }
        const timing = measure(() => apply(prev, ops), options);
        const anchors =
          variant === 'immer'
            ? Object.keys(APPLIERS)
                .filter((v) => v !== 'immer')
                .map((v) => `${key}/${v}`)
            : undefined;
        rows.push({
          key: `${key}/${variant}`,
          label: `${where}: apply ${ops.length} ops, ${COLUMNS[variant]}`,
          value: timing.median,
          unit: 'µs',
          runs: timing.runs,
          wall: timing.wallMedian,
          anchor: anchors,
          matrix: { row: matrixRow, column: COLUMNS[variant]! },
        });
      }
    }
    return rows;
  },
};
