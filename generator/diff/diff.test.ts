import { describe, expect, test } from 'vitest';
import {
  appendOp,
  appendTextOp,
  insertOp,
  removeOp,
  replaceOp,
  type GroupParticle,
  type Op,
} from '../../shared/index.ts';
import { applyTransaction } from '../../core/tree/index.ts';
import { diff, diffRoot } from './diff.ts';
import { at, deepFreeze, g, t } from './test-trees.ts';

function roundTrip(prev: GroupParticle, next: GroupParticle): Op[] {
  const ops = diff(deepFreeze(prev), deepFreeze(next));
  const result = applyTransaction(prev, ops);
  if (!result.ok) throw new Error(result.error.message);
  expect(result.tree).toEqual(next);
  return ops;
}

describe('diff: leaves', () => {
  const card = (body: string) =>
    g([
      ['title', t('Hi')],
      ['card', g([['body', t(body)]], 'card')],
    ]);

  test('identical and shared trees give no ops', () => {
    const tree = card('x');
    expect(diff(tree, tree)).toEqual([]);
    expect(diff(card('x'), card('x'))).toEqual([]);
  });

  test('text that grows at its end becomes a text append of the suffix only', () => {
    expect(roundTrip(card('Hello'), card('Hello, world'))).toEqual([appendTextOp(['card', 'body'], ', world')]);
  });

  test('other text changes replace the leaf', () => {
    expect(roundTrip(card('Hello'), card('Help'))).toEqual([replaceOp(['card', 'body'], t('Help'))]);
  });

  test('a mimeType change replaces the leaf even when the text grows', () => {
    const ops = roundTrip(g([['a', t('x')]]), g([['a', t('xy', 'text/plain')]]));
    expect(ops).toEqual([replaceOp(['a'], t('xy', 'text/plain'))]);
  });

  test('data particles are replaced when url or mimeType changes', () => {
    const img = (data: string, mimeType = 'image/png') => g([['img', { data, mimeType }]]);
    expect(roundTrip(img('a.png'), img('a.png'))).toEqual([]);
    expect(roundTrip(img('a.png'), img('b.png'))).toEqual([
      replaceOp(['img'], { data: 'b.png', mimeType: 'image/png' }),
    ]);
    expect(roundTrip(img('a.png'), img('a.png', 'image/webp'))).toHaveLength(1);
  });

  test('a kind change replaces', () => {
    expect(roundTrip(g([['a', t('x')]]), g([['a', g([['b', t('y')]])]]))).toEqual([
      replaceOp(['a'], g([['b', t('y')]])),
    ]);
  });

  test('a group type or handler change replaces the group', () => {
    const button = (type: string, handler: string) =>
      g([['b', { group: [['label', t('Go')]], type, on: { click: { handler } } }]]);
    expect(roundTrip(button('button', 'h1'), button('button', 'h1'))).toEqual([]);
    expect(roundTrip(button('button', 'h1'), button('link', 'h1'))).toHaveLength(1);
    expect(roundTrip(button('button', 'h1'), button('button', 'h2'))[0]!.method).toBe('suip/ops/replace');
  });
});

