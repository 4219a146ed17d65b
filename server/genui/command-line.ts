import { measureJson } from '../../shared/json-shape.ts';
import type { AnswerEvent } from './answer-parser.ts';

/** Parses one JSONL command line: bounded depth before JSON.parse, then an object with a key. */
export function parseCommandLine(line: string): AnswerEvent {
  const shape = measureJson(line, 64);
  if (shape.truncated) return { kind: 'error', message: 'a UI command nests deeper than 64 levels' };
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { kind: 'error', message: `a line in the genui fence is not a JSON object: ${line.slice(0, 80)}` };
    return { kind: 'command', value };
  } catch (error) {
    return {
      kind: 'error',
      message:
        `a line in the genui fence is not valid JSON ` +
        `(${error instanceof Error ? error.message.slice(0, 120) : 'parse error'}): ${line.slice(0, 80)}`,
    };
  }
}

/** The start of a UI command written without its fence. */
export const BARE_COMMAND = /^\{\s*"(addOrUpdateSurface|deleteSurface)"/;

/**
 * Why a UI command that was cut cannot be shown, naming its surface when that much arrived (and
 * not quoting its JSON: the note reaches the user too).
 */
export function cutCommand(line: string): AnswerEvent {
  const surface = /"surfaceId"\s*:\s*"([^"\\]{1,60})"/.exec(line)?.[1];
  return {
    kind: 'error',
    message:
      `the answer was cut in the middle of a UI ` +
      `command${surface === undefined ? '' : ` for surface "${surface}"`} ` +
      `(after ${line.length} characters); send it again whole`,
  };
}

/** A line over the limit, dropped as it streamed (never buffered whole): said once, with the fix. */
export function droppedLine(length: number, max: number): AnswerEvent {
  return {
    kind: 'error',
    message: `a line of ${length} characters was dropped (the limit is ${max}); send smaller surfaces`,
  };
}
