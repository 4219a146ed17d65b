import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_LIMITS,
  ErrorCode,
  appendOp,
  appendTextOp,
  insertOp,
  removeOp,
  replaceOp,
  type GroupParticle,
  type Op,
  type Particle,
} from '../../shared/index.ts';
import { applyTransaction, lookup, type CheckGroup } from './transaction.ts';

const t = (text: string): Particle => ({ text });
const g = (entries: Array<[string, Particle]>, type?: string): GroupParticle =>
  type ? { group: entries, type } : { group: entries };
const base = (): GroupParticle =>
  g([
    ['title', t('Hello')],
    [
      'list',
      g(
        [
          ['a', t('A')],
          ['b', t('B')],
          ['c', g([['x', t('X')]])],
        ],
        'list',
      ),
    ],
  ]);

function applyOk(tree: GroupParticle, ops: Op[]): GroupParticle {
  const result = applyTransaction(tree, ops);
  if (!result.ok) throw new Error(result.error.message);
  return result.tree;
}

describe('applyTransaction', () => {
  test('applies the four ops in order and leaves the input untouched', () => {
    const tree = base();
    const before = JSON.stringify(tree);
    const next = applyOk(tree, [
      appendOp(['list'], 'd', t('D')),
      insertOp(['list'], 'z', 'a', t('Z')),
      removeOp(['list', 'b']),
      replaceOp(['title'], t('Bye')),
    ]);
    expect(JSON.stringify(tree)).toBe(before);
    expect(next).toEqual(
      g([
        ['title', t('Bye')],
        [
          'list',
          g(
            [
              ['z', t('Z')],
              ['a', t('A')],
              ['c', g([['x', t('X')]])],
              ['d', t('D')],
            ],
            'list',
          ),
        ],
      ]),
    );
  });

  test('a remove then insert of the same id without particle is a move that keeps identity', () => {
    const tree = base();
    const c = lookup(tree, ['list', 'c']);
    const next = applyOk(tree, [removeOp(['list', 'c']), insertOp(['list'], 'c', 'a')]);
    expect((lookup(next, ['list']) as GroupParticle).group.map(([id]) => id)).toEqual(['c', 'a', 'b']);
    expect(lookup(next, ['list', 'c'])).toBe(c);
  });

  test('moves across groups keep identity too', () => {
    const tree = base();
    const a = lookup(tree, ['list', 'a']);
    const next = applyOk(tree, [removeOp(['list', 'a']), appendOp(['list', 'c'], 'a')]);
    expect(lookup(next, ['list', 'c', 'a'])).toBe(a);
    expect(lookup(next, ['list', 'a'])).toBeUndefined();
  });

  test('unchanged subtrees are shared with the previous tree', () => {
    const tree = base();
    const next = applyOk(tree, [replaceOp(['title'], t('New'))]);
    expect(lookup(next, ['list'])).toBe(lookup(tree, ['list']));
  });

  test('text append grows a text particle by the new characters only', () => {
    const next = applyOk(base(), [appendTextOp(['title'], ', world')]);
    expect(lookup(next, ['title'])).toEqual(t('Hello, world'));
  });

  test('ops may build inside a group added earlier in the same transaction without mutating the sender', () => {
    const added = g([['one', t('1')]]);
    const snapshot = JSON.stringify(added);
    const next = applyOk(base(), [appendOp([], 'new', added), appendOp(['new'], 'two', t('2'))]);
    expect(lookup(next, ['new'])).toEqual(
      g([
        ['one', t('1')],
        ['two', t('2')],
      ]),
    );
    expect(JSON.stringify(added)).toBe(snapshot);
  });

  test.each([
    [
      'a path through a missing id',
      [appendOp(['nope'], 'x', t('x'))],
      ErrorCode.PathNotFound,
      /no particle "nope" in the group at \[\]; its children are "title", "list"/,
    ],
    [
      'a path through a text particle',
      [appendOp(['title'], 'x', t('x'))],
      ErrorCode.NotAGroup,
      /\["title"\] is a text particle, not a group/,
    ],
    ['an id that exists', [appendOp(['list'], 'a', t('x'))], ErrorCode.IdExists, /already has a child "a"/],
    [
      'insert before a missing sibling',
      [insertOp(['list'], 'q', 'nope', t('x'))],
      ErrorCode.PathNotFound,
      /no sibling "nope"/,
    ],
    [
      'a move with nothing removed',
      [appendOp(['list'], 'q')],
      ErrorCode.InvalidParams,
      /no particle with id "q" was removed earlier/,
    ],
    [
      'a malformed particle',
      [appendOp(['list'], 'q', { txt: 'x' } as unknown as Particle)],
      ErrorCode.InvalidParams,
      /exactly one of/,
    ],
    ['a reserved id', [appendOp(['list'], '__proto__', t('x'))], ErrorCode.PolicyViolation, /reserved/],
    ['text append on a group', [appendTextOp(['list'], 'x')], ErrorCode.InvalidParams, /needs a text particle/],
  ])('rejects %s with a precise error and an unchanged tree', (_name, ops, code, message) => {
    const tree = base();
    const good = appendOp(['list'], 'fine', t('ok'));
    const result = applyTransaction(tree, [good, ...ops]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(message);
    expect(result.error.message).toMatch(/^op 1 \(suip\/ops\//);
    expect(result.error.data).toMatchObject({ index: 1, method: ops[0]!.method, path: ops[0]!.params.path });
    expect(lookup(tree, ['list', 'fine'])).toBeUndefined();
  });

  test('node and depth budgets are enforced for the whole transaction', () => {
    const limits = { ...DEFAULT_LIMITS, maxNodes: 6, maxDepth: 3 };
    const grow = applyTransaction(base(), [appendOp(['list'], 'd', t('D')), appendOp(['list'], 'e', t('E'))], {
      limits,
    });
    expect(grow.ok).toBe(false);
    if (!grow.ok) expect(grow.error.code).toBe(ErrorCode.LimitExceeded);
    const deep = applyTransaction(g([]), [appendOp([], 'a', g([['b', g([['c', g([['d', t('x')]])]])]]))], {
      limits: { ...DEFAULT_LIMITS, maxDepth: 3 },
    });
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.error.message).toMatch(/maxDepth 3/);
  });

  test('the vocabulary hook sees new and changed groups and can reject the transaction', () => {
    const tree = base();
    const seen: string[] = [];
    const result = applyTransaction(tree, [appendOp(['list'], 'card', g([['body', t('x')]], 'card'))], {
      checkGroup: (group, path) => {
        seen.push(JSON.stringify(path));
        return group.type === 'card'
          ? { code: ErrorCode.VocabularyViolation, message: 'card needs a "title" text child' }
          : undefined;
      },
    });
    expect(seen).toContain('["list"]');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(ErrorCode.VocabularyViolation);
      expect(result.error.data?.path).toEqual(['list', 'card']);
    }
  });
});

const ids = ['a', 'b', 'c', 'd', 'e'];
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  fc
    .record({ parent: fc.subarray(ids, { maxLength: 2 }), id: fc.constantFrom(...ids), text: fc.string() })
    .map(({ parent, id, text }) => appendOp(parent, id, t(text))),
  fc
    .record({
      parent: fc.subarray(ids, { maxLength: 2 }),
      id: fc.constantFrom(...ids),
      before: fc.constantFrom(...ids),
    })
    .map(({ parent, id, before }) => insertOp(parent, id, before, g([]))),
  fc.subarray(ids, { minLength: 1, maxLength: 3 }).map((path) => removeOp(path)),
  fc.subarray(ids, { minLength: 1, maxLength: 3 }).map((path) => replaceOp(path, t('r'))),
  fc.anything().map((junk) => ({ method: 'suip/ops/append', params: junk }) as unknown as Op),
);

