import type { ServerResponse } from 'node:http';

/**
 * The codes of every 4xx/5xx the server's edge and routes answer with. A client (or the model
 * behind an agent) reads the code, never the prose; the message says what to do instead.
 */
export type HttpErrorCode =
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'BAD_PATH'
  | 'HOST_NOT_ALLOWED'
  | 'ORIGIN_NOT_ALLOWED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'BODY_TOO_LARGE'
  | 'BODY_TOO_DEEP'
  | 'BODY_TOO_SLOW'
  | 'BAD_JSON'
  | 'BAD_REQUEST'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_ENDED'
  | 'CONFLICT'
  | 'QUOTA_EXCEEDED'
  | 'TOO_MANY_CONNECTIONS'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** An error a route throws to answer with a status and code (the edge turns it into the reply). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The default error body: `{error: <message>, code}` (the message first, as every route answered before codes). */
export function errorJson(code: HttpErrorCode, message: string): unknown {
  return { error: message, code };
}

/** Answer with a JSON body (no caching: everything the server says is live state). */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  // A request refused for its pace (408) still has a body on the way: the connection closes once the answer is out.
  if (status === 408) response.shouldKeepAlive = false;
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  });
  response.end(body);
}
