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
 * Lines the Worker script has before the model's first line: the blob is
 * `self.__suipMain = async function () {\n<code>\n};\n<runtime>`.
 */
export const CODE_LINE_OFFSET = 1;

/**
 * Wrap the model's code and the runtime into the Worker script (see CODE_LINE_OFFSET). The number
 * of the program's lines travels along, so a stack can be read for the program's own line.
 */
export function workerScript(code: string, runtime: string): string {
  const lines = code.split('\n').length;
  return `self.__suipMain = async function () {\n${code}\n};\nself.__suipCodeLines = ${lines};\n${runtime}`;
}

/**
 * A report for a thrown value, with the model's line: the innermost stack frame that lies in the
 * program's own lines (1..codeLines). Frames inside the runtime (a builder that refused an
 * argument) are skipped, so the line is the model's call, never the runtime's internals.
 */
export function reportFor(error: unknown, scriptUrl: string, codeLines = Infinity): WorkerReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${String(error)}`;
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  for (let at = stack.indexOf(`${scriptUrl}:`); at >= 0; at = stack.indexOf(`${scriptUrl}:`, at + 1)) {
    const match = /^:(\d+):\d+/.exec(stack.slice(at + scriptUrl.length));
    const line = match ? Number(match[1]) - CODE_LINE_OFFSET : 0;
    if (line >= 1 && line <= codeLines) return { kind: 'exception', message: message.slice(0, 1000), line };
  }
  return { kind: 'exception', message: message.slice(0, 1000) };
}
