import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './json-patch.ts';

describe('applyJsonPatch (RFC 6902)', () => {
  const state = { todos: [{ title: 'a', done: false }], count: 1 };

  it('applies every op of the RFC and never mutates the input', () => {
    const frozen = structuredClone(state);
    const result = applyJsonPatch(state, [
      { op: 'add', path: '/todos/-', value: { title: 'b', done: false } },
      { op: 'replace', path: '/todos/0/done', value: true },
      { op: 'copy', from: '/todos/0', path: '/first' },
      { op: 'move', from: '/count', path: '/total' },
      { op: 'test', path: '/total', value: 1 },
      { op: 'remove', path: '/todos/1' },
      { op: 'add', path: '/a~1b', value: 'slash' },
    ]);
    expect(result).toEqual({
      ok: true,
      value: { todos: [{ title: 'a', done: true }], first: { title: 'a', done: true }, total: 1, 'a/b': 'slash' },
    });
    expect(state).toEqual(frozen);
  });

  it('is atomic: a failing op in the middle leaves nothing applied and names the op', () => {
    const result = applyJsonPatch(state, [
      { op: 'replace', path: '/count', value: 2 },
      { op: 'remove', path: '/missing' },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.index).toBe(1);
      expect(result.message).toContain('operation 1 (remove "/missing")');
      expect(result.message).toContain('left unchanged');
    }
    expect(state.count).toBe(1);
  });

  it('refuses prototype paths, unknown ops, bad indexes, failed tests and oversize patches', () => {
    const refused = (ops: unknown, max?: number) => {
      const result = applyJsonPatch(state, ops, max);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.message;
    };
    expect(refused([{ op: 'add', path: '/__proto__/polluted', value: 1 }])).toContain('prototype');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refused([{ op: 'add', path: '/constructor', value: 1 }])).toContain('prototype');
    expect(refused([{ op: 'frobnicate', path: '/count' }])).toContain('unknown op');
    expect(refused([{ op: 'add', path: '/todos/7', value: 1 }])).toContain('out of bounds');
    expect(refused([{ op: 'test', path: '/count', value: 2 }])).toContain('test failed');
    expect(refused([{ op: 'move', from: '/todos', path: '/todos/0' }])).toContain('own children');
    expect(refused([{ op: 'replace', path: '/count' }])).toContain('needs a "value"');
    expect(refused({ op: 'add' })).toContain('not an array');
    expect(
      refused(
        [
          { op: 'add', path: '/x', value: 1 },
          { op: 'add', path: '/y', value: 1 },
        ],
        1,
      ),
    ).toContain('at most 1');
    expect(refused([{ op: 'add', path: 'count', value: 1 }])).toContain('must start with "/"');
  });

  it('replaces the whole document with the empty pointer', () => {
    expect(applyJsonPatch(state, [{ op: 'replace', path: '', value: [1] }])).toEqual({ ok: true, value: [1] });
  });

  it('refuses a patch whose copies would double the state past the byte budget, leaving the state unchanged', () => {
    const start = { a: 'x'.repeat(1000) };
    // Each copy doubles /t: 30 of them would be 2^30 KB; the budget (1 MiB by default) stops about the 11th.
    const ops = [
      { op: 'add', path: '/b', value: [] },
      ...Array.from({ length: 30 }, () => ({ op: 'copy', from: '/a', path: '/b/-' })),
    ];
    const bomb = [
      { op: 'add', path: '/t', value: ['seed'.repeat(250)] },
      ...Array.from({ length: 30 }, () => ({ op: 'copy', from: '/t', path: '/t/-' })),
    ];
    const result = applyJsonPatch(start, bomb);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('more than 1048576 characters');
      expect(result.message).toContain('left unchanged');
      expect(result.index).toBeLessThan(15);
    }
    expect(start).toEqual({ a: 'x'.repeat(1000) });
    // A patch within the budget still applies, and a smaller budget is honoured.
    expect(applyJsonPatch(start, ops).ok).toBe(true);
    const small = applyJsonPatch(
      start,
      [
        { op: 'copy', from: '/a', path: '/c' },
        { op: 'copy', from: '/a', path: '/d' },
      ],
      1_000,
      1_500,
    );
    expect(small).toMatchObject({ ok: false, index: 1 });
    expect(applyJsonPatch(start, [{ op: 'add', path: '/big', value: 'y'.repeat(2_000) }], 1_000, 1_500)).toMatchObject({
      ok: false,
      index: 0,
    });
  });

  it('refuses copy and move from the whole document', () => {
    for (const op of ['copy', 'move']) {
      const result = applyJsonPatch({ a: 1 }, [{ op, from: '', path: '/self' }]);
      expect(result).toMatchObject({ ok: false, index: 0 });
      if (!result.ok) expect(result.message).toContain('from the whole document');
    }
  });
});
