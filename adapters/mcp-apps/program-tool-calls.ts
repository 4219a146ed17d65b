import { compile } from '../../shared/check.ts';
import { INPUT_CHANNELS, MCP_APP_LIMITS, OUTPUT_CHANNELS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { CallToolOutput, type CallToolAnswer } from '../../shared/neighbours/mcp-apps/outputs.ts';
import { utf8Length, withinBytes } from '../../shared/message.ts';
import type { ViewHost } from './program-outputs.ts';

const callTool = compile(CallToolOutput);
/** Characters of a tool result's text handed to a program (it is told, not flooded). */
const MAX_RESULT_TEXT_CHARS = 16_000;
/** Characters of a host failure's text handed to a program. */
const MAX_ERROR_CHARS = 2000;

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
    .slice(0, MAX_RESULT_TEXT_CHARS);
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

/** The name a malformed call gave, for its answer (bounded), or '' when it gave none. */
function nameOf(value: unknown): string {
  const name = (value as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name.slice(0, 128) : '';
}

/**
 * A program's `mcp.call-tool` outputs, run through the host: each checked first (the program is
 * hostile), at most `maxCallsInFlight` at once, and each given exactly one answer on
 * `mcp.call-result` (the tool's result, or why it did not run).
 */
export class ProgramToolCalls {
  #inFlight = 0;
  readonly #host: ViewHost;
  readonly #answer: (channel: string, value: unknown) => void;

  constructor(host: ViewHost, answer: (channel: string, value: unknown) => void) {
    this.#host = host;
    this.#answer = answer;
  }

  /** Runs one `mcp.call-tool` output, or answers at once why it does not run. */
  call(value: unknown): void {
    if (!callTool.check(value)) {
      const error = `output("${OUTPUT_CHANNELS.callTool}", …) takes {name, arguments?, id?}: ${callTool.firstError(value)}`;
      return this.#reply({ name: nameOf(value), ok: false, text: '', error });
    }
    const base = { name: value.name, ...(value.id !== undefined ? { id: value.id } : {}) };
    const { maxCallArgumentsBytes, maxCallsInFlight } = MCP_APP_LIMITS;
    if (value.arguments !== undefined && !withinBytes(JSON.stringify(value.arguments), maxCallArgumentsBytes)) {
      const error = `the arguments of ${value.name} are larger than ${maxCallArgumentsBytes} bytes of JSON; send less`;
      return this.#reply({ ...base, ok: false, text: '', error });
    }
    // SECURITY: a program cannot queue unbounded requests at the host; the excess is refused at once.
    if (this.#inFlight >= maxCallsInFlight) {
      const error = `${maxCallsInFlight} tool calls are already in flight; wait for an answer on "${INPUT_CHANNELS.callToolResult}" before calling again`;
      return this.#reply({ ...base, ok: false, text: '', error });
    }
    this.#inFlight += 1;
    this.#host
      .callServerTool({ name: value.name, ...(value.arguments !== undefined ? { arguments: value.arguments } : {}) })
      .then(
        (result) => {
          const body = joinedText(result.content);
          this.#reply({
            ...base,
            ok: result.isError !== true,
            text: body,
            ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}),
            ...(result.isError === true ? { error: body || `the tool ${value.name} failed` } : {}),
          });
        },
        (error: unknown) => {
          const why = error instanceof Error ? error.message : String(error);
          const text = `the host did not run ${value.name}: ${why}`.slice(0, MAX_ERROR_CHARS);
          this.#reply({ ...base, ok: false, text: '', error: text });
        },
      )
      .finally(() => (this.#inFlight -= 1));
  }

  /** Every call gets exactly one answer: a result too big to hand over becomes a refusal naming the bound. */
  #reply(value: CallToolAnswer): void {
    const size = jsonBytes(value);
    const max = MCP_APP_LIMITS.maxInputValueBytes;
    if (size === undefined || size > max) {
      const shown = size === undefined ? 'not JSON' : `${size} bytes of JSON`;
      return this.#answer(INPUT_CHANNELS.callToolResult, {
        name: value.name,
        ...(value.id !== undefined ? { id: value.id } : {}),
        ok: false,
        text: '',
        error: `the result of ${value.name} is ${shown}, over the ${max}-byte limit of a value handed to the program; call it with arguments that ask for less`,
      } satisfies CallToolAnswer);
    }
    this.#answer(INPUT_CHANNELS.callToolResult, value);
  }
}
