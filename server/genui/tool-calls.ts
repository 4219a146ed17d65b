import type { AnswerEvent } from './answer-parser.ts';
import { parseCommandLine } from './answer-parser.ts';

/** Gathers streamed tool calls (`arguments` arrive in pieces) and yields each as a UI command when it is complete. */
export interface ToolCallReader {
  push(index: number, name: string | undefined, args: string): AnswerEvent[];
  end(): AnswerEvent[];
}

/**
 * A call is complete when a call with another index starts or the stream ends; its arguments are
 * then parsed (bounded depth first) into `{"<name>": arguments}`, the JSONL chunk form. Arguments
 * longer than `maxChars` are dropped as they stream and reported once.
 */
export function createToolCallReader(options: { maxChars?: number } = {}): ToolCallReader {
  const max = options.maxChars ?? 2_000_000;
  let current: { index: number; name: string; args: string; dropped: number } | undefined;
  const finish = (): AnswerEvent[] => {
    const call = current;
    current = undefined;
    if (call === undefined) return [];
    if (call.dropped > 0) return [{ kind: 'error', message: `the arguments of a ${call.name || 'tool'} call had ${call.dropped} characters (the limit is ${max}); send smaller surfaces` }];
    if (call.name !== 'addOrUpdateSurface' && call.name !== 'deleteSurface') return [{ kind: 'error', message: `unknown tool "${call.name.slice(0, 60)}": the tools are addOrUpdateSurface and deleteSurface` }];
    const parsed = parseCommandLine(call.args.trim() === '' ? '{}' : call.args);
    return parsed.kind === 'command' ? [{ kind: 'command', value: { [call.name]: parsed.value } }] : [{ kind: 'error', message: `the arguments of ${call.name} are not a JSON object: ${call.args.slice(0, 80)}` }];
  };
  return {
    push(index, name, args) {
      const events = current !== undefined && current.index !== index ? finish() : [];
      current ??= { index, name: '', args: '', dropped: 0 };
      if (name !== undefined) current.name += name;
      if (current.dropped > 0 || current.args.length + args.length > max) {
        current.dropped = (current.dropped || current.args.length) + args.length;
        current.args = '';
      } else current.args += args;
      return events;
    },
    end: finish,
  };
}
