import { applyTransaction } from '../../core/tree/index.ts';
import type { GroupParticle, Op } from '../../shared/index.ts';
import { applyImmerBatchUnchecked, applyImmerPerOp } from '../anchors/immer-per-op.ts';
import { applyImmerRootOnly } from '../anchors/immer-root-only.ts';
import { applyPathCopy } from '../anchors/path-copy.ts';
import { check, checkEqual } from '../harness/check.ts';
import { measure, measureOptions } from '../harness/measure.ts';
import type { BenchCase } from '../harness/types.ts';
import { localTransaction, mixedTransaction } from '../fixtures/transaction.ts';
import { buildTree, deepFreeze, fanoutsFor } from '../fixtures/tree.ts';

const N = 3000;

function real(tree: GroupParticle, ops: readonly Op[]): GroupParticle {
  const result = applyTransaction(tree, ops);
  if (!result.ok) throw new Error(result.error.message);
  return result.tree;
}

const APPLIERS: Record<string, { label: string; apply: (tree: GroupParticle, ops: readonly Op[]) => GroupParticle }> = {
  'immer-batch': { label: 'suip applyTransaction: copy on write by hand, validated', apply: real },
  'immer-batch-unchecked': {
    label: 'one immer produce per batch, no validation (anchor)',
    apply: applyImmerBatchUnchecked,
  },
  'immer-per-op': { label: 'one immer produce per op, no validation (anchor)', apply: applyImmerPerOp },
  'immer-root-only': {
    label: 'one immer produce per batch drafting only the root, copies by hand below, no validation (anchor)',
    apply: applyImmerRootOnly,
  },
  'path-copy': {
    label: 'hand-written path copy, no validation (anchor)',
    apply: (tree, ops) => applyPathCopy(tree, ops),
  },
};

/**
 * A 100-op transaction at 3k particles: the real `applyTransaction` (immer, one produce per batch,
 * every op validated) against unvalidated anchors: immer one produce per batch, one produce per
 * op, and a hand-written path copy. Issue 2 target: ≤ 1 ms.
 */
export const applyTransactionCase: BenchCase = {
  name: 'apply-transaction',
  description: '100-op transaction at 3k particles: immer per batch vs per op vs hand-written path copy',
  variants: Object.keys(APPLIERS),
  run(variant, { quick }) {
    const applier = APPLIERS[variant];
    if (applier === undefined) throw new Error(`unknown variant ${variant}`);
    const tree = buildTree(fanoutsFor(N));
    const base = deepFreeze(tree.root);
    const workloads = [
      { name: 'scattered', ops: mixedTransaction(tree), text: '100 ops over 100 rows in all sections' },
      { name: 'local', ops: localTransaction(tree), text: '100 ops in one section (streaming into one list)' },
    ];
    const isReal = variant === 'immer-batch';
    return workloads.map(({ name, ops, text }) => {
      const expected = real(base, ops);
      const snapshot = JSON.stringify(base);
      checkEqual(applier.apply(base, ops), expected, `${variant}, ${name}`);
      checkEqual(applier.apply(base, ops), expected, `${variant}, ${name}, second time on the same input`);
      check(JSON.stringify(base) === snapshot, `${variant} mutated its input tree`);
      const timing = measure(() => applier.apply(base, ops), measureOptions(quick));
      check(JSON.stringify(base) === snapshot, `${variant} mutated its input tree`);
      return {
        key: `${name}/${variant}`,
        label: `${text}, ${tree.size} particles: ${applier.label}`,
        value: timing.median / 1000,
        unit: 'ms' as const,
        runs: timing.runs.map((us) => us / 1000),
        wall: timing.wallMedian / 1000,
        anchor: isReal
          ? ['immer-per-op', 'path-copy', 'immer-batch-unchecked', 'immer-root-only'].map((v) => `${name}/${v}`)
          : undefined,
        target: isReal ? { max: 1, text: 'issue 2: a 100-op transaction ≤ 1 ms at 3k particles' } : undefined,
      };
    });
  },
};
