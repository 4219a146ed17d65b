import { expect, test } from 'vitest';
import { Method, appendOp, insertOp, removeOp, replaceOp, type Op } from '../../shared/index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator } from './merged-tree.ts';
import { lookup } from './transaction.ts';
import { viewChanges } from './view-changes.ts';

const textAppend = (path: string[], text: string): Op => ({ method: Method.append, params: { path, text } });

test('a transaction of text appends names each appended leaf once, as a merged-tree path', () => {
  const ops = [
    textAppend(['list', 'a', 't'], 'x'),
    textAppend(['list', 'b', 't'], 'y'),
    textAppend(['list', 'a', 't'], 'z'),
  ];
  expect(viewChanges('g1', ops)).toEqual({
    generatorId: 'g1',
    leaves: [
      ['g1', 'list', 'a', 't'],
      ['g1', 'list', 'b', 't'],
    ],
    edits: [],
  });
});

test('inserts, appends, removals and moves are named in op order; a replacement or no op leaves the change to tree comparison', () => {
  const ops = [
    removeOp(['list', 'a']),
    insertOp(['list'], 'a', 'c'),
    appendOp(['list'], 'n', { text: 'new' }),
    insertOp(['list'], 'm', 'a', { text: 'm' }),
    textAppend(['list', 'b', 't'], 'y'),
  ];
  expect(viewChanges('g1', ops)).toEqual({
    generatorId: 'g1',
    leaves: [['g1', 'list', 'b', 't']],
    edits: ops.slice(0, 4),
  });
  expect(viewChanges('g1', [])).toBeUndefined();
  expect(
    viewChanges('g1', [textAppend(['list', 'a', 't'], 'x'), replaceOp(['list', 'a', 't'], { text: 'x' })]),
  ).toBeUndefined();
});

test('the leaves named are exactly the leaves whose particle the applied transaction replaced', () => {
  let merged = mountGenerator(createMergedTree(), 'g1');
  const setup = applyGeneratorTransaction(merged, 'g1', [
    appendOp([], 'list', {
      group: [
        ['a', { group: [['t', { text: 'A' }]] }],
        ['b', { group: [['t', { text: 'B' }]] }],
        ['c', { group: [['t', { text: 'C' }]] }],
      ],
    }),
  ]);
  if (!setup.ok) throw new Error(setup.error.message);
  merged = setup.tree;
  const ops = [
    textAppend(['list', 'c', 't'], '1'),
    textAppend(['list', 'a', 't'], '2'),
    textAppend(['list', 'c', 't'], '3'),
  ];
  const result = applyGeneratorTransaction(merged, 'g1', ops);
  if (!result.ok) throw new Error(result.error.message);
  const named = viewChanges('g1', ops)!.leaves;
  const leaves = ['a', 'b', 'c'].map((id) => ['g1', 'list', id, 't']);
  const changed = leaves.filter((path) => lookup(result.tree, path) !== lookup(merged, path));
  expect(named).toEqual(changed.reverse());
  expect(lookup(result.tree, ['g1', 'list', 'c', 't'])).toEqual({ text: 'C13' });
});
