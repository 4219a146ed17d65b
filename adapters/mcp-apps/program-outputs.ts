import { compile } from '../../shared/check.ts';
import { INPUT_CHANNELS, MCP_APP_LIMITS, OUTPUT_CHANNELS } from '../../shared/neighbours/mcp-apps/constants.ts';
import {
  CallToolOutput,
  OpenLinkOutput,
  TextOutput,
  type CallToolAnswer,
} from '../../shared/neighbours/mcp-apps/outputs.ts';
import { utf8Length, withinBytes } from '../../shared/message.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
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

const callTool = compile(CallToolOutput);
const text = compile(TextOutput);
const link = compile(OpenLinkOutput);

/** The tool result's text blocks, joined (bounded: a program is told, not flooded). */
function joinedText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        typeof block === 'object' &&
        block !== null &&
        (block as { type?: unknown }).type === 'text' &&
        typeof (block as { text?: unknown }).text === 'string',
    )
    .map((block) => block.text)
    .join('\n')
    .slice(0, 16_000);
}

/** The size of `value` as JSON text in UTF-8 bytes, or undefined when it is no JSON (a cycle, a BigInt). */
export function jsonBytes(value: unknown): number | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : utf8Length(text);
  } catch {
    return undefined;
  }
}

/**
 * One budget per fire-and-forget channel (message, open link, model context): a token-bucket rate
 * and one request in flight, so a program (or a view) in a loop cannot flood the host's
 * conversation or its link prompts. `take` returns why a request is refused, or undefined.
 */
export function createChannelBudget(what: string, now?: () => number): { take(): string | undefined; done(): void } {
  const rate = createRateBudget(MCP_APP_LIMITS.maxRequestsPerSecond, now);
  let busy = false;
  return {
    take() {
      if (busy) return `the previous ${what} is still with the host; wait until it is answered before sending another`;
      if (!rate.take())
        return `more than ${MCP_APP_LIMITS.maxRequestsPerSecond} ${what} requests per second; send fewer (this one was dropped, not queued)`;
      busy = true;
      return undefined;
    },
    done() {
      busy = false;
    },
  };
}

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
  let inFlight = 0;
  const budgets = {
    [OUTPUT_CHANNELS.message]: createChannelBudget('message', now),
    [OUTPUT_CHANNELS.openLink]: createChannelBudget('open-link', now),
    [OUTPUT_CHANNELS.modelContext]: createChannelBudget('model-context', now),
  };
  const reply = (value: CallToolAnswer) => {
    const size = jsonBytes(value);
    // Every call gets exactly one answer: a result too big to hand over becomes a refusal naming the bound.
    if (size === undefined || size > MCP_APP_LIMITS.maxInputValueBytes) {
      const shown = size === undefined ? 'not JSON' : `${size} bytes of JSON`;
      return answer(INPUT_CHANNELS.callToolResult, {
        name: value.name,
        ...(value.id !== undefined ? { id: value.id } : {}),
        ok: false,
        text: '',
        error: `the result of ${value.name} is ${shown}, over the ${MCP_APP_LIMITS.maxInputValueBytes}-byte limit of a value handed to the program; call it with arguments that ask for less`,
      } satisfies CallToolAnswer);
    }
    answer(INPUT_CHANNELS.callToolResult, value);
  };

  function onCallTool(value: unknown): void {
    if (!callTool.check(value)) {
      const name =
        typeof (value as { name?: unknown } | null)?.name === 'string'
          ? String((value as { name: string }).name).slice(0, 128)
          : '';
      return reply({
        name,
        ok: false,
        text: '',
        error: `output("${OUTPUT_CHANNELS.callTool}", …) takes {name, arguments?, id?}: ${callTool.firstError(value)}`,
      });
    }
    const base = { name: value.name, ...(value.id !== undefined ? { id: value.id } : {}) };
    if (
      value.arguments !== undefined &&
      !withinBytes(JSON.stringify(value.arguments), MCP_APP_LIMITS.maxCallArgumentsBytes)
    ) {
      return reply({
        ...base,
        ok: false,
        text: '',
        error: `the arguments of ${value.name} are larger than ${MCP_APP_LIMITS.maxCallArgumentsBytes} bytes of JSON; send less`,
      });
    }
    // SECURITY: a program cannot queue unbounded requests at the host; the excess is refused at once.
    if (inFlight >= MCP_APP_LIMITS.maxCallsInFlight) {
      return reply({
        ...base,
        ok: false,
        text: '',
        error: `${MCP_APP_LIMITS.maxCallsInFlight} tool calls are already in flight; wait for an answer on "${INPUT_CHANNELS.callToolResult}" before calling again`,
      });
    }
    inFlight += 1;
    host
      .callServerTool({ name: value.name, ...(value.arguments !== undefined ? { arguments: value.arguments } : {}) })
      .then(
        (result) => {
          const body = joinedText(result.content);
          reply({
            ...base,
            ok: result.isError !== true,
            text: body,
            ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}),
            ...(result.isError === true ? { error: body || `the tool ${value.name} failed` } : {}),
          });
        },
        (error: unknown) =>
          reply({
            ...base,
            ok: false,
            text: '',
            error:
              `the host did not run ${value.name}: ${error instanceof Error ? error.message : String(error)}`.slice(
                0,
                2000,
              ),
          }),
      )
      .finally(() => (inFlight -= 1));
  }

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
        return onCallTool(value);
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
