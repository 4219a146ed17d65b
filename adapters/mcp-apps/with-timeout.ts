import { McpAppError } from './mcp-app-error.ts';

/** `promise`, or a `timeout` McpAppError naming `what` and the bound once `ms` pass first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new McpAppError('timeout', `${what} within ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}
