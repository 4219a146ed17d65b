import { errorCodeName, type SuipErrorObject } from '../../shared/index.ts';

/** One error shown next to the code: where it came from and what op and path it names. */
export interface ErrorLine {
  generatorId: string;
  source: 'renderer' | 'generator' | 'sandbox';
  message: string;
  code?: number;
  codeName?: string;
  method?: string;
  path?: readonly string[];
  index?: number;
  line?: number;
}

/**
 * An error the renderer reported: a rejected op or transaction (with the op it names), the
 * program's own exception (with its line), or a sandbox budget or watchdog termination.
 */
export function fromErrorObject(generatorId: string, error: SuipErrorObject): ErrorLine {
  const reason = error.data?.reason;
  const source: ErrorLine['source'] =
    reason === 'exception' ? 'generator' : reason !== undefined ? 'sandbox' : 'renderer';
  const line: ErrorLine = {
    generatorId,
    source,
    message: error.message,
    code: error.code,
    codeName: errorCodeName(error.code),
  };
  if (error.data?.method !== undefined) line.method = error.data.method;
  if (error.data?.path !== undefined) line.path = error.data.path;
  if (error.data?.index !== undefined) line.index = error.data.index;
  const lineNumber = /\(line (\d+)\)/.exec(error.message)?.[1];
  if (lineNumber !== undefined) line.line = Number(lineNumber);
  return line;
}

/** One error as a sentence for the model (and the error list's title attribute). */
export function describeError(line: ErrorLine): string {
  const where = [
    line.codeName !== undefined ? `${line.codeName} (${line.code})` : undefined,
    line.line !== undefined ? `line ${line.line}` : undefined,
  ].filter(Boolean);
  return `${line.source} error${where.length ? ` [${where.join(', ')}]` : ''}: ${line.message}`;
}
