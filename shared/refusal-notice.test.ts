import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { REFUSAL_NOTICES_PER_SECOND, createNoticeGate, refusalNotice } from './refusal-notice.ts';

describe('refusal notices', () => {
  it('name the program path, what was refused and the fix, as a Refused warning', () => {
    expect(
      refusalNotice(
        ['root', 'list'],
        'link',
        'the link "javascript:x" was shown as plain text',
        'link to an https: URL',
      ),
    ).toEqual({
      code: ErrorCode.Refused,
      message:
        'at path ["root","list"]: the link "javascript:x" was shown as plain text; link to an https: URL (a warning: the rest of the UI is shown)',
      data: { path: ['root', 'list'], reason: 'link' },
    });
  });

  it('pass once per distinct notice, at most the budget per second, and then say how many were left out (model)', () => {
    // A reference model: per-second token bucket of REFUSAL_NOTICES_PER_SECOND, repeats of a passed notice never pass.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 20 })), { maxLength: 200 }),
        (steps) => {
          let t = 0;
          const gate = createNoticeGate(() => t);
          const passed: string[] = [];
          let heardOrSkipped = 0;
          for (const [dt, n] of steps) {
            t += dt;
            const out = gate(refusalNotice([String(n)], 'media', `media ${n}`, 'fix it'));
            if (out !== undefined) {
              passed.push(out.message);
              // No notice passes twice (its message is remembered; the memory holds 256 > 21 distinct).
              expect(passed.filter((m) => m.startsWith(`at path ["${n}"]`))).toHaveLength(1);
            } else heardOrSkipped += 1;
          }
          // Over any run, at most the burst plus the refill of the elapsed time passed.
          expect(passed.length).toBeLessThanOrEqual(
            REFUSAL_NOTICES_PER_SECOND + Math.floor((t * REFUSAL_NOTICES_PER_SECOND) / 1000) + 1,
          );
          expect(passed.length + heardOrSkipped).toBe(steps.length);
        },
      ),
    );
  });

  it('a burst beyond the budget: the next notice that passes counts the ones left out', () => {
    let t = 0;
    const gate = createNoticeGate(() => t);
    const out = Array.from({ length: 20 }, (_, i) => gate(refusalNotice([`a${i}`], 'link', `link ${i}`, 'fix')));
    expect(out.filter(Boolean)).toHaveLength(REFUSAL_NOTICES_PER_SECOND);
    t += 1000;
    expect(gate(refusalNotice(['b'], 'link', 'link b', 'fix'))?.message).toMatch(
      /\(12 more refusals were not reported: too many per second\)$/,
    );
    // One that was left out is reported once it comes again (it was never heard).
    expect(gate(refusalNotice(['a19'], 'link', 'link 19', 'fix'))).toBeDefined();
  });
});
