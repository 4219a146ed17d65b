import type { SuipErrorObject } from '../../shared/error.ts';

/**
 * An error the renderer reported (or the runtime raised locally), as thrown from awaited
 * `render()` / `ops()` calls and passed to `onError` hooks: the JSON-RPC code, the message and
 * the data naming the op (`method`, `path`, `index`).
 */
export class SuipError extends Error {
  /** The stable JSON-RPC / SUIP error code. */
  readonly code: number;
  /** Which op failed: `{method, path, index}` (and `reason` for budgets). */
  readonly data: SuipErrorObject['data'];

  constructor(error: SuipErrorObject) {
    super(error.message);
    this.name = 'SuipError';
    this.code = error.code;
    this.data = error.data;
  }

  /** The wire form, `{code, message, data}`. */
  toJSON(): SuipErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** Reads an error object from untrusted-shaped JSON; falls back to an internal error. */
export function toErrorObject(value: unknown): SuipErrorObject {
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.code === 'number' && typeof record.message === 'string') {
      const data =
        typeof record.data === 'object' && record.data !== null ? (record.data as SuipErrorObject['data']) : undefined;
      return data === undefined
        ? { code: record.code, message: record.message }
        : { code: record.code, message: record.message, data };
    }
  }
  return { code: -32603, message: 'the renderer reported an error without a code' };
}
