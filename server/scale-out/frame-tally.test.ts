import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameTally } from './frame-tally.ts';

describe('FrameTally', () => {
  it('any arrival order: `last` is the newest seq; repeats and gaps agree with a reference model', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: 40 }), { maxLength: 60 }), (seqs) => {
        const tally = new FrameTally();
        for (const seq of seqs) tally.data(seq, '{}', 0);
        // The model: a frame at or below the newest seen is a repeat; the newest seen minus 1 minus the
        // frames that advanced it is what was skipped over.
        let newest = 1;
        let advanced = 0;
        for (const seq of seqs)
          if (seq > newest) {
            newest = seq;
            advanced += 1;
          }
        expect(tally.last).toBe(newest);
        expect(tally.duplicated).toBe(seqs.length - advanced);
        expect(tally.skipped).toBe(newest - 1 - advanced);
      }),
    );
  });

  it('times the resume after a close, and the first frame stamped after `since`', () => {
    const tally = new FrameTally();
    tally.data(2, '{"t":5}', 10);
    expect([tally.closedAt, tally.resumedAt, tally.firstAfter]).toEqual([undefined, undefined, undefined]);
    tally.closed(20);
    tally.watch(7);
    tally.data(3, '{"t":6.5}', 30);
    tally.data(4, '{"t":7.25}', 40);
    tally.data(5, '{"t":9}', 50);
    expect([tally.closedAt, tally.resumedAt, tally.firstAfter]).toEqual([20, 30, 40]);
    // A new close starts a new resume; a new watch a new timing.
    tally.closed(60);
    expect(tally.resumedAt).toBeUndefined();
    tally.watch(100);
    expect(tally.firstAfter).toBeUndefined();
  });
});
