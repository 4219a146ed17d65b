import { describe, expect, it } from 'vitest';
import { checkOp } from './ops.ts';
import { KANBAN_DEFINE } from '../../../adapters/canvas/testing/samples.ts';

describe('checkOp', () => {
  it('accepts every op of the seed as written', () => {
    for (const op of [
      {
        op: 'upsert',
        id: 'weather-paris',
        type: 'weather',
        data: { city: 'Paris', temp: 18, condition: 'Partly Cloudy', icon: '' },
      },
      { op: 'patch', id: 'weather-paris', data: { temp: 21, condition: 'Sunny' } },
      { op: 'remove', id: 'weather-paris' },
      { op: 'clear' },
      KANBAN_DEFINE,
      { op: 'undefine', id: 'kanban-board' },
      { op: 'layout', mode: 'dashboard' },
      { op: 'move', id: 'weather-paris', layout: { zone: 'sidebar', order: 0 } },
    ])
      expect(checkOp(op)).toMatchObject({ ok: true });
  });

  it('names the op and the field that is wrong', () => {
    expect(checkOp({ op: 'upsert', id: 'x', type: 'card' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^upsert: .*data/),
    });
    expect(checkOp({ op: 'layout', mode: 'grid' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^layout: \/mode/),
    });
    expect(checkOp({ op: 'explode' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('unknown op "explode"; expected one of upsert, patch'),
    });
    expect(checkOp([1])).toMatchObject({ ok: false });
    expect(checkOp({ op: 'define', id: 'X', component: { html: '' } })).toMatchObject({
      ok: false,
      error: expect.stringContaining('/id'),
    });
    expect(checkOp({ op: 'define', id: 'a', component: { html: '' } })).toMatchObject({ ok: false });
  });

  it('refuses prototype keys anywhere in an op', () => {
    const op = JSON.parse('{"op":"patch","id":"a","data":{"x":{"__proto__":{"polluted":1}}}}') as unknown;
    expect(checkOp(op)).toMatchObject({ ok: false, error: expect.stringContaining('"__proto__" is not allowed') });
  });
});
