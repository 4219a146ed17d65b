import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-io.ts';
import type { Route } from './route.ts';

/**
 * A request listener over a route table: exact method and path (routes whose path ends in `/*`
 * take any path below it). Unknown paths are 404, a known path with another method 405, and a
 * handler that throws is a 500 that says nothing of its internals.
 */
export function createRouter(routes: readonly Route[], log: (event: Record<string, unknown>) => void): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const matches = routes.filter((route) => route.path === url.pathname || (route.path.endsWith('/*') && url.pathname.startsWith(route.path.slice(0, -1))));
    const route = matches.find((candidate) => candidate.method === request.method);
    if (route === undefined) return sendJson(response, matches.length > 0 ? 405 : 404, { error: matches.length > 0 ? `use ${matches.map((m) => m.method).join(' or ')}` : 'no such route' });
    route.handle(request, response, url).catch((error: unknown) => {
      log({ event: 'route-failed', path: url.pathname, error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) sendJson(response, 500, { error: 'the server failed on this request' });
      else response.destroy();
    });
  };
}
