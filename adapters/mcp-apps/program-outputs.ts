import { compile } from '../../shared/check.ts';
import { OUTPUT_CHANNELS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { OpenLinkOutput, TextOutput } from '../../shared/neighbours/mcp-apps/outputs.ts';
import { createChannelBudget } from './channel-budget.ts';
import { ProgramToolCalls } from './program-tool-calls.ts';
import { urlCredentials } from '../../core/policy/url-policy.ts';

/** The part of the SDK's `App` the page routes program outputs to (the real `App` satisfies it). */
export interface ViewHost {
  callServerTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
  }): Promise<{ content?: unknown; structuredContent?: unknown; isError?: boolean }>;
  sendMessage(params: { role: 'user'; content: { type: 'text'; text: string }[] }): Promise<{ isError?: boolean }>;
  openLink(params: { url: string }): Promise<{ isError?: boolean }>;
  updateModelContext(params: { content: { type: 'text'; text: string }[] }): Promise<unknown>;
}

/** Every output channel the page allows a program (passed to `attach({outputs})`). */
export const PROGRAM_OUTPUTS: readonly string[] = Object.values(OUTPUT_CHANNELS);

const text = compile(TextOutput);
const link = compile(OpenLinkOutput);

/**
 * Turns a program's `suip.output` values into MCP Apps requests through the host, each checked
 * first (the program is hostile). Every `mcp.call-tool` gets exactly one answer on
 * `mcp.call-result`: the tool's result, or why it did not run; the other channels report a refusal
 * as a `problem` (shown to the user by the page) since the program has no answer channel for them.
 */
export function createOutputRouter(
  host: ViewHost,
  answer: (channel: string, value: unknown) => void,
  problem: (message: string) => void,
  now?: () => number,
): (channel: string, value: unknown) => void {
  const toolCalls = new ProgramToolCalls(host, answer);
  const budgets = {
    [OUTPUT_CHANNELS.message]: createChannelBudget('message', now),
    [OUTPUT_CHANNELS.openLink]: createChannelBudget('open-link', now),
    [OUTPUT_CHANNELS.modelContext]: createChannelBudget('model-context', now),
  };

  function refused(channel: string, why: string | undefined): void {
    problem(`output("${channel}", …) was refused: ${why ?? 'not a valid value'}`);
  }

  /** Sends one fire-and-forget request under its channel's budget; a refusal or failure is a problem, never silent. */
  function limited(channel: keyof typeof budgets, request: () => Promise<unknown>): void {
    const budget = budgets[channel];
    const why = budget.take();
    if (why !== undefined) return refused(channel, why);
    void request()
      .catch((error: unknown) => problem(`output("${channel}", …) failed at the host: ${String(error)}`.slice(0, 2000)))
      .finally(() => budget.done());
  }

  return (channel, value) => {
    switch (channel) {
      case OUTPUT_CHANNELS.callTool:
        return toolCalls.call(value);
      case OUTPUT_CHANNELS.message:
        if (!text.check(value)) return refused(channel, text.firstError(value));
        return limited(channel, () =>
          host
            .sendMessage({ role: 'user', content: [{ type: 'text', text: value }] })
            .then((result) => (result.isError === true ? problem('the host did not accept the message') : undefined)),
        );
      case OUTPUT_CHANNELS.modelContext:
        if (!text.check(value)) return refused(channel, text.firstError(value));
        return limited(channel, () => host.updateModelContext({ content: [{ type: 'text', text: value }] }));
      case OUTPUT_CHANNELS.openLink: {
        if (!link.check(value)) return refused(channel, link.firstError(value));
        // SECURITY: a link whose userinfo dresses a host as another (`https://claude.ai@evil.example`) never reaches
        // the host.
        const credentials = urlCredentials(value);
        if (credentials !== undefined) return refused(channel, credentials);
        return limited(channel, () =>
          host
            .openLink({ url: value })
            .then((result) => (result.isError === true ? problem(`the host did not open ${value}`) : undefined)),
        );
      }
      default:
        return refused(channel, 'no such MCP channel');
    }
  };
}
