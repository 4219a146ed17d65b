import { describe, expect, it } from 'vitest';
import { DirtyMarks, MAX_DIRTY_POINTERS } from './dirty-marks.ts';

describe('DirtyMarks', () => {
  it('collects pointers until taken, and a null change marks nothing', () => {
    const marks = new DirtyMarks();
    marks.mark('s', null);
    expect(marks.take('s')).toBeUndefined();
    marks.mark('s', ['a']);
    marks.mark('s', ['b', 'c']);
    expect(marks.take('s')).toEqual({ full: false, changed: [['a'], ['b', 'c']] });
    expect(marks.take('s')).toBeUndefined();
  });

  it('any non-pointer change makes the next translation whole, and pointers after it add nothing', () => {
    const marks = new DirtyMarks();
    marks.mark('s', ['a']);
    marks.mark('s');
    marks.mark('s', ['b']);
    expect(marks.take('s')).toEqual({ full: true, changed: [] });
  });

  it(`past ${MAX_DIRTY_POINTERS} pointers between two translations it is one whole translation (bounded)`, () => {
    const marks = new DirtyMarks();
    for (let i = 0; i <= MAX_DIRTY_POINTERS; i += 1) marks.mark('s', [String(i)]);
    expect(marks.take('s')).toEqual({ full: true, changed: [] });
  });

  it('keeps surfaces apart and forgets a deleted one', () => {
    const marks = new DirtyMarks();
    marks.mark('a', ['x']);
    marks.mark('b');
    marks.delete('a');
    expect(marks.take('a')).toBeUndefined();
    expect(marks.take('b')).toEqual({ full: true, changed: [] });
  });
});