test('property: a rejected transaction leaves the tree identical, an accepted one never mutates the input', () => {
  const tree = g([
    [
      'a',
      g([
        ['b', t('1')],
        ['c', g([])],
      ]),
    ],
    ['b', t('2')],
    ['d', g([['e', t('3')]])],
  ]);
  const frozenJson = JSON.stringify(tree);
  fc.assert(
    fc.property(fc.array(arbOp, { maxLength: 8 }), (ops) => {
      const result = applyTransaction(tree, ops);
      expect(JSON.stringify(tree)).toBe(frozenJson);
      if (!result.ok) {
        expect(typeof result.error.message).toBe('string');
        expect(result.error.code).toBeLessThan(0);
      }
    }),
    { numRuns: 1000 },
  );
});

/** The particles in a tree, counted by walking it: the reference for the memoized sizes. */
function countNodes(particle: Particle): number {
  return 'group' in particle ? 1 + particle.group.reduce((sum, [, child]) => sum + countNodes(child), 0) : 1;
}

test('property: the node budget stays exact when transactions alternate between two trees, refused ones included', () => {
  const start = (): GroupParticle => g([['a', g([['b', t('1')]])]]);
  fc.assert(
    fc.property(
      fc.array(fc.record({ which: fc.integer({ min: 0, max: 1 }), ops: fc.array(arbOp, { maxLength: 4 }) }), {
        maxLength: 12,
      }),
      fc.integer({ min: 3, max: 12 }),
      (steps, maxNodes) => {
        const limits = { ...DEFAULT_LIMITS, maxNodes };
        const trees = [start(), start()];
        for (const { which, ops } of steps) {
          const before = countNodes(trees[which]!);
          const result = applyTransaction(trees[which]!, ops, { limits, inPlaceWidth: 0 });
          if (!result.ok) continue;
          const after = countNodes(result.tree);
          // Accepted: within the budget; and a transaction that only grew the tree past it was refused.
          expect(after).toBeLessThanOrEqual(maxNodes);
          expect(before).toBeLessThanOrEqual(maxNodes);
          trees[which] = result.tree;
        }
        for (const tree of trees) {
          // The budget each next transaction starts from is the tree's real size.
          const fill = maxNodes - countNodes(tree);
          const grow = Array.from({ length: fill + 1 }, (_, i) => appendOp([], `n${i}`, t('x')));
          const exact = applyTransaction(tree, grow.slice(0, fill), { limits });
          expect(exact.ok).toBe(true);
          expect(applyTransaction(tree, grow, { limits })).toMatchObject({
            ok: false,
            error: { code: ErrorCode.LimitExceeded },
          });
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('a transaction the vocabulary check refuses leaves the next one O(1): the tree is not walked for its size', () => {
  // A refusal comes after the ops ran (the check runs on the result), where the result's size was
  // already remembered as the newest; the input tree's size must stay known, or every refusal a
  // program sends makes the next transaction walk each wide list on the way (9,000 children: about
  // 300 µs of the host's thread per refusal, against a few µs for a token).
  const refuseBad: CheckGroup = (_group, path, changed) =>
    changed?.has('bad') ? { code: ErrorCode.VocabularyViolation, message: `no "bad" in ${path.join('/')}` } : undefined;
  let tree = g([['list', g([])]]);
  for (let i = 0; i < 300; i += 1) tree = applyOk(tree, [appendOp(['list'], `i${i}`, t('x'))]);
  const refused = applyTransaction(tree, [appendOp(['list'], 'bad', t('x'))], { checkGroup: refuseBad });
  expect(refused.ok).toBe(false);
  // Counts every walk of the list's children array (a size walk reads each entry).
  const entries = (lookup(tree, ['list']) as GroupParticle).group;
  let walks = 0;
  const iterate = Array.prototype[Symbol.iterator];
  Object.defineProperty(entries, Symbol.iterator, {
    value(this: unknown[]) {
      walks += 1;
      return iterate.call(this);
    },
  });
  const next = applyTransaction(tree, [appendTextOp(['list', 'i7'], 'y')], { checkGroup: refuseBad });
  expect(next.ok).toBe(true);
  expect(walks).toBe(0);
});

describe('applyTransaction: errors a model can act on', () => {
  test('"not found" counts the siblings of the whole group, not the first few', () => {
    const many = g(Array.from({ length: 30 }, (_, i) => [`c${i}`, t(String(i))] as [string, Particle]));
    const result = applyTransaction(many, [removeOp(['nope'])]);
    expect(result).toMatchObject({ ok: false, error: { code: ErrorCode.PathNotFound } });
    expect((result as { error: { message: string } }).error.message).toContain('and 22 more');
  });

  test('two removals of one id and one re-insert without particle are refused as ambiguous; the tree is unchanged', () => {
    const tree = g([
      ['a', g([['x', t('first')]])],
      ['b', g([['x', t('second')]])],
    ]);
    const result = applyTransaction(tree, [removeOp(['a', 'x']), removeOp(['b', 'x']), appendOp([], 'x')]);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining(
          '"x" was removed more than once earlier in this transaction, so moving it is ambiguous',
        ),
      },
    });
  });

  test('a removal that a new particle of the same id replaces is not waiting to be moved (delete + move in one batch work)', () => {
    const tree = g([
      ['a', g([['x', t('old')]])],
      [
        'b',
        g([
          ['x', t('moved')],
          ['y', t('y')],
        ]),
      ],
    ]);
    const next = applyOk(tree, [
      removeOp(['a', 'x']),
      appendOp(['a'], 'x', t('new')),
      removeOp(['b', 'x']),
      appendOp(['b'], 'x'),
    ]);
    expect(lookup(next, ['a', 'x'])).toEqual(t('new'));
    expect(lookup(next, ['b'])).toEqual(
      g([
        ['y', t('y')],
        ['x', t('moved')],
      ]),
    );
  });
});
