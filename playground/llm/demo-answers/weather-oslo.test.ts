import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { weatherOslo, withProgramHead } from './weather-oslo.ts';

const example = readFileSync(new URL('../../../examples/weather-card.js', import.meta.url), 'utf8');

describe('the Oslo weather recording', () => {
  it("is the weather-card example's body under Oslo's data", () => {
    const body = example.slice(example.indexOf("let unit = 'C';"));
    expect(weatherOslo.endsWith(body)).toBe(true);
    expect(weatherOslo).toContain("const city = 'Oslo';");
    expect(weatherOslo).not.toContain('Lisbon');
  });

  it('refuses a program without the line its body starts at', () => {
    expect(withProgramHead('a\nb\n', 'h\n', 'b')).toBe('h\nb\n');
    expect(() => withProgramHead('a\n', 'h\n', 'let unit')).toThrow(/no line "let unit" to start its body at/);
  });
});
