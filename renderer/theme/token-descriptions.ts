/**
 * What each theme token (`THEME_TOKENS`, tokens.ts) is used for: the "used for" column of
 * docs/vocabulary.md's theming table. Documentation only, in a module of its own so that the
 * renderer's entry, which needs each token's name and values, does not carry these sentences
 * (issue 31's size budget); `token-descriptions.test.ts` holds the two lists to the same tokens.
 */
export const TOKEN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '--suip-color-bg': 'Page background behind the tree.',
  '--suip-color-fg': 'Body text.',
  '--suip-color-muted': 'Secondary text (hints, captions, dates).',
  '--suip-color-surface': 'Cards, modals, inputs (raised a step above the background in dark mode).',
  '--suip-color-subtle': 'Quiet fills: table headers, the other side of a chat, kanban columns, hovers.',
  '--suip-color-border': 'Borders of form controls (meets 3:1 against the background).',
  '--suip-color-border-subtle': 'Dividers and the outlines of cards and sections.',
  '--suip-color-accent': 'Links, focus ring, selected tab, chart series 1.',
  '--suip-color-on-accent': 'Text on accent-coloured buttons.',
  '--suip-color-accent-strong': 'Primary button background, your own chat messages.',
  '--suip-color-danger': 'Errors, danger buttons, a falling trend.',
  '--suip-color-info': 'Info tone (icons, tints).',
  '--suip-color-success': 'Success tone, a rising trend.',
  '--suip-color-warning': 'Warning tone.',
  '--suip-color-series-2': 'Chart series 2.',
  '--suip-color-series-3': 'Chart series 3.',
  '--suip-color-series-4': 'Chart series 4.',
  '--suip-radius': 'Corner radius of cards; controls use 0.6 of it, chips are round.',
  '--suip-space': 'Base spacing unit; the scale --_space-1…6 (¼, ½, ¾… 2×) follows it, so one token sets the density.',
  '--suip-font': 'Font family.',
  '--suip-font-mono': 'Code font family.',
  '--suip-font-size': 'Body text size; the type scale (0.8, 0.9, 1, 1.15, 1.4, 1.85×) is relative to it.',
  '--suip-shadow-1': 'Elevation of cards (the only raised thing in flow).',
  '--suip-shadow-2': 'Elevation of overlays (modal, menus).',
};
