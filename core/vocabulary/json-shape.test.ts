import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeProblem, type JsonShape } from './json-shape.ts';

const series: JsonShape = {
  type: 'object',
  required: ['labels', 'datasets'],
  properties: {
    labels: { type: 'array', items: { type: 'scalar' } },
    datasets: {
      type: 'array',
      items: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { type: 'number' } } } },
    },
  },
};

describe('shapeProblem', () => {
  it('accepts a fitting value and names the first place a wrong one departs', () => {
    expect(shapeProblem({ labels: ['a', 1], datasets: [{ data: [1, 2] }] }, series)).toBeUndefined();
    expect(shapeProblem({ labels: [], series: [] }, series)).toBe('/: "datasets" is missing');
    expect(shapeProblem({ labels: [], datasets: [{ data: [1, 'x'] }] }, series)).toBe(
      '/datasets/0/data/1: expected a number, got string',
    );
    expect(shapeProblem([], series)).toBe('/: expected an object, got an array');
  });
  it('property: never throws, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => void shapeProblem(value, series)),
      { numRuns: 500 },
    );
  });
});
