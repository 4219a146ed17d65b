import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingInputsOf } from './pending-input.ts';

describe('pending inputs belong to one view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a change in one renderer flushes its own pending input, never another renderer’s', () => {
    const fired: string[] = [];
    const viewA = {};
    const viewB = {};
    pendingInputsOf(viewA).debounce({}, () => fired.push('A typed'));
    pendingInputsOf(viewB).debounce({}, () => fired.push('B typed'));
    pendingInputsOf(viewB).flush();
    expect(fired).toEqual(['B typed']);
    vi.advanceTimersByTime(200);
    expect(fired).toEqual(['B typed', 'A typed']);
    expect(pendingInputsOf(viewA).size).toBe(0);
  });

  it('a newer keystroke replaces the pending one; a flush fires in scheduling order', () => {
    const fired: string[] = [];
    const inputs = pendingInputsOf({});
    const first = {};
    inputs.debounce(first, () => fired.push('first, old'));
    inputs.debounce({}, () => fired.push('second'));
    inputs.debounce(first, () => fired.push('first, new'));
    inputs.flush();
    expect(fired).toEqual(['first, new', 'second']);
  });
});
