import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canvasTree } from './layout.ts';
import type { CanvasOp } from '../../shared/neighbours/canvas/ops.ts';
import { applyOp, CanvasOpError, compact, emptyCanvas, orderedComponents, replay, type CanvasState } from './state.ts';
import { canvasOp } from './testing/arbitraries.ts';

const run = (ops: CanvasOp[]) => replay(ops);
const view = (state: CanvasState) => canvasTree(state, (c) => ({ text: `${c.type}:${JSON.stringify(c.data)}` }));
const order = (state: CanvasState) => orderedComponents(state).map((c) => `${c.zone}/${c.id}`);

describe('canvas ops (seed 001 semantics)', () => {
  it('upsert creates, and replaces type and data of an existing id in place', () => {
    const s = run([
      { op: 'upsert', id: 'w', type: 'weather', data: { city: 'Paris', temp: 18 } },
      { op: 'upsert', id: 'x', type: 'card', data: {} },
      { op: 'upsert', id: 'w', type: 'card', data: { title: 'T' } },
    ]);
    expect(s.components.get('w')).toMatchObject({ type: 'card', data: { title: 'T' }, zone: 'main' });
    expect(order(s)).toEqual(['main/w', 'main/x']);
  });

  it('patch merges shallowly: fields kept, arrays replaced, null is a value', () => {
    const s = run([
      {
        op: 'upsert',
        id: 'w',
        type: 'weather',
        data: { city: 'Paris', temp: 18, condition: 'Partly Cloudy', list: [1, 2], nested: { a: 1, b: 2 } },
      },
      { op: 'patch', id: 'w', data: { temp: 21, condition: 'Sunny', list: [3], nested: { a: 9 }, city: null } },
    ]);
    expect(s.components.get('w')!.data).toEqual({
      city: null,
      temp: 21,
      condition: 'Sunny',
      list: [3],
      nested: { a: 9 },
    });
  });

  it('patch of an unknown id is refused with an error naming the fix', () => {
    expect(() => applyOp(emptyCanvas(), { op: 'patch', id: 'nope', data: {} })).toThrow(
      /no component with this id; upsert it first/,
    );
  });

  it('remove deletes one; clear removes all (components, defines, layout)', () => {
    const s = run([
      { op: 'layout', mode: 'dashboard' },
      { op: 'define', id: 'kb', component: { html: '<p/>' } },
      { op: 'upsert', id: 'a', type: 'card', data: {} },
      { op: 'upsert', id: 'b', type: 'card', data: {} },
      { op: 'remove', id: 'a' },
    ]);
    expect([...s.components.keys()]).toEqual(['b']);
    applyOp(s, { op: 'clear' });
    expect(s.components.size).toBe(0);
    expect(s.defines.size).toBe(0);
    expect(s.mode).toBe('auto');
  });

  it('define registers a type (limits: 30 types, 50 KB html + css); undefine forgets it, keeps its components', () => {
    const s = emptyCanvas();
    for (let i = 0; i < 30; i += 1) applyOp(s, { op: 'define', id: `w${i}x`, component: { html: '<p/>' } });
    expect(() => applyOp(s, { op: 'define', id: 'one-more', component: { html: '<p/>' } })).toThrow(
      /30 widget types are defined already \(seed limit/,
    );
    expect(() =>
      applyOp(emptyCanvas(), {
        op: 'define',
        id: 'big',
        component: { html: 'x'.repeat(40_000), css: 'y'.repeat(12_000) },
      }),
    ).toThrow(/52000 bytes; the seed allows 50 KB/);
    applyOp(s, { op: 'upsert', id: 'i', type: 'w1x', data: {} });
    expect(applyOp(s, { op: 'undefine', id: 'w1x' })).toEqual({ kind: 'undefined', type: 'w1x' });
    expect(s.components.has('i')).toBe(true);
  });

  it('layout changes the mode; move re-places a component (zone, order) and zones show in first-seen order', () => {
    const s = run([
      { op: 'upsert', id: 'a', type: 'card', data: {} },
      { op: 'upsert', id: 'b', type: 'card', data: {} },
      { op: 'upsert', id: 'c', type: 'card', data: {}, layout: { zone: 'sidebar' } },
      { op: 'move', id: 'b', layout: { order: 0 } },
      { op: 'move', id: 'a', layout: { zone: 'sidebar', order: 0 } },
      { op: 'layout', mode: 'columns' },
    ]);
    expect(order(s)).toEqual(['main/b', 'sidebar/a', 'sidebar/c']);
    expect(s.mode).toBe('columns');
  });

  it('focus layout shows the last-touched component first and the rest in "Other"', () => {
    const s = run([
      { op: 'upsert', id: 'a', type: 'card', data: {} },
      { op: 'upsert', id: 'b', type: 'card', data: {} },
      { op: 'patch', id: 'a', data: { x: 1 } },
      { op: 'layout', mode: 'focus' },
    ]);
    const tree = view(s) as { group: Array<[string, unknown]> };
    expect(tree.group.map(([id]) => id)).toEqual(['a', 'zone:others']);
  });
});

describe('compaction', () => {
  it('replaying the compacted ops of any op sequence gives the same canvas (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(canvasOp, { maxLength: 60 }), (ops) => {
        const live = run(ops);
        const compacted = compact(live);
        const again = run(compacted);
        expect(view(again)).toEqual(view(live));
        expect(order(again)).toEqual(order(live));
        expect([...again.defines.keys()].sort()).toEqual([...live.defines.keys()].sort());
        // Types whose define was refused stay broken, with the same reason.
        expect([...again.broken].sort()).toEqual([...live.broken].sort());
        // The focus layout shows the last-touched component, or the last one when it was removed.
        const focusOf = (st: CanvasState) => st.focus ?? orderedComponents(st).at(-1)?.id;
        expect(focusOf(again)).toEqual(focusOf(live));
        // A fixed point: compaction of the replay is the same list.
        expect(compact(again)).toEqual(compacted);
      }),
      { numRuns: 1000 },
    );
  });

  it('compaction follows the seed: layout, defines sorted by id, then upserts with patches and moves folded in', () => {
    const s = run([
      { op: 'define', id: 'zz', component: { html: '<p/>' } },
      { op: 'upsert', id: 'w', type: 'weather', data: { temp: 18 } },
      { op: 'define', id: 'aa', component: { html: '<p/>' } },
      { op: 'patch', id: 'w', data: { temp: 21 } },
      { op: 'layout', mode: 'dashboard' },
      { op: 'move', id: 'w', layout: { zone: 'side', order: 2 } },
    ]);
    expect(compact(s)).toEqual([
      { op: 'layout', mode: 'dashboard' },
      { op: 'define', id: 'aa', component: { html: '<p/>' } },
      { op: 'define', id: 'zz', component: { html: '<p/>' } },
      { op: 'upsert', id: 'w', type: 'weather', data: { temp: 21 }, layout: { zone: 'side', order: 2 } },
    ]);
  });

  it('ops that cannot apply are skipped by replay, as a live client reports and skips them', () => {
    expect(() => applyOp(emptyCanvas(), { op: 'move', id: 'x', layout: {} })).toThrow(CanvasOpError);
    expect(
      run([
        { op: 'move', id: 'x', layout: {} },
        { op: 'upsert', id: 'y', type: 'card', data: {} },
      ]).components.size,
    ).toBe(1);
  });
});
