import { describe, expect, it } from 'vitest';
import { TOKEN_DESCRIPTIONS } from './token-descriptions.ts';
import { THEME_TOKENS } from './tokens.ts';

describe('TOKEN_DESCRIPTIONS', () => {
  it('describes exactly the theme tokens, each in a sentence', () => {
    expect(Object.keys(TOKEN_DESCRIPTIONS).sort()).toEqual(THEME_TOKENS.map((t) => t.name).sort());
    for (const [name, text] of Object.entries(TOKEN_DESCRIPTIONS)) expect(text, name).toMatch(/^[A-Z].*\.$/);
  });
});
