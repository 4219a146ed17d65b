import { measureJson } from '../../shared/json-shape.ts';
import { createLineFramer } from '../../shared/line-framer.ts';

/**
 * What the model's answer holds, in order: prose, UI commands, and lines that could not be read.
 * With `partial: true`, the text of a line that may be a command streams as `partial` pieces
 * before its `command` (or `error`, or `text`) event: the progressive path previews from them.
 */
export type AnswerEvent =
  | { kind: 'text'; text: string }
  | { kind: 'command'; value: unknown }
  | { kind: 'error'; message: string }
  | { kind: 'partial'; text: string };

/** An incremental reader of the model's content. */
export interface AnswerParser {
  /** Feed the next piece of content (split anywhere, even inside a character sequence). */
  push(delta: string): AnswerEvent[];
  /** The answer ended (or was cut): flush what is left. */
  end(): AnswerEvent[];
}

const COMMAND_FENCES = new Set(['', 'genui', 'jsonl', 'json', 'ndjson']);
const FENCE = '```';

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
const BARE_COMMAND = /^\{\s*"(addOrUpdateSurface|deleteSurface)"/;

/**
 * Why a UI command that was cut cannot be shown, naming its surface when that much arrived (and
 * not quoting its JSON: the note reaches the user too).
 */
function cutCommand(line: string): AnswerEvent {
  const surface = /"surfaceId"\s*:\s*"([^"\\]{1,60})"/.exec(line)?.[1];
  return {
    kind: 'error',
    message:
      `the answer was cut in the middle of a UI ` +
      `command${surface === undefined ? '' : ` for surface "${surface}"`} ` +
      `(after ${line.length} characters); send it again whole`,
  };
}

/**
 * Reads a model's content as it streams. Prose streams out as `text` as soon as it can no longer
 * be the start of a fence (so text is not held back a line at a time); a ```genui (or ```jsonl,
 * ```json, bare ```) fence holds JSONL UI commands, one per line, each emitted when its line ends.
 * Outside fences a line that starts with `{` and parses as an object is a command too (models
 * forget fences). Other fences (```python) are prose. Lines are bounded by `maxLineChars`: a
 * longer one is dropped while it streams (never buffered whole) and reported once.
 */
export function createAnswerParser(options: { maxLineChars?: number; partial?: boolean } = {}): AnswerParser {
  const max = options.maxLineChars ?? 2_000_000;
  /** Characters of the held line already sent as `partial`. */
  let partialSent = 0;
  let mode: 'text' | 'commands' | 'other' = 'text';
  let held = '';
  /** The current text line has been decided to be prose: its characters stream straight out. */
  let flowing = false;
  let out: AnswerEvent[] = [];
  const text = (t: string) => {
    if (t === '') return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  const undecided = (line: string) => {
    const t = line.replace(/^ {0,3}/, '');
    if (FENCE.startsWith(t) || t.startsWith(FENCE)) return true;
    return mode === 'text' && t.startsWith('{');
  };
  const endLine = (line: string, newline: boolean) => {
    const t = line.trim();
    if (mode === 'commands') {
      if (t.startsWith(FENCE)) mode = 'text';
      else if (t !== '') out.push(parseCommandLine(t));
      return;
    }
    if (t.startsWith(FENCE) && line.replace(/^ {0,3}/, '').startsWith(FENCE)) {
      if (mode === 'other') {
        mode = 'text';
        text(line + (newline ? '\n' : ''));
      } else if (COMMAND_FENCES.has(t.slice(3).trim().toLowerCase())) mode = 'commands';
      else {
        mode = 'other';
        text(line + (newline ? '\n' : ''));
      }
      return;
    }
    if (mode === 'text' && t.startsWith('{')) {
      const parsed = parseCommandLine(t);
      if (parsed.kind === 'command') return void out.push(parsed);
      // A UI command without its fence that does not parse is a broken command, never raw JSON shown as prose.
      if (BARE_COMMAND.test(t))
        return void out.push(
          newline && parsed.kind === 'error'
            ? {
                kind: 'error',
                message: parsed.message.replace('a line in the genui fence', 'a UI command line without its fence'),
              }
            : cutCommand(t),
        );
    }
    text(line + (newline ? '\n' : ''));
  };
  /** The last line is being delivered by `end()` (it had no line end). */
  let ending = false;
  const dropped = (length: number) => ({
    kind: 'error' as const,
    message: `a line of ${length} characters was dropped (the limit is ${max}); send smaller surfaces`,
  });
  const reset = () => {
    held = '';
    partialSent = 0;
    flowing = false;
  };
  // The tree's one line splitter (shared/line-framer.ts): `piece` sees each piece of a line as it
  // streams (prose flows out, a command line previews), `line` its end; a line over `max` is
  // skipped as it streams, never buffered whole.
  const framer = createLineFramer(
    {
      piece(piece) {
        if (flowing) return text(piece);
        held += piece;
        if (mode !== 'commands' && !undecided(held)) {
          flowing = true;
          text(held);
          held = '';
        } else if (
          options.partial === true &&
          (mode === 'commands'
            ? // A line that may still be the closing fence ("`", "``") is no command yet.
              !FENCE.startsWith(held.trim()) && !held.trimStart().startsWith(FENCE)
            : held.trimStart().startsWith('{'))
        ) {
          out.push({ kind: 'partial', text: held.slice(partialSent) });
          partialSent = held.length;
        }
      },
      line() {
        // The candidate's line ended: its incremental reader ends the document too.
        if (partialSent > 0 && !ending) out.push({ kind: 'partial', text: '\n' });
        if (flowing) {
          if (!ending) text('\n');
        } else if (!ending) endLine(held, true);
        else if (mode === 'commands') {
          const parsed = parseCommandLine(held.trim());
          out.push(parsed.kind === 'command' ? parsed : cutCommand(held.trim()));
        } else endLine(held, false);
        reset();
      },
      tooLong({ length }) {
        if (partialSent > 0 && !ending) out.push({ kind: 'partial', text: '\n' });
        // Prose that flowed out before the line passed the limit: the rest of it is not shown, and said so.
        out.push(
          flowing
            ? {
                kind: 'error',
                message: `the rest of a line of ${length} characters was not shown (the limit is ${max})`,
              }
            : dropped(length),
        );
        reset();
      },
    },
    { maxLineBytes: max, keepEmpty: true },
  );
  const take = () => {
    const events = out;
    out = [];
    return events;
  };
  return {
    push(delta) {
      framer.push(delta);
      return take();
    },
    end() {
      ending = true;
      framer.end();
      ending = false;
      reset();
      return take();
    },
  };
}
