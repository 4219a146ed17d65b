import type { BenchCase } from '../harness/types.ts';
import { a2uiDataModelCase } from './a2ui-data-model.ts';
import { appendCredentials } from './append-credentials.ts';
import { applyTransactionCase } from './apply-transaction.ts';
import { diffApplyMatrix } from './diff-apply-matrix.ts';
import { diffOneLeaf } from './diff-one-leaf.ts';
import { jsonUnitsStream } from './json-units-stream.ts';
import { tokenApplySweep } from './token-apply-sweep.ts';

/**
 * Every benchmark case, in run order. To add one: write `bench/cases/<name>.ts` exporting a
 * `BenchCase` and list it here; `npm run bench` runs each of its variants in its own process.
 */
export const CASES: readonly BenchCase[] = [
  diffOneLeaf,
  applyTransactionCase,
  appendCredentials,
  tokenApplySweep,
  diffApplyMatrix,
  a2uiDataModelCase,
  jsonUnitsStream,
];
