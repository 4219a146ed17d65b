import { expect, test } from 'vitest';
import { ErrorCode, appendOp, removeOp, replaceOp } from '../../shared/index.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  generatorRoot,
  mountGenerator,
  unmountGenerator,
} from './merged-tree.ts';

test('each generator writes only inside its own mount', () => {
  let merged = mountGenerator(mountGenerator(createMergedTree(), 'g1'), 'g2');
  const one = applyGeneratorTransaction(merged, 'g1', [appendOp([], 'secret', { text: 'mine' })]);
  expect(one.ok).toBe(true);
  if (!one.ok) return;
  merged = one.tree;
  // g2 names g1's particle with every path it can write: all of them are relative to g2's own root.
  for (const ops of [
    [removeOp(['g1', 'secret'])],
    [replaceOp(['secret'], { text: 'stolen' })],
    [removeOp(['..', 'g1'])],
  ]) {
    const attempt = applyGeneratorTransaction(merged, 'g2', ops);
    expect(attempt.ok).toBe(false);
    if (!attempt.ok) expect(attempt.error.code).toBe(ErrorCode.PathNotFound);
  }
  expect(generatorRoot(merged, 'g1')).toEqual({ group: [['secret', { text: 'mine' }]] });
  expect(generatorRoot(merged, 'g2')).toEqual({ group: [] });
});

test('a transaction of one generator shares every other generator subtree', () => {
  let merged = mountGenerator(mountGenerator(createMergedTree(), 'g1'), 'g2');
  const before = generatorRoot(merged, 'g2');
  const result = applyGeneratorTransaction(merged, 'g1', [appendOp([], 'a', { text: 'x' })]);
  if (!result.ok) throw new Error(result.error.message);
  merged = result.tree;
  expect(generatorRoot(merged, 'g2')).toBe(before);
  expect(Object.isFrozen(merged)).toBe(true);
});

test('ops for a generator that is not mounted are refused; unmount removes the subtree', () => {
  const merged = mountGenerator(createMergedTree(), 'g1');
  const result = applyGeneratorTransaction(merged, 'ghost', [appendOp([], 'a', { text: 'x' })]);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe(ErrorCode.NotInitialized);
  expect(unmountGenerator(merged, 'g1').group).toEqual([]);
  expect(() => mountGenerator(merged, 'g1')).toThrow(/already mounted/);
});
