import { describe, expect, it } from 'vitest';
import { ModelChoice } from './model-choice.ts';

describe('ModelChoice: model.list and model.set', () => {
  it('lists the current model first, each name once, and switches only to a known model', () => {
    const models = new ModelChoice('m-endpoint', ['m-a', 'm-endpoint', 'm-b']);
    expect(models.list()).toEqual({ provider: 'openai', models: ['m-endpoint', 'm-a', 'm-b'], current: 'm-endpoint' });
    expect(models.set({ name: 'm-b' })).toEqual({ provider: 'openai', name: 'm-b' });
    expect(models.current).toBe('m-b');
    expect(models.list().models).toEqual(['m-b', 'm-a', 'm-endpoint']);
    expect(() => models.set({ name: 'm-x' })).toThrow('unknown model m-x; model.list names the models');
    expect(models.current).toBe('m-b');
  });

  it('can always go back to the endpoint model, even when the offered list omits it', () => {
    const models = new ModelChoice('m-endpoint', ['m-a']);
    models.set({ name: 'm-a', provider: 'openai' });
    expect(models.set({ name: 'm-endpoint' }).name).toBe('m-endpoint');
  });
});
