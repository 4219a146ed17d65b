import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import { THEME_TOKENS } from '../../renderer/theme/tokens.ts';
import { isSafeStyleValue, MCP_TO_SUIP_TOKENS } from '../../shared/neighbours/mcp-apps/theme-map.ts';

/**
 * The host's theme as MCP Apps style variables (`hostContext.styles.variables`, spec §theming), so
 * a hosted app looks like the page around it: each MCP variable takes the suip token it maps to
 * (the reverse of the view's `suipTokensFromHostStyles`), as the host's page sets it on or above
 * `element`, or suip's default for `theme` when the page sets none. Values that could load or
 * escape are left out, as the view side leaves them out.
 */
export function hostStyleVariables(element: Element, theme: 'light' | 'dark'): McpUiStyles {
  const computed = getComputedStyle(element);
  const variables: Record<string, string> = {};
  for (const [mcp, suip] of MCP_TO_SUIP_TOKENS) {
    // Several suip tokens share one MCP variable: the first in the table names it.
    if (mcp in variables) continue;
    const value = computed.getPropertyValue(suip).trim() || THEME_TOKENS.find((token) => token.name === suip)?.[theme];
    if (value !== undefined && isSafeStyleValue(value)) variables[mcp] = value;
  }
  return variables as McpUiStyles;
}
