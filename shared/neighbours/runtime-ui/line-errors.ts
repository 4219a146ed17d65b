import type { LineProblem } from './ndjson.ts';
import { RpcErrorCode } from './schemas.ts';

/** A JSON-RPC error response to a line that could not be read as a message. */
export interface LineErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The answer JSON-RPC 2.0 prescribes for a line that is not a usable message, so the sender learns
 * why instead of waiting forever: a line that is not JSON (or nests too deep to be parsed) is a
 * parse error, -32700 with id null; a line that is too long, or JSON that is not a JSON-RPC
 * request, is an invalid request, -32600, naming the message's id when it had a usable one (null
 * otherwise). A broken *response* gets no answer (JSON-RPC never answers a response, and two
 * peers would otherwise answer each other's errors forever); nor does anything else then.
 */
export function lineErrorResponse(problem: LineProblem): LineErrorResponse | undefined {
  if (problem.response === true) return undefined;
  const hint = ' One JSON-RPC 2.0 message per line, UTF-8, at most 4 MiB, ending with \\n.';
  switch (problem.kind) {
    case 'not-json':
      return {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: RpcErrorCode.ParseError,
          message: `parse error: the line is not JSON (it began ${JSON.stringify(problem.preview.slice(0, 40))}).${hint}`,
        },
      };
    case 'too-deep':
      return {
        jsonrpc: '2.0',
        id: null,
        error: { code: RpcErrorCode.ParseError, message: `parse error: ${problem.message}; it was not parsed.${hint}` },
      };
    case 'too-long':
      return {
        jsonrpc: '2.0',
        id: null,
        error: { code: RpcErrorCode.InvalidRequest, message: `invalid request: ${problem.message}.${hint}` },
      };
    case 'not-rpc':
      return {
        jsonrpc: '2.0',
        id: problem.id ?? null,
        error: {
          code: RpcErrorCode.InvalidRequest,
          message:
            `invalid request: ${problem.message}. A request is ` +
            `{"jsonrpc":"2.0","id":"<string>","method":"<name>","params":{…}}.`,
        },
      };
  }
}
