import { isToolVisibilityAppOnly, isToolVisibilityModelOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { consents, type ToolConsent } from './tool-consent.ts';

/** Tool calls a view may start per second. */
const VIEW_CALLS_PER_SECOND = 10;

/** What a view's tool calls go through: the host's client, the server's tools and the host's consent rule. */
export interface ViewToolCallOptions {
  client: Pick<Client, 'callTool'>;
  tools: readonly Tool[];
  /** The view's `ui://` resource (the app a consent answer is remembered for). */
  uri: string;
  consent?: ToolConsent;
}

function refuse(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * A view's `tools/call` requests (`AppBridge.oncalltool`): only the server's tools the model-only
 * rule leaves to a view, under a rate and an in-flight budget, each through the host's consent.
 */
export class ViewToolCalls {
  readonly #calls = createRateBudget(VIEW_CALLS_PER_SECOND);
  #inFlight = 0;
  readonly #options: ViewToolCallOptions;

  constructor(options: ViewToolCallOptions) {
    this.#options = options;
  }

  /** Runs one call from the view, or answers why it did not run (an `isError` result). */
  async call(params: { name: unknown; arguments?: unknown }): Promise<CallToolResult> {
    const { client, tools, uri, consent } = this.#options;
    const call = {
      name: String(params.name).slice(0, MCP_APP_LIMITS.maxToolNameChars),
      arguments: (params.arguments ?? {}) as Record<string, unknown>,
      app: uri,
    };
    const target = tools.find((candidate) => candidate.name === call.name);
    if (target === undefined) return refuse(`the server has no tool ${JSON.stringify(call.name)}`);
    if (isToolVisibilityModelOnly(target))
      return refuse(`the tool ${call.name} is for the model only; a view cannot call it`);
    // SECURITY: a view cannot flood the server through the host: a rate and an in-flight budget.
    if (!this.#calls.take() || this.#inFlight >= MCP_APP_LIMITS.maxCallsInFlight)
      return refuse('too many tool calls from this view; wait for the answers before calling again');
    // Counted before the consent prompt: calls waiting on the user hold a place too, so prompts cannot pile up.
    this.#inFlight += 1;
    try {
      // Answers the user asked to remember hold for this client (the session with this server), per app and tool.
      const allowed = await consents(consent, call, client, isToolVisibilityAppOnly(target));
      if (!allowed) return refuse(`the host did not allow the view to call ${call.name}`);
      return (await client.callTool({ name: call.name, arguments: call.arguments })) as CallToolResult;
    } finally {
      this.#inFlight -= 1;
    }
  }
}
