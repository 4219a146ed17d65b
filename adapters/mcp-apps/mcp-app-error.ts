/** Every way showing an MCP App in a suip host can fail, written once; hosts switch on `code`. */
export const MCP_APP_ERROR_CODES = [
  /** The server has no tool of that name. */
  'unknown-tool',
  /** The tool links no `ui://` resource (`_meta.ui.resourceUri`). */
  'no-ui',
  /** The resource is not one `text/html;profile=mcp-app` document within the size budget. */
  'bad-resource',
  /** The sandbox proxy or the view did not get ready in time. */
  'timeout',
  /** The view stopped answering (an endless loop, a crash) and was removed. */
  'unresponsive',
] as const;

/** A code from `MCP_APP_ERROR_CODES`. */
export type McpAppErrorCode = (typeof MCP_APP_ERROR_CODES)[number];

/** The error `showMcpApp` rejects with (and `<suip-mcp-app>` reports in its `mcp-app-error` event). */
export class McpAppError extends Error {
  constructor(
    readonly code: McpAppErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'McpAppError';
  }
}
