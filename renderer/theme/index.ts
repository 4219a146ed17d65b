/** Theme: the documented `--suip-*` tokens and the shared element styles. */
export { THEME_TOKENS, themeRoot } from './tokens.ts';
export { TOKEN_DESCRIPTIONS } from './token-descriptions.ts';
export { baseStyles, fieldStyles } from './base-styles.ts';
