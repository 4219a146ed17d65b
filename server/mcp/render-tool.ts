import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import type { ChatRequest, EndpointSettings } from '../../generator/model/chat-client.ts';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import type { RenderResult } from '../../shared/neighbours/mcp-apps/render-result.ts';
import { redact } from '../../shared/redact.ts';
import { checkProgram } from '../runtime/program-check.ts';

/** The model behind `suip_render`'s `request` (absent: the tool says a program must be given). */
export interface RenderModel {
  endpoint: EndpointSettings;
  /** Model turns per request, the first included (default 3). */
  maxTurns?: number;
  /** Requests the model may work on at once in this process (default 2); more are refused, not queued. */
  maxConcurrent?: number;
  /** The streaming call; replaceable in tests. */
  chat?: (request: ChatRequest) => Promise<string>;
}

/** What `suip_render` answers: the text the model reads and the structured result the view runs. */
export interface RenderAnswer {
  text: string;
  structured: RenderResult;
  isError: boolean;
}

/**
 * `suip_render`'s work: a given program is checked (it must parse and call `render`) and passed
 * on; a `request` is turned into a program by the configured model with the repair loop (each
 * failing check goes back to the model). Every failure is an answer the calling model can act on.
 */
export function createRenderTool(
  model: RenderModel | undefined,
): (args: { program?: string; request?: string; data?: unknown }, signal?: AbortSignal) => Promise<RenderAnswer> {
  let busy = 0;
  const fail = (source: RenderResult['source'], error: string): RenderAnswer => ({
    text: error,
    structured: { program: '', source, error },
    isError: true,
  });
  return async (args, signal) => {
    const data = args.data === undefined ? {} : { data: args.data };
    if (typeof args.program === 'string' && args.program.trim() !== '') {
      const check = checkProgram(args.program);
      if (!check.ok)
        return {
          ...fail('given', `the program was not shown: ${check.error}`),
          structured: { program: '', source: 'given', error: check.error, ...data },
        };
      return {
        text:
          `Shown in the view: a suip program of ${args.program.split('\n').length} lines. ` +
          `Its user actions may call this server's tools or send you a message.`,
        structured: { program: args.program, source: 'given', ...data },
        isError: false,
      };
    }
    if (typeof args.request !== 'string' || args.request.trim() === '')
      return fail(
        'given',
        'suip_render needs `program` (a suip program) or `request` ' +
          "(what the UI should do, for the server's model to write)",
      );
    if (model === undefined) {
      return fail(
        'model',
        'this suip MCP server has no model configured, so it cannot turn `request` into a ' +
          "program; pass `program` (a suip program: see the suip_check tool's description) or " +
          'start the server with SUIP_LLM_URL, SUIP_LLM_MODEL and SUIP_LLM_KEY',
      );
    }
    const limit = model.maxConcurrent ?? 2;
    // SECURITY: every request holds a model stream for up to minutes; past the budget it is refused at once.
    if (busy >= limit)
      return fail(
        'model',
        `the server's model is already writing ${limit} programs; try again shortly or pass \`program\``,
      );
    busy += 1;
    try {
      // Loaded on the first request: a server without a model (or idle) never holds the prompt and the model client.
      const [{ systemPrompt }, { generateWithRepair }] = await Promise.all([
        import('../../generator/prompt/index.ts'),
        import('../../generator/model/repair-loop.ts'),
      ]);
      const result = await generateWithRepair({
        endpoint: model.endpoint,
        system: systemPrompt(BUILTIN_VOCABULARY),
        request: args.request.slice(0, MCP_APP_LIMITS.maxRequestChars),
        maxTurns: model.maxTurns ?? 3,
        run: async (code) => checkProgram(code),
        ...(signal !== undefined ? { signal } : {}),
        ...(model.chat !== undefined ? { chat: model.chat } : {}),
      });
      const last = result.turns.at(-1);
      if (!result.ok || last === undefined)
        return {
          ...fail(
            'model',
            `the model did not write a working program in ${result.turns.length} ` +
              `turns${last?.outcome && !last.outcome.ok ? `: ${last.outcome.error}` : ''}`,
          ),
          structured: {
            program: '',
            source: 'model',
            turns: result.turns.length,
            error: 'no working program',
            ...data,
          },
        };
      return {
        text: `Shown in the view: a suip program the server's model wrote in ${result.turns.length} turn(s).`,
        structured: { program: last.code, source: 'model', turns: result.turns.length, ...data },
        isError: false,
      };
    } catch (error) {
      // SECURITY: a model endpoint's error can quote the key; only the redacted text leaves.
      return fail(
        'model',
        `the server's model failed: ${redact(error instanceof Error ? error.message : String(error)).slice(0, 500)}`,
      );
    } finally {
      busy -= 1;
    }
  };
}
