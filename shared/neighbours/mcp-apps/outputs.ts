import { Type, type Static } from '@sinclair/typebox';
import { MCP_APP_LIMITS } from './constants.ts';

/**
 * What a suip program may send on the MCP output channels. The program is hostile: the page
 * checks each value against these schemas before it becomes an MCP Apps request, and answers a
 * refused one on `mcp.call-result` with a reason the model can act on.
 */

const ToolName = Type.String({
  minLength: 1,
  maxLength: MCP_APP_LIMITS.maxToolNameChars,
  pattern: '^[A-Za-z0-9_.\\-/]+$',
});

/** `mcp.call-tool`: call a tool of the MCP server that served this view (through the host, with its consent). */
export const CallToolOutput = Type.Object(
  {
    name: ToolName,
    arguments: Type.Optional(Type.Record(Type.String({ maxLength: 256 }), Type.Unknown())),
    /** Echoed on the answer, so a program with several calls in flight knows which one came back. */
    id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()])),
  },
  { additionalProperties: false },
);
/** A `mcp.call-tool` value. */
export type CallToolOutput = Static<typeof CallToolOutput>;

/** `mcp.message` / `mcp.model-context`: text for the conversation (a user turn, or context for the next one). */
export const TextOutput = Type.String({ minLength: 1, maxLength: MCP_APP_LIMITS.maxMessageChars });

/** `mcp.open-link`: an http(s) URL the host may open (it asks, or refuses). The page also refuses userinfo (`https://claude.ai@evil.example`) with the renderer's URL policy check. */
export const OpenLinkOutput = Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' });

/** The answer to one `mcp.call-tool` output, sent on `mcp.call-result`. */
export interface CallToolAnswer {
  name: string;
  id?: string | number;
  ok: boolean;
  /** The tool's `structuredContent`, when it has one. */
  structured?: unknown;
  /** The tool's text content, joined. */
  text: string;
  /** Why the call did not happen or failed (refused by the host, bad arguments, budget). */
  error?: string;
}
