import { describe, expect, it } from 'vitest';
import { applyOp, emptyCanvas } from '../state.ts';
import { previewCanvas } from './preview.ts';

const DEFINE = { op: 'define', id: 'counter', component: { html: '<div>{{n}}</div>' } } as const;

describe('previewCanvas', () => {
  it('shows an upsert on a copy and leaves the canvas as it was', () => {
    const state = emptyCanvas();
    applyOp(state, { op: 'upsert', id: 'a', type: 'kv', data: { k: 1 } });
    const shown = previewCanvas(state, { op: 'upsert', id: 'a', type: 'kv', data: { k: 2 } });
    expect(shown?.components.get('a')?.data).toEqual({ k: 2 });
    expect(state.components.get('a')?.data).toEqual({ k: 1 });
    const added = previewCanvas(state, { op: 'upsert', id: 'b', type: 'kv', data: {}, layout: { zone: 'side' } });
    expect([...added!.components.keys()]).toEqual(['a', 'b']);
    expect(added!.zones).toContain('side');
    expect([...state.components.keys()]).toEqual(['a']);
    expect(state.zones).not.toContain('side');
  });

  it('shows nothing for another op, a malformed one, or a custom widget type', () => {
    const state = emptyCanvas();
    applyOp(state, DEFINE);
    expect(previewCanvas(state, { op: 'remove', id: 'a' })).toBeUndefined();
    expect(previewCanvas(state, { op: 'upsert', id: 'a' })).toBeUndefined();
    expect(previewCanvas(state, 'not an op')).toBeUndefined();
    expect(previewCanvas(state, { op: 'upsert', id: 'w', type: 'counter', data: {} })).toBeUndefined();
  });
});
