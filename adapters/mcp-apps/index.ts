/** suip's MCP Apps host side: show any MCP server's tool UI in a suip host, through the spec's sandbox proxy. */
export { showMcpApp } from './show-mcp-app.ts';
export type { McpAppView, ShowMcpAppOptions } from './show-mcp-app.ts';
export { SuipMcpApp, defineSuipMcpApp } from './suip-mcp-app.ts';
export { McpAppError, MCP_APP_ERROR_CODES } from './mcp-app-error.ts';
export type { McpAppErrorCode } from './mcp-app-error.ts';
export { forgetConsents, MAX_REMEMBERED_ANSWERS } from './tool-consent.ts';
export type { ConsentAnswer, ToolConsent, ToolCallRequest } from './tool-consent.ts';
export { sandboxProxyDocument, VIEW_SANDBOX } from '../../shared/neighbours/mcp-apps/sandbox-proxy.ts';
export { viewCsp } from '../../shared/neighbours/mcp-apps/view-csp.ts';
