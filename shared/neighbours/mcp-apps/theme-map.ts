/**
 * MCP Apps host style variables (`hostContext.styles.variables`, spec §theming) → suip theme tokens
 * (`--suip-*`, renderer/theme/tokens.ts). The two vocabularies differ: MCP names a scale of
 * backgrounds/texts/borders per tone, suip names roles (bg, surface, subtle, accent…). Each suip
 * token takes the MCP variable closest in meaning; tokens with no counterpart keep suip's defaults.
 */
export const MCP_TO_SUIP_TOKENS: readonly (readonly [mcp: string, suip: string])[] = [
  ['--color-background-primary', '--suip-color-bg'],
  ['--color-background-primary', '--suip-color-surface'],
  ['--color-background-secondary', '--suip-color-subtle'],
  ['--color-text-primary', '--suip-color-fg'],
  ['--color-text-secondary', '--suip-color-muted'],
  ['--color-border-primary', '--suip-color-border'],
  ['--color-border-secondary', '--suip-color-border-subtle'],
  ['--color-ring-primary', '--suip-color-accent'],
  ['--color-background-inverse', '--suip-color-accent-strong'],
  ['--color-text-inverse', '--suip-color-on-accent'],
  ['--color-text-danger', '--suip-color-danger'],
  ['--color-text-info', '--suip-color-info'],
  ['--color-text-success', '--suip-color-success'],
  ['--color-text-warning', '--suip-color-warning'],
  ['--font-sans', '--suip-font'],
  ['--font-mono', '--suip-font-mono'],
  ['--font-text-md-size', '--suip-font-size'],
  ['--border-radius-md', '--suip-radius'],
  ['--shadow-sm', '--suip-shadow-1'],
  ['--shadow-lg', '--suip-shadow-2'],
];

/** The longest style value taken from a host (characters); a theme value is a colour, a size or a font stack. */
export const MAX_STYLE_VALUE_CHARS = 300;

/**
 * Which suip tokens to set from a host's style variables. A value is hostile text: it is taken
 * only when short and free of anything that could load or escape (`url(`, `image-set(`,
 * `@import`, `expression(`, braces, semicolons, backslashes, angle brackets); others are skipped.
 */
export function suipTokensFromHostStyles(variables: unknown): Map<string, string> {
  const tokens = new Map<string, string>();
  if (typeof variables !== 'object' || variables === null) return tokens;
  const record = variables as Record<string, unknown>;
  for (const [mcp, suip] of MCP_TO_SUIP_TOKENS) {
    if (!Object.hasOwn(record, mcp)) continue;
    const value = record[mcp];
    if (typeof value === 'string' && isSafeStyleValue(value)) tokens.set(suip, value.trim());
  }
  return tokens;
}

/** True for a CSS value that can only paint: no resource loads, no declaration or rule breaks. */
export function isSafeStyleValue(value: string): boolean {
  if (value.trim() === '' || value.length > MAX_STYLE_VALUE_CHARS) return false;
  // SECURITY: nothing that fetches (url(), image-set(), src(), @import) or ends the declaration.
  return !/[;{}<>\\]|url\s*\(|image-set\s*\(|src\s*\(|@import|expression\s*\(/i.test(value);
}
