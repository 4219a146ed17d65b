/** What the runtime tells the relay about the model's code (forwarded to the host as a status). */
export interface WorkerReport {
  kind: 'exception';
  /** `TypeError: x is not a function`. */
  message: string;
  /** 1-based line in the model's code, when known. */
  line?: number;
  /** An event handler threw (a HandlerError): reported, and the program keeps running. */
  handled?: true;
}

/**
 * The name the Worker-less engine gives the program's script (a `sourceURL` comment), so stacks
 * name it as a Worker's blob URL names a Worker's: an inserted script is otherwise `<anonymous>`.
 */
export const FRAME_SCRIPT_URL = 'suip-program.js';

/**
 * Where the model's code sits in the Worker script: its line count, and how many lines come before
 * its first (a script line minus `offset` is the program's own line).
 */
export interface CodePlace {
  lines: number;
  offset: number;
}

/**
 * Wrap the runtime and the model's code into the Worker script:
 * `self.__suipCode = {lines, offset};\n<runtime>\nself.__suipMain = async function () {\n<code>\n};`.
 * SECURITY: the runtime comes first, so all of it (its capture listeners, the functions it keeps
 * before the model can replace them) is in place before any of the model's code runs, even code
 * that closes the function with `};` and runs at the script's top level (found in review: a
 * program that escaped this way registered its own rejection listener ahead of the runtime's count,
 * own-channel.ts, and was never ended). The runtime reads `__suipMain` only when the relay starts it.
 */
export function workerScript(code: string, runtime: string): string {
  const place = codePlace(code, runtime);
  return `self.__suipCode = ${JSON.stringify(place)};\n${runtime}\nself.__suipMain = async function () {\n${code}\n};`;
}

/** Where `workerScript(code, runtime)` puts the model's code. */
export function codePlace(code: string, runtime: string): CodePlace {
  return { lines: code.split('\n').length, offset: runtime.split('\n').length + 2 };
}

/** The program's own line for line `scriptLine` of the Worker script; undefined for the runtime's lines. */
export function programLine(place: CodePlace, scriptLine: number): number | undefined {
  const line = scriptLine - place.offset;
  return scriptLine && line >= 1 && line <= place.lines ? line : undefined;
}

/**
 * A report for a thrown value, with the model's line: the innermost stack frame that lies in the
 * program's own lines (1..place.lines). Frames inside the runtime (a builder that refused an
 * argument) are skipped, so the line is the model's call, never the runtime's internals.
 */
export function reportFor(error: unknown, scriptUrl: string, place: CodePlace): WorkerReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${String(error)}`;
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  for (let at = stack.indexOf(`${scriptUrl}:`); at >= 0; at = stack.indexOf(`${scriptUrl}:`, at + 1)) {
    const match = /^:(\d+):\d+/.exec(stack.slice(at + scriptUrl.length));
    const line = match ? programLine(place, Number(match[1])) : undefined;
    if (line !== undefined) return { kind: 'exception', message: message.slice(0, 1000), line };
  }
  return { kind: 'exception', message: message.slice(0, 1000) };
}
