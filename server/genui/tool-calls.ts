import type { AnswerEvent } from './answer-parser.ts';
import { parseCommandLine } from './answer-parser.ts';

/** Gathers streamed tool calls (`arguments` arrive in pieces) and yields each as a UI command when it is complete. */
export interface ToolCallReader {
  push(index: number, name: string | undefined, args: string): AnswerEvent[];
  end(): AnswerEvent[];
}

/**
 * A call is complete when its arguments' top-level object closes (tracked as they stream), a call
 * with another index starts, or the stream ends; its arguments are
 * then parsed (bounded depth first) into `{"<name>": arguments}`, the JSONL chunk form. Arguments
 * longer than `maxChars` are dropped as they stream and reported once.
 */
export function createToolCallReader(options: { maxChars?: number } = {}): ToolCallReader {
  const max = options.maxChars ?? 2_000_000;
  let current:
    | {
        index: number;
        name: string;
        args: string;
        dropped: number;
        depth: number;
        inString: boolean;
        escaped: boolean;
        opened: boolean;
      }
    | undefined;
  let doneIndex = -1;
  /**
   * Follows the arguments' nesting as they stream, so a call is complete the moment its object closes (not when the
   * stream ends).
   */
  const track = (call: NonNullable<typeof current>, piece: string): boolean => {
    for (let i = 0; i < piece.length; i += 1) {
      const c = piece.charCodeAt(i);
      if (call.inString) {
        if (call.escaped) call.escaped = false;
        else if (c === 0x5c) call.escaped = true;
        else if (c === 0x22) call.inString = false;
      } else if (c === 0x22) call.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        call.depth += 1;
        call.opened = true;
      } else if ((c === 0x7d || c === 0x5d) && call.depth > 0) {
        call.depth -= 1;
        if (call.depth === 0 && call.opened) return true;
      }
    }
    return false;
  };
  const finish = (): AnswerEvent[] => {
    const call = current;
    current = undefined;
    if (call === undefined) return [];
    if (call.dropped > 0)
      return [
        {
          kind: 'error',
          message:
            `the arguments of a ${call.name || 'tool'} call had ${call.dropped} ` +
            `characters (the limit is ${max}); send smaller surfaces`,
        },
      ];
    if (call.name !== 'addOrUpdateSurface' && call.name !== 'deleteSurface')
      return [
        {
          kind: 'error',
          message: `unknown tool "${call.name.slice(0, 60)}": the tools are addOrUpdateSurface and deleteSurface`,
        },
      ];
    const parsed = parseCommandLine(call.args.trim() === '' ? '{}' : call.args);
    return parsed.kind === 'command'
      ? [{ kind: 'command', value: { [call.name]: parsed.value } }]
      : [{ kind: 'error', message: `the arguments of ${call.name} are not a JSON object: ${call.args.slice(0, 80)}` }];
  };
  return {
    push(index, name, args) {
      // The tail of a call that already closed (whitespace, a late empty delta) is not a new call.
      if (current === undefined && index === doneIndex && name === undefined && args.trim() === '') return [];
      const events = current !== undefined && current.index !== index ? finish() : [];
      if (current === undefined)
        current = { index, name: '', args: '', dropped: 0, depth: 0, inString: false, escaped: false, opened: false };
      if (name !== undefined) current.name += name;
      const closed = track(current, args);
      if (current.dropped > 0 || current.args.length + args.length > max) {
        current.dropped = (current.dropped || current.args.length) + args.length;
        current.args = '';
      } else current.args += args;
      // Complete: forward it now (the model may keep the stream open for a long while after it).
      if (closed) {
        doneIndex = index;
        events.push(...finish());
      }
      return events;
    },
    end: finish,
  };
}
