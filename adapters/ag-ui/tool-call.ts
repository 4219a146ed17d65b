import { createJsonUnitParser, type JsonUnitParser } from '../streaming/index.ts';

/** Where a tool call is: its arguments streaming, complete, refused (bound or JSON), or answered. */
export type ToolCallStatus = 'streaming' | 'complete' | 'refused' | 'running' | 'answered';

/** One tool call as the conversation shows it, its arguments parsed as they stream. */
export interface ToolCallView {
  readonly id: string;
  readonly name: string;
  status: ToolCallStatus;
  /** The arguments as far as they have closed, plus the top-level string still being written. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The complete arguments (after `end`, when they were a JSON object). */
  readonly value: Record<string, unknown> | undefined;
  /** Characters of arguments received. */
  readonly chars: number;
  /** Why the call was refused, for the user and for the agent. */
  error?: string;
  /** The result the agent or the host gave it (shown clipped). */
  result?: string;
  /** Feeds one `TOOL_CALL_ARGS` delta; false once the call is refused (the delta is dropped). */
  push(delta: string): boolean;
  /** `TOOL_CALL_END`: the arguments must now be one complete JSON object. */
  end(): void;
}

/**
 * Creates the view of one streaming tool call. Its arguments go through the shared incremental
 * JSON parser (`adapters/streaming/`), one pass over the text: each top-level string argument
 * shows as it grows, every other argument when it closes, and nothing is re-parsed per delta
 * (`@ag-ui/client` re-parses the whole buffer on every delta, which this adapter turns off). The
 * arguments are bounded by `maxChars` before anything is kept: past it the call is refused and
 * never executed.
 */
export function createToolCallView(id: string, name: string, maxChars: number): ToolCallView {
  let args: Record<string, unknown> = {};
  let value: Record<string, unknown> | undefined;
  let chars = 0;
  const parser: JsonUnitParser = createJsonUnitParser({
    units: ['$'],
    mode: 'document',
    cuttable: (path) => path.length === 1,
    limits: { maxDocumentChars: maxChars },
  });
  const view: ToolCallView = {
    id,
    name,
    status: 'streaming',
    get args() {
      return args;
    },
    get value() {
      return value;
    },
    get chars() {
      return chars;
    },
    push(delta) {
      if (view.status !== 'streaming') return false;
      chars += delta.length;
      // SECURITY: bounded before the parser keeps anything of it; one huge delta is refused whole.
      if (chars > maxChars)
        return (
          refuse(
            `its arguments passed ${maxChars} characters; the call was not run. Send smaller arguments (e.g. a reference instead of the data).`,
          ),
          false
        );
      apply(parser.push(delta));
      return view.status === 'streaming';
    },
    end() {
      if (view.status !== 'streaming') return;
      apply(parser.end());
      if (view.status !== 'streaming') return;
      if (value === undefined && chars === 0) value = {};
      if (value === undefined)
        return refuse('its arguments ended before they were one complete JSON object; the call was not run');
      view.status = 'complete';
    },
  };
  const refuse = (why: string) => {
    view.status = 'refused';
    view.error = why;
  };
  const apply = (events: ReturnType<JsonUnitParser['push']>) => {
    for (const event of events) {
      if (event.kind === 'text' && isRecord(event.unit)) args = event.unit;
      else if (event.kind === 'unit') {
        if (!isRecord(event.value)) return refuse('its arguments are not a JSON object; the call was not run');
        args = event.value;
        value = event.value;
      } else if (event.kind === 'error')
        return refuse(`its arguments are not valid JSON (${event.error.message}); the call was not run`);
    }
  };
  return view;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
