import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpErrorCode } from './http-error.ts';

/** What the edge hands a route besides the request: everything it checked and parsed. */
export interface RouteContext {
  /** The path segments below the route's `/*` prefix, decoded and checked (`[\w.:-]{1,128}` each). */
  segments: readonly string[];
  /** The body, when the route asked for one: parsed JSON (`json`) or text (`text`). */
  body: unknown;
  /** True when the request carries the agent token (compared in constant time). */
  isAgent: boolean;
}

/** One HTTP route of the suip server: a method, an exact path (or a `/*` prefix), its guards and its handler. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The exact path, e.g. `/genUI`, or a prefix ending in `/*`; the query string is in `url`. */
  path: string;
  /**
   * `agent`: the edge answers 401 unless the request carries the agent token. Otherwise the route decides
   * (`context.isAgent`).
   */
  auth?: 'agent';
  /** The body the edge reads before the handler, bounded in bytes (and for JSON in depth) before it is parsed. */
  body?: { kind: 'json' | 'text'; maxBytes: number };
  /** This route's error body (a seed's own shape); default `{error, code}`. */
  errorBody?(code: HttpErrorCode, message: string): unknown;
  /** Answer one request; the edge has already run every guard. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL, context: RouteContext): Promise<void>;
}
