import type { IncomingMessage, ServerResponse } from 'node:http';

/** One HTTP route of the suip server: a method, an exact path (no query) and its handler. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** The exact path, e.g. `/genUI`; the query string is in `url`. */
  path: string;
  /** Answer one request; the router has already checked method and path. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
}
