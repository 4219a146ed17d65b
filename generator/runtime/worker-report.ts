/** What the runtime tells the relay about the model's code (forwarded to the host as a status). */
export interface WorkerReport {
  kind: 'exception';
  /** `TypeError: x is not a function`. */
  message: string;
  /** 1-based line in the model's code, when known. */
  line?: number;
}

/**
 * Lines the Worker script has before the model's first line: the blob is
 * `self.__suipMain = async function () {\n<code>\n};\n<runtime>`.
 */
export const CODE_LINE_OFFSET = 1;

/** Wrap the model's code and the runtime into the Worker script (see CODE_LINE_OFFSET). */
export function workerScript(code: string, runtime: string): string {
  return `self.__suipMain = async function () {\n${code}\n};\n${runtime}`;
}

/** A report for a thrown value, with the model's line taken from the stack when it points into the Worker script. */
export function reportFor(error: unknown, scriptUrl: string): WorkerReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${String(error)}`;
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const at = stack.indexOf(`${scriptUrl}:`);
  if (at >= 0) {
    const match = /^:(\d+):\d+/.exec(stack.slice(at + scriptUrl.length));
    if (match) return { kind: 'exception', message: message.slice(0, 1000), line: Number(match[1]) - CODE_LINE_OFFSET };
  }
  return { kind: 'exception', message: message.slice(0, 1000) };
}
