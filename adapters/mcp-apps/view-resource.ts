import { getToolUiResourceUri, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { McpAppError } from './mcp-app-error.ts';

/** Pages of `tools/list` read at most: a server that never stops paging is cut off. */
const MAX_TOOL_PAGES = 20;

/** A tool's view as its server serves it: the tool, its `ui://` resource and the resource's HTML and CSP. */
export interface ViewResource {
  /** Every tool of the server (the view's own calls are checked against them). */
  tools: Tool[];
  tool: Tool;
  uri: string;
  html: string;
  /** The CSP the resource declares (`_meta.ui.csp`), when it declares one. */
  csp?: object;
}

/** Every tool of the server, page by page (at most 20 pages: a server that never stops paging is cut off). */
async function listAllTools(client: Pick<Client, 'listTools'>): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const answer = await client.listTools(cursor !== undefined ? { cursor } : undefined);
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/**
 * Reads the view of the tool named `toolName` through the host's client: the tool must link a
 * `ui://` resource holding exactly one HTML content, text or base64, within the resource bound.
 */
export async function readViewResource(
  client: Pick<Client, 'listTools' | 'readResource'>,
  toolName: string,
): Promise<ViewResource> {
  const tools = await listAllTools(client);
  const tool: Tool | undefined = tools.find((candidate) => candidate.name === toolName);
  if (tool === undefined)
    throw new McpAppError(
      'unknown-tool',
      `the server has no tool ${JSON.stringify(toolName)}; it has ${tools.map((t) => t.name).join(', ') || 'none'}`,
    );
  const uri = getToolUiResourceUri(tool);
  if (uri === undefined || !uri.startsWith('ui://'))
    throw new McpAppError('no-ui', `the tool ${tool.name} links no ui:// resource (_meta.ui.resourceUri)`);
  const resource = await client.readResource({ uri });
  const content = resource.contents.length === 1 ? resource.contents[0] : undefined;
  if (content === undefined || content.mimeType !== RESOURCE_MIME_TYPE)
    throw new McpAppError('bad-resource', `${uri} must be exactly one ${RESOURCE_MIME_TYPE} content`);
  const html =
    'text' in content && typeof content.text === 'string'
      ? content.text
      : 'blob' in content && typeof content.blob === 'string'
        ? decodeBase64(content.blob)
        : undefined;
  // SECURITY: the resource is hostile input: bounded before it goes anywhere.
  if (html === undefined || html.length > MCP_APP_LIMITS.maxResourceBytes)
    throw new McpAppError(
      'bad-resource',
      `${uri} is not HTML text of at most ${MCP_APP_LIMITS.maxResourceBytes} bytes`,
    );
  const declared = (content._meta as { ui?: { csp?: unknown } } | undefined)?.ui?.csp;
  const csp = typeof declared === 'object' && declared !== null ? declared : undefined;
  return { tools, tool, uri, html, ...(csp !== undefined ? { csp } : {}) };
}
