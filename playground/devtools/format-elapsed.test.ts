import { describe, expect, it } from 'vitest';
import { formatElapsed } from './format-elapsed.ts';

describe('formatElapsed', () => {
  it('fits the op log time column (7 characters) at every scale', () => {
    expect(formatElapsed(0)).toBe('0 ms');
    expect(formatElapsed(532.4)).toBe('532 ms');
    expect(formatElapsed(1301.2)).toBe('1.30 s');
    expect(formatElapsed(99_994)).toBe('99.99 s');
    // The overflow: 128500.0ms ran into the generator column.
    expect(formatElapsed(128_500)).toBe('2:08.5');
    expect(formatElapsed(3_599_900)).toBe('59:59.9');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(999.6)).toBe('1.00 s');
    expect(formatElapsed(99_999)).toBe('1:40.0');
    expect(formatElapsed(3_599_999)).toBe('1:00:00');
    for (const ms of [0, 999.4, 999.6, 1000, 99_994, 99_999, 100_000, 3_599_949, 3_599_999, 35_999_000])
      expect(formatElapsed(ms).length, String(ms)).toBeLessThanOrEqual(7);
  });

  it('says nothing it cannot know', () => {
    expect(formatElapsed(Number.NaN)).toBe('–');
    expect(formatElapsed(-5)).toBe('–');
  });
});
