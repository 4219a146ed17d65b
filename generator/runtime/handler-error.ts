import { ErrorCode } from '../../shared/error-codes.ts';
import { formatPath } from '../../shared/describe.ts';
import { SuipError } from './suip-error.ts';

/**
 * A program's event handler threw (or its promise rejected). The message names the handler by
 * event and path, then the original error, so a model can find the function to fix; the stack is
 * the original one, so the host's report still carries the program's line. The session goes on:
 * other handlers, timers and later events of the same handler keep working.
 */
export class HandlerError extends Error {
  /** The same, as an error the program's `onError` hooks hear. */
  readonly report: SuipError;

  constructor(event: string, path: readonly string[], thrown: unknown) {
    const what = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : `the value ${describeThrown(thrown)}`;
    const message =
      `the on.${event} handler of the group at ${formatPath(path)} threw ${what}; the ` +
      `program keeps running (state changed before the throw stays), so fix that handler`;
    super(message.slice(0, 1000));
    this.name = 'HandlerError';
    if (thrown instanceof Error && typeof thrown.stack === 'string')
      this.stack = `${this.name}: ${this.message}\n${thrown.stack.split('\n').slice(1).join('\n')}`;
    this.report = new SuipError({
      code: ErrorCode.InternalError,
      message: this.message,
      data: { path: [...path], reason: 'handler-exception' },
    });
  }
}

function describeThrown(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return String(value).slice(0, 80);
  }
}