describe('diff: keyed children', () => {
  const list = (ids: string[]) =>
    g([
      [
        'list',
        g(
          ids.map((id) => [id, t(id)]),
          'list',
        ),
      ],
    ]);

  test('appends new children at the end, inserts before the next sibling elsewhere', () => {
    expect(roundTrip(list(['a']), list(['a', 'b']))).toEqual([appendOp(['list'], 'b', t('b'))]);
    expect(roundTrip(list(['b']), list(['a', 'b']))).toEqual([insertOp(['list'], 'a', 'b', t('a'))]);
  });

  test('removes what is gone', () => {
    expect(roundTrip(list(['a', 'b', 'c']), list(['a', 'c']))).toEqual([removeOp(['list', 'b'])]);
  });

  test('a swap of two children moves one of them', () => {
    const ops = roundTrip(list(['a', 'b']), list(['b', 'a']));
    expect(ops).toHaveLength(2);
    expect(ops[0]!.method).toBe('suip/ops/remove');
    expect('particle' in ops[1]!.params).toBe(false);
  });

  test('moving the first child to the end is one move (an append without particle)', () => {
    expect(roundTrip(list(['a', 'b', 'c', 'd']), list(['b', 'c', 'd', 'a']))).toEqual([
      removeOp(['list', 'a']),
      appendOp(['list'], 'a'),
    ]);
  });

  test('a reverse of n children takes n - 1 moves', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect(roundTrip(list(ids), list([...ids].reverse()))).toHaveLength(8);
  });

  test('a moved child that also changed is moved, then changed in place', () => {
    const prev = g([
      [
        'a',
        g([
          ['x', t('long text that stays the same for a while')],
          ['y', t('1')],
        ]),
      ],
      ['b', t('b')],
      ['c', t('c')],
    ]);
    const next = g([
      ['b', t('b')],
      ['c', t('c')],
      [
        'a',
        g([
          ['x', t('long text that stays the same for a while')],
          ['y', t('12')],
        ]),
      ],
    ]);
    const ops = roundTrip(prev, next);
    expect(ops).toEqual([removeOp(['a']), appendOp([], 'a'), appendTextOp(['a', 'y'], '2')]);
  });

  test('a moved child whose kind changed is removed and inserted anew', () => {
    const ops = roundTrip(
      g([
        ['a', t('x')],
        ['b', t('b')],
        ['c', t('c')],
      ]),
      g([
        ['b', t('b')],
        ['c', t('c')],
        ['a', g([])],
      ]),
    );
    expect(ops).toEqual([removeOp(['a']), appendOp([], 'a', g([]))]);
  });

  test('mixed insert, remove, move and change round-trip', () => {
    roundTrip(
      list(['a', 'b', 'c', 'd', 'e']),
      g([
        [
          'list',
          g(
            [
              ['e', t('e')],
              ['x', t('x')],
              ['b', t('bb')],
              ['a', t('a')],
              ['d', t('d')],
            ],
            'list',
          ),
        ],
      ]),
    );
  });

  test('a group whose ops would be larger than itself is replaced', () => {
    const prev = g([
      [
        'row',
        g([
          ['a', t('1')],
          ['b', t('2')],
          ['c', t('3')],
        ]),
      ],
    ]);
    const next = g([
      [
        'row',
        g([
          ['a', t('4')],
          ['b', t('5')],
          ['c', t('6')],
        ]),
      ],
    ]);
    expect(roundTrip(prev, next)).toEqual([replaceOp(['row'], next.group[0]![1])]);
  });

  test('a group with a moved child is never replaced: the move keeps identity', () => {
    const prev = g([
      [
        'row',
        g([
          ['a', t('1')],
          ['b', t('2')],
          ['c', t('3')],
        ]),
      ],
    ]);
    const next = g([
      [
        'row',
        g([
          ['c', t('3')],
          ['a', t('4')],
          ['b', t('5')],
        ]),
      ],
    ]);
    const ops = roundTrip(prev, next);
    expect(ops.some((op) => op.method === 'suip/ops/replace' && op.params.path.length === 1)).toBe(false);
  });
});

describe('diff: structural sharing', () => {
  test('a one-leaf change in a shared tree touches only that leaf', () => {
    const leaves = Array.from({ length: 100 }, (_, i): [string, ReturnType<typeof t>] => [`k${i}`, t(`v${i}`)]);
    const rows = Array.from({ length: 10 }, (_, i): [string, GroupParticle] => [`r${i}`, g(leaves)]);
    const prev = g(rows);
    const changedRow = g(leaves.map((e, i) => (i === 50 ? [e[0], t('v50!')] : e)));
    const next = g(rows.map((e, i) => (i === 7 ? [e[0], changedRow] : e)));
    expect(roundTrip(prev, next)).toEqual([appendTextOp(['r7', 'k50'], '!')]);
  });
});

describe('diff: roots and paths', () => {
  test('from nothing, the root children are appended in order', () => {
    const next = g([
      ['a', t('A')],
      ['b', g([])],
    ]);
    expect(diff(undefined, next)).toEqual([appendOp([], 'a', t('A')), appendOp([], 'b', g([]))]);
    expect(diffRoot(undefined, next)).toEqual(diff(undefined, next));
  });

  test('the root type and on are ignored: the root is never replaced', () => {
    expect(diffRoot(g([['a', t('A')]]), { ...g([['a', t('A')]]), type: 'card' })).toEqual([]);
  });

  test('a root that is not a group is refused with a clear error', () => {
    expect(() => diff(undefined, t('x'))).toThrow(/root must be a group/);
    expect(() => diff(t('x'), g([]))).toThrow(/root must be a group/);
  });

  test('below the root, paths are prefixed and a missing particle is appended to its parent', () => {
    expect(diff(t('a'), t('ab'), ['x', 'y'])).toEqual([appendTextOp(['x', 'y'], 'b')]);
    expect(diff(undefined, t('a'), ['x', 'y'])).toEqual([appendOp(['x'], 'y', t('a'))]);
  });

  test('the path argument is not mutated or shared with the ops', () => {
    const path = ['x'];
    const ops = diff(g([['a', t('a')]]), g([['a', t('b')]]), path);
    expect(path).toEqual(['x']);
    expect(ops[0]!.params.path).not.toBe(path);
  });

  test('moves keep identity through applyTransaction', () => {
    const a = g([['deep', t('state')]]);
    const prev = g([
      ['a', a],
      ['b', t('b')],
      ['c', t('c')],
    ]);
    const next = g([
      ['c', t('c')],
      ['b', t('b')],
      ['a', a],
    ]);
    const result = applyTransaction(prev, diff(prev, next));
    expect(result.ok && at(result.tree, ['a'])).toBe(a);
  });
});
