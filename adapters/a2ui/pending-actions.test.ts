import { describe, expect, it } from 'vitest';
import { MAX_PENDING_ACTIONS, PendingActions } from './pending-actions.ts';

describe('PendingActions', () => {
  it('issues fresh ids and answers each once', () => {
    const pending = new PendingActions();
    const a = pending.register({ surfaceId: 's', pointer: '/answer' });
    const b = pending.register({ surfaceId: 't' });
    expect(a).not.toBe(b);
    expect(pending.take(a)).toEqual({ surfaceId: 's', pointer: '/answer' });
    expect(pending.take(a)).toBeUndefined();
    expect(pending.take(b)).toEqual({ surfaceId: 't' });
    expect(pending.take('never-issued')).toBeUndefined();
  });

  it(`keeps at most ${MAX_PENDING_ACTIONS} unanswered actions, dropping the oldest`, () => {
    const pending = new PendingActions();
    const ids = Array.from({ length: MAX_PENDING_ACTIONS + 1 }, (_, i) => pending.register({ surfaceId: `s${i}` }));
    expect(pending.take(ids[0]!)).toBeUndefined();
    expect(pending.take(ids[1]!)).toEqual({ surfaceId: 's1' });
    expect(pending.take(ids.at(-1)!)).toEqual({ surfaceId: `s${MAX_PENDING_ACTIONS}` });
  });
});
