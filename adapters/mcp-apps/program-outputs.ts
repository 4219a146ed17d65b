import { compile } from '../../shared/check.ts';
import { INPUT_CHANNELS, MCP_APP_LIMITS, OUTPUT_CHANNELS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { CallToolOutput, OpenLinkOutput, TextOutput, type CallToolAnswer } from '../../shared/neighbours/mcp-apps/outputs.ts';
import { withinBytes } from '../../shared/message.ts';

/** The part of the SDK's `App` the page routes program outputs to (the real `App` satisfies it). */
export interface ViewHost {
  callServerTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<{ content?: unknown; structuredContent?: unknown; isError?: boolean }>;
  sendMessage(params: { role: 'user'; content: { type: 'text'; text: string }[] }): Promise<{ isError?: boolean }>;
  openLink(params: { url: string }): Promise<{ isError?: boolean }>;
  updateModelContext(params: { content: { type: 'text'; text: string }[] }): Promise<unknown>;
}

/** Every output channel the page allows a program (passed to `attach({outputs})`). */
export const PROGRAM_OUTPUTS: readonly string[] = Object.values(OUTPUT_CHANNELS);

const callTool = compile(CallToolOutput);
const text = compile(TextOutput);
const link = compile(OpenLinkOutput);

/** The tool result's text blocks, joined (bounded: a program is told, not flooded). */
function joinedText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is { type: 'text'; text: string } => typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text' && typeof (block as { text?: unknown }).text === 'string')
    .map((block) => block.text)
    .join('\n')
    .slice(0, 16_000);
}

/**
 * Turns a program's `suip.output` values into MCP Apps requests through the host, each checked
 * first (the program is hostile). Every `mcp.call-tool` gets exactly one answer on
 * `mcp.call-result`: the tool's result, or why it did not run; the other channels report a refusal
 * as a `problem` (shown to the user by the page) since the program has no answer channel for them.
 */
export function createOutputRouter(host: ViewHost, answer: (channel: string, value: unknown) => void, problem: (message: string) => void): (channel: string, value: unknown) => void {
  let inFlight = 0;
  const reply = (value: CallToolAnswer) => answer(INPUT_CHANNELS.callToolResult, value);

  function onCallTool(value: unknown): void {
    if (!callTool.check(value)) {
      const name = typeof (value as { name?: unknown } | null)?.name === 'string' ? String((value as { name: string }).name).slice(0, 128) : '';
      return reply({ name, ok: false, text: '', error: `output("${OUTPUT_CHANNELS.callTool}", …) takes {name, arguments?, id?}: ${callTool.firstError(value)}` });
    }
    const base = { name: value.name, ...(value.id !== undefined ? { id: value.id } : {}) };
    if (value.arguments !== undefined && !withinBytes(JSON.stringify(value.arguments), MCP_APP_LIMITS.maxCallArgumentsBytes)) {
      return reply({ ...base, ok: false, text: '', error: `the arguments of ${value.name} are larger than ${MCP_APP_LIMITS.maxCallArgumentsBytes} bytes of JSON; send less` });
    }
    // SECURITY: a program cannot queue unbounded requests at the host; the excess is refused at once.
    if (inFlight >= MCP_APP_LIMITS.maxCallsInFlight) {
      return reply({ ...base, ok: false, text: '', error: `${MCP_APP_LIMITS.maxCallsInFlight} tool calls are already in flight; wait for an answer on "${INPUT_CHANNELS.callToolResult}" before calling again` });
    }
    inFlight += 1;
    host
      .callServerTool({ name: value.name, ...(value.arguments !== undefined ? { arguments: value.arguments } : {}) })
      .then(
        (result) => {
          const body = joinedText(result.content);
          reply({ ...base, ok: result.isError !== true, text: body, ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}), ...(result.isError === true ? { error: body || `the tool ${value.name} failed` } : {}) });
        },
        (error: unknown) => reply({ ...base, ok: false, text: '', error: `the host did not run ${value.name}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000) }),
      )
      .finally(() => (inFlight -= 1));
  }

  function refused(channel: string, why: string | undefined): void {
    problem(`output("${channel}", …) was refused: ${why ?? 'not a valid value'}`);
  }

  return (channel, value) => {
    switch (channel) {
      case OUTPUT_CHANNELS.callTool:
        return onCallTool(value);
      case OUTPUT_CHANNELS.message:
        if (!text.check(value)) return refused(channel, text.firstError(value));
        void host.sendMessage({ role: 'user', content: [{ type: 'text', text: value }] }).then(
          (result) => (result.isError === true ? problem('the host did not accept the message') : undefined),
          (error: unknown) => problem(`the host did not accept the message: ${String(error)}`),
        );
        return;
      case OUTPUT_CHANNELS.modelContext:
        if (!text.check(value)) return refused(channel, text.firstError(value));
        void host.updateModelContext({ content: [{ type: 'text', text: value }] }).catch((error: unknown) => problem(`the host did not take the context: ${String(error)}`));
        return;
      case OUTPUT_CHANNELS.openLink:
        if (!link.check(value)) return refused(channel, link.firstError(value));
        void host.openLink({ url: value }).then(
          (result) => (result.isError === true ? problem(`the host did not open ${value}`) : undefined),
          (error: unknown) => problem(`the host did not open ${value}: ${String(error)}`),
        );
        return;
      default:
        return refused(channel, 'no such MCP channel');
    }
  };
}
