import { McpServer } from '@modelcontextprotocol/server';
import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { z } from 'zod';
import { CHECK_TOOL, MCP_APP_LIMITS, RENDER_TOOL, SUIP_APP_URI } from '../../shared/neighbours/mcp-apps/constants.ts';
import { checkProgram } from '../runtime/program-check.ts';
import { createRenderTool, type RenderModel } from './render-tool.ts';

/** What one suip MCP server needs. */
export interface SuipMcpServerOptions {
  /** The HTML of `ui://suip/app.html` (from `loadAppHtml`). */
  appHtml: string;
  /** The model that turns a `request` into a program; without one `program` is required. */
  model?: RenderModel;
  version?: string;
}

/** The JSON types, for `data`'s schema. */
const JSON_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'];

const PROGRAM_HELP =
  'A suip program is JavaScript run in a sandbox with a global `suip` ({text, group, render, ' +
  'onInput, output}); it ends with render(group(type, [[role, child], …], {on: {click: fn}})). ' +
  'In an MCP host it hears `suip.onInput("mcp.tool-input" | "mcp.tool-result" | ' +
  '"mcp.call-result" | "mcp.host-context", fn)` and may `suip.output("mcp.call-tool", {name, ' +
  'arguments, id})` (the answer comes on "mcp.call-result"), `suip.output("mcp.message", ' +
  'text)`, `suip.output("mcp.open-link", url)` or `suip.output("mcp.model-context", text)`.';

/**
 * A factory of MCP servers (one per connection or HTTP request, as the SDK's serving entries
 * want) exposing suip as an MCP App: `suip_render` shows a program (given, or written by the
 * model from `request`) in the view `ui://suip/app.html`; `suip_check` checks a program without
 * showing it (the model's quick repair step, and a tool programs can call from the view).
 */
export function createSuipMcpServerFactory(options: SuipMcpServerOptions): () => McpServer {
  const render = createRenderTool(options.model);
  return () => {
    const server = new McpServer(
      { name: 'suip', version: options.version ?? '0.1.0' },
      { capabilities: { tools: {}, resources: {} } },
    );
    registerAppTool(
      server,
      RENDER_TOOL,
      {
        title: 'Show a suip UI',
        description:
          `Show an interactive UI in the conversation. Pass \`program\` (a suip program) or ` +
          `\`request\` (what the UI should do; the server's model writes the program, when one is ` +
          `configured). \`data\` reaches the program on "mcp.tool-result". ${PROGRAM_HELP}`,
        inputSchema: {
          program: z
            .string()
            .max(MCP_APP_LIMITS.maxProgramChars)
            .optional()
            .describe('A suip program (JavaScript) to show.'),
          request: z
            .string()
            .max(MCP_APP_LIMITS.maxRequestChars)
            .optional()
            .describe("What the UI should do, for the server's model to write as a program."),
          // Typed: a schema without a type keyword is flagged by strict clients (the MCP Inspector); any JSON value is
          // fine.
          data: z
            .unknown()
            .meta({ type: JSON_TYPES })
            .optional()
            .describe('Any JSON the program should show; it hears it on "mcp.tool-result".'),
        },
        _meta: { ui: { resourceUri: SUIP_APP_URI } },
      },
      async (args, ctx) => {
        const answer = await render(args, ctx.mcpReq.signal);
        return {
          content: [{ type: 'text', text: answer.text }],
          structuredContent: { ...answer.structured },
          isError: answer.isError,
        };
      },
    );
    server.registerTool(
      CHECK_TOOL,
      {
        title: 'Check a suip program',
        description:
          `Check a suip program without showing it: it must parse, call render, and name ` +
          `only group types of the vocabulary (as render() checks). ${PROGRAM_HELP}`,
        inputSchema: { program: z.string().max(MCP_APP_LIMITS.maxProgramChars).describe('The suip program to check.') },
      },
      async ({ program }) => {
        const check = checkProgram(program);
        // A failed check is a tool error (isError), so a host or model reading only that flag sees it.
        return {
          content: [
            {
              type: 'text',
              text: check.ok
                ? 'ok: the program parses, calls render and names only types of the vocabulary'
                : check.error,
            },
          ],
          structuredContent: { ...check },
          isError: !check.ok,
        };
      },
    );
    registerAppResource(
      server,
      'suip view',
      SUIP_APP_URI,
      { description: "Runs a suip program in suip's sandbox inside the host's view.", mimeType: RESOURCE_MIME_TYPE },
      async () => ({
        contents: [
          {
            uri: SUIP_APP_URI,
            mimeType: RESOURCE_MIME_TYPE,
            text: options.appHtml,
            // Exactly what the page needs: it loads nothing and connects nowhere (its program reaches
            // nothing but the host); `blob:` is its program's Worker, which hosts building the spec's
            // policy put in script-src (a Worker falls back to it when there is no worker-src).
            _meta: { ui: { csp: { connectDomains: [], resourceDomains: ['blob:'] }, prefersBorder: false } },
          },
        ],
      }),
    );
    return server;
  };
}
