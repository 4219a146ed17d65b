/**
 * The MCP Apps neighbour's fixed names and budgets (SEP-1865, `@modelcontextprotocol/ext-apps`
 * 2.x): what suip's MCP server registers, the data-plane channels a suip program uses inside an
 * MCP host, and the sizes both sides refuse beyond. Imported by the server, the page that runs
 * inside MCP hosts and the host component that shows MCP Apps in a suip host.
 */

/** The one UI resource suip's MCP server serves: the self-contained page that runs a suip program. */
export const SUIP_APP_URI = 'ui://suip/app.html';

/** The tool that shows a suip program (or one the server's model writes from a request) in the host. */
export const RENDER_TOOL = 'suip_render';

/** The tool that checks a program without showing it (the model's own repair step; also what a program can call). */
export const CHECK_TOOL = 'suip_check';

/**
 * Channels the page sends a program on the data plane (`suip.onInput(channel, fn)`):
 * the tool call's arguments, its result's `structuredContent.data`, the answer to each
 * `callTool` output, and the host context (theme, locale, display mode) whenever it changes.
 */
export const INPUT_CHANNELS = {
  toolInput: 'mcp.tool-input',
  toolResult: 'mcp.tool-result',
  callToolResult: 'mcp.call-result',
  hostContext: 'mcp.host-context',
} as const;

/**
 * Channels a program may send on (`suip.output(channel, value)`), each turned by the page into one
 * MCP Apps request through the host: `tools/call`, `ui/message`, `ui/open-link`,
 * `ui/update-model-context`.
 */
export const OUTPUT_CHANNELS = {
  callTool: 'mcp.call-tool',
  message: 'mcp.message',
  openLink: 'mcp.open-link',
  modelContext: 'mcp.model-context',
} as const;

/**
 * Budgets, enforced where a value enters (the server for tool arguments, the page for outputs, the host for resources).
 */
export const MCP_APP_LIMITS = {
  /** A program passed to `suip_render` (characters). */
  maxProgramChars: 200_000,
  /** A `request` the model turns into a program (characters). */
  maxRequestChars: 8_000,
  /** Arguments a program may send with one `callTool` output, serialized (bytes of JSON text). */
  maxCallArgumentsBytes: 64 * 1024,
  /** A `ui/message` or model-context text from a program (characters). */
  maxMessageChars: 8_000,
  /** `callTool` outputs in flight at once from one program; more are answered with an error. */
  maxCallsInFlight: 4,
  /**
   * `ui/message`, `ui/open-link` and `ui/update-model-context` requests per second per channel, from
   * a program or a hosted view (the burst is the same number); each channel also has one in flight.
   */
  maxRequestsPerSecond: 2,
  /**
   * A value the page hands a program on an input channel, serialized (bytes of JSON text): the
   * renderer's `maxMessageBytes` (1 MiB) less room for the JSON-RPC envelope. A larger tool result
   * is answered `ok: false` naming this bound instead of being lost.
   */
  maxInputValueBytes: (1 << 20) - 1024,
  /** The HTML of a UI resource a suip host accepts (bytes). */
  maxResourceBytes: 8 * 1024 * 1024,
  /** The tallest an MCP App view may ask its frame to be (px); larger size reports are clamped. */
  maxViewHeight: 4000,
  /** A tool name (characters); MCP's own recommendation. */
  maxToolNameChars: 128,
} as const;
