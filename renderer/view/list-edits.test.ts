import { expect, test } from 'vitest';
import { appendOp, insertOp, removeOp } from '../../shared/index.ts';
import { viewChanges } from '../../core/tree/view-changes.ts';
import { childEdits } from './list-edits.ts';

test('structural ops read as child edits with merged-tree parents, in op order; a move keeps its particle', () => {
  const changes = viewChanges('g1', [
    removeOp(['list', 'a']),
    insertOp(['list'], 'a', 'c'),
    appendOp(['list'], 'n', { text: 'new' }),
    insertOp([], 'm', 'list', { text: 'm' }),
  ])!;
  expect(childEdits([changes])).toEqual([
    { kind: 'remove', parent: ['g1', 'list'], id: 'a' },
    { kind: 'insert', parent: ['g1', 'list'], id: 'a', before: 'c', moved: true },
    { kind: 'insert', parent: ['g1', 'list'], id: 'n', before: undefined, moved: false },
    { kind: 'insert', parent: ['g1'], id: 'm', before: 'list', moved: false },
  ]);
});
