import { describe, expect, it } from 'vitest';
import { applyOp, CanvasOpError, emptyCanvas, type CanvasComponent } from '../state.ts';
import { ComponentViews } from './component-views.ts';

const component = (id: string, type: string, data: Record<string, unknown> = {}): CanvasComponent => ({
  id,
  type,
  data,
  zone: 'main',
  rank: 0,
});

describe('ComponentViews', () => {
  const views = () => new ComponentViews(3, () => () => undefined);

  it('maps a built-in, and gives the same particle while data, type and instance are unchanged', () => {
    const v = views();
    const state = emptyCanvas();
    const c = component('a', 'kv', { items: [{ key: 'k', value: 'v' }] });
    const first = v.view(c, state, undefined);
    expect(JSON.stringify(first)).toContain('"k"');
    expect(v.view(c, state, undefined)).toBe(first);
    expect(v.view({ ...c, data: { ...c.data } }, state, undefined)).not.toBe(first);
  });

  it('shows a custom widget as its slot, and an alert naming why once it stopped', () => {
    const v = views();
    const state = emptyCanvas();
    const c = component('w', 'counter');
    const slot = JSON.stringify(v.view(c, state, { mount: 'canvas~w1' }));
    expect(slot).toContain('"slot"');
    expect(slot).toContain('canvas~w1');
    const failed = JSON.stringify(v.view(c, state, { mount: 'canvas~w1', failed: 'error: boom' }));
    expect(failed).toContain('Widget w stopped');
    expect(failed).toContain('error: boom');
  });

  it('says a widget is not running at the instance limit, and names the refused define of a broken type', () => {
    const v = views();
    const state = emptyCanvas();
    applyOp(state, { op: 'define', id: 'counter', component: { html: '<div>{{n}}</div>' } });
    const waiting = JSON.stringify(v.view(component('w', 'counter'), state, undefined));
    expect(waiting).toContain('Widget w is not running');
    expect(waiting).toContain('3 custom widgets run already (limit maxInstances)');
    expect(() => applyOp(state, { op: 'define', id: 'bad', component: { html: '<div>{{' } })).toThrow(CanvasOpError);
    const broken = JSON.stringify(v.view(component('b', 'bad'), state, undefined));
    expect(broken).toContain('Widget b is broken');
    expect(broken).toContain('Its type \\"bad\\" was defined, but the define was refused: ');
  });

  it('names an unknown type', () => {
    expect(JSON.stringify(views().view(component('u', 'no-such-type'), emptyCanvas(), undefined))).toContain(
      'no-such-type',
    );
  });
});
