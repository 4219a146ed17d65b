import type { IncomingMessage, ServerResponse } from 'node:http';
import { LedgerError, type LedgerErrorCode } from '../ledger/ledger.ts';
import type { BrowserGuard } from './browser-guard.ts';
import { HttpError, errorJson, sendJson, type HttpErrorCode } from './http-error.ts';
import { parseBoundedJson, readBody } from './http-io.ts';
import type { Route } from './route.ts';
import { bearerOf, sameSecret } from './secret-compare.ts';
import { isSessionId } from '../../shared/session-id.ts';

/** What the edge needs besides the routes. */
export interface EdgeOptions {
  guard: BrowserGuard;
  /** The agents' bearer token. */
  agentToken: string;
  log(event: Record<string, unknown>): void;
  /** The request carried the agent token: its connection counts as authenticated (`connection-guard.ts`). */
  authenticated?(request: IncomingMessage): void;
}

/**
 * A refused ledger operation as an HTTP answer: a session over its quota is the client's doing, a busy or failed store
 * is not.
 */
const LEDGER_STATUS: Record<LedgerErrorCode, [number, HttpErrorCode]> = {
  SESSION_QUOTA: [413, 'QUOTA_EXCEEDED'],
  INVALID_INPUT: [400, 'BAD_REQUEST'],
  BUSY: [503, 'UNAVAILABLE'],
  STORE_FAILED: [503, 'UNAVAILABLE'],
  CLOSED: [503, 'UNAVAILABLE'],
};

/** The decoded, checked segments of `pathname` below `prefix`, or an HttpError. */
function segmentsBelow(pathname: string, prefix: string): string[] {
  const rest = pathname.slice(prefix.length);
  if (rest === '') return [];
  return rest.split('/').map((raw) => {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, 'BAD_PATH', 'the path is not valid percent-encoding');
    }
    // A path segment follows the session-id rule: session ids, canvas ids and route words are made of it.
    if (!isSessionId(segment))
      throw new HttpError(
        404,
        'BAD_PATH',
        `no such route: a path segment is 1–128 of letters, digits and _ ` +
          `. : - (got ${JSON.stringify(segment.slice(0, 40))})`,
      );
    return segment;
  });
}

/**
 * The server's one guarded edge for HTTP: every request passes the same checks in the same
 * order before any route code runs — Host and Origin allowlists (DNS rebinding, cross-site
 * requests), CORS for allowed origins and their preflights, the route table (404 / 405), the
 * agent token in constant time, the path's segments, and the body bounded in bytes and depth
 * before it is parsed. Every refusal is a typed 4xx (`{error, code}` or the route's own seed
 * shape); a handler that throws an `HttpError` answers with it, anything else is a 500 that says
 * nothing of its internals.
 */
export function createRouter(
  routes: readonly Route[],
  options: EdgeOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      return sendJson(response, 400, errorJson('BAD_PATH', 'the request target is not a valid path'));
    }
    const matches = routes.filter(
      (route) =>
        route.path === url.pathname || (route.path.endsWith('/*') && url.pathname.startsWith(route.path.slice(0, -1))),
    );
    const route = matches.find((candidate) => candidate.method === request.method);
    const shape = route?.errorBody ?? matches[0]?.errorBody ?? errorJson;
    const fail = (status: number, code: HttpErrorCode, message: string) => {
      options.log({ event: 'http-refused', method: request.method, path: url.pathname.slice(0, 200), status, code });
      if (!response.headersSent) sendJson(response, status, shape(code, message));
      else response.destroy();
    };
    const refused = options.guard.refuse(request);
    if (refused !== undefined) return fail(refused.status, refused.code, refused.message);
    for (const [name, value] of Object.entries(options.guard.cors(request))) response.setHeader(name, value);
    if (request.method === 'OPTIONS' && matches.length > 0) {
      response.writeHead(204, {
        'access-control-allow-methods': [...new Set(matches.map((m) => m.method))].join(', '),
        'access-control-allow-headers': 'authorization, content-type, last-event-id',
        'access-control-max-age': '600',
      });
      return response.end();
    }
    if (route === undefined)
      return fail(
        matches.length > 0 ? 405 : 404,
        matches.length > 0 ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND',
        matches.length > 0 ? `use ${matches.map((m) => m.method).join(' or ')}` : 'no such route',
      );
    const isAgent = sameSecret(bearerOf(request.headers.authorization), options.agentToken);
    if (isAgent) options.authenticated?.(request);
    if (route.auth === 'agent' && !isAgent)
      return fail(
        401,
        'UNAUTHORIZED',
        'this route needs Authorization: Bearer <agent token> (the server ' +
          'prints where it keeps it at start, or set SUIP_AGENT_TOKEN)',
      );
    const run = async () => {
      const segments = route.path.endsWith('/*') ? segmentsBelow(url.pathname, route.path.slice(0, -1)) : [];
      let body: unknown;
      if (route.body !== undefined) {
        const text = await readBody(request, route.body.maxBytes);
        if (text === undefined)
          throw new HttpError(413, 'BODY_TOO_LARGE', `the body is larger than ${route.body.maxBytes} bytes`);
        body = route.body.kind === 'json' ? parseBoundedJson(text) : text;
      }
      await route.handle(request, response, url, { segments, body, isAgent });
    };
    run().catch((error: unknown) => {
      if (error instanceof HttpError) return fail(error.status, error.code, error.message);
      if (error instanceof LedgerError) {
        const [status, code] = LEDGER_STATUS[error.code];
        if (error.code === 'BUSY') response.setHeader('retry-after', '1');
        return fail(status, code, error.message);
      }
      options.log({
        event: 'route-failed',
        path: url.pathname.slice(0, 200),
        error: error instanceof Error ? error.message : String(error),
      });
      fail(500, 'INTERNAL', 'the server failed on this request');
    });
  };
}
