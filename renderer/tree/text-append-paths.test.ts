import { expect, test } from 'vitest';
import { Method, appendOp, removeOp, replaceOp, type Op } from '../../shared/index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator } from './merged-tree.ts';
import { lookup } from './transaction.ts';
import { textAppendPaths } from './text-append-paths.ts';

const textAppend = (path: string[], text: string): Op => ({ method: Method.append, params: { path, text } });

test('a transaction of text appends names each appended leaf once, as a merged-tree path', () => {
  const ops = [textAppend(['list', 'a', 't'], 'x'), textAppend(['list', 'b', 't'], 'y'), textAppend(['list', 'a', 't'], 'z')];
  expect(textAppendPaths('g1', ops)).toEqual([
    ['g1', 'list', 'a', 't'],
    ['g1', 'list', 'b', 't'],
  ]);
});

test('any other op, or none, leaves the change to be found by comparing trees', () => {
  expect(textAppendPaths('g1', [])).toBeUndefined();
  for (const other of [appendOp(['list'], 'c', { text: 'new' }), removeOp(['list', 'a']), replaceOp(['list', 'a', 't'], { text: 'x' })]) {
    expect(textAppendPaths('g1', [textAppend(['list', 'a', 't'], 'x'), other])).toBeUndefined();
  }
});

test('the paths named are exactly the leaves whose particle the applied transaction replaced', () => {
  let merged = mountGenerator(createMergedTree(), 'g1');
  const setup = applyGeneratorTransaction(merged, 'g1', [appendOp([], 'list', { group: [['a', { group: [['t', { text: 'A' }]] }], ['b', { group: [['t', { text: 'B' }]] }], ['c', { group: [['t', { text: 'C' }]] }]] })]);
  if (!setup.ok) throw new Error(setup.error.message);
  merged = setup.tree;
  const ops = [textAppend(['list', 'c', 't'], '1'), textAppend(['list', 'a', 't'], '2'), textAppend(['list', 'c', 't'], '3')];
  const result = applyGeneratorTransaction(merged, 'g1', ops);
  if (!result.ok) throw new Error(result.error.message);
  const named = textAppendPaths('g1', ops)!;
  const leaves = ['a', 'b', 'c'].map((id) => ['g1', 'list', id, 't']);
  const changed = leaves.filter((path) => lookup(result.tree, path) !== lookup(merged, path));
  expect(named).toEqual(changed.reverse());
  expect(lookup(result.tree, ['g1', 'list', 'c', 't'])).toEqual({ text: 'C13' });
});
