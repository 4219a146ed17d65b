import { describe, expect, it } from 'vitest';
import { labelStride } from './chart-data.ts';

describe('labelStride', () => {
  it('draws every label when they fit, and thins many or long ones so none overlaps the next', () => {
    // Five short labels on a 360-unit axis: 72 units each, plenty.
    expect(labelStride(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], 72)).toBe(1);
    // Thirty labels of "-15 s": 12 units each, a label needs ~39: every 4th is drawn.
    const times = Array.from({ length: 30 }, (_, i) => `-${30 - i} s`);
    const stride = labelStride(times, 12);
    expect(stride).toBeGreaterThan(1);
    // Whatever the stride, two drawn labels are at least one label's width apart.
    expect(stride * 12).toBeGreaterThanOrEqual(5 * 6.6);
    // Long city names on a bar chart of ten.
    expect(
      labelStride(
        ['Berlin', 'Madrid', 'Hamburg', 'Munich', 'Valencia', 'Seville', 'Lisbon', 'Oslo', 'Porto', 'Bergen'],
        36,
      ),
    ).toBe(2);
    expect(labelStride([], 10)).toBe(1);
    expect(labelStride(['a'], 0)).toBe(1);
  });
});
