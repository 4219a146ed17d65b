import { describe, expect, it } from 'vitest';
import { isSafeStyleValue, suipTokensFromHostStyles } from './theme-map.ts';

describe('suipTokensFromHostStyles', () => {
  it('maps the host variables to the suip tokens closest in meaning', () => {
    const tokens = suipTokensFromHostStyles({
      '--color-background-primary': '#101010',
      '--color-text-primary': 'rgb(240 240 240)',
      '--font-sans': 'Inter, sans-serif',
      '--border-radius-md': '6px',
    });
    expect(Object.fromEntries(tokens)).toEqual({
      '--suip-color-bg': '#101010',
      '--suip-color-surface': '#101010',
      '--suip-color-fg': 'rgb(240 240 240)',
      '--suip-font': 'Inter, sans-serif',
      '--suip-radius': '6px',
    });
  });

  it('skips values that could load something or break out of the declaration', () => {
    for (const value of [
      'url(https://x.example/a.png)',
      'red; background: red',
      'image-set("a.png" 1x)',
      '@import "x"',
      '}',
      'a\\62 c',
      'x'.repeat(301),
      '',
    ])
      expect(isSafeStyleValue(value)).toBe(false);
    expect(suipTokensFromHostStyles({ '--color-text-primary': 'url(https://x.example)' }).size).toBe(0);
  });

  it('ignores anything that is not a record of strings, and inherited keys', () => {
    expect(suipTokensFromHostStyles(null).size).toBe(0);
    expect(suipTokensFromHostStyles('red').size).toBe(0);
    expect(suipTokensFromHostStyles(Object.create({ '--color-text-primary': 'red' })).size).toBe(0);
    expect(suipTokensFromHostStyles({ '--color-text-primary': 12 }).size).toBe(0);
  });
});
