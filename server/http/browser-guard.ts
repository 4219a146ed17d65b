import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.ts';

/** What a browser (or anything sending browser headers) may do with this server. */
export interface BrowserGuardOptions {
  /** Page origins allowed to call the server cross-origin and to open its sockets (exact `scheme://host[:port]`). */
  origins: readonly string[];
  /**
   * `Host` header values the server answers to, besides the loopback names at its own port
   * (`127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`). `*` turns the check off (behind a
   * proxy that rewrites Host, which then owns that check).
   */
  hosts?: readonly string[];
}

/** Checks every request and upgrade the server takes, in one place. */
export interface BrowserGuard {
  /** The refusal for this request, or undefined when it may go on. */
  refuse(request: IncomingMessage): HttpError | undefined;
  /** CORS headers for the request's Origin when it is allowed (none otherwise). */
  cors(request: IncomingMessage): Record<string, string>;
  /** Called once the server listens: the port completes the loopback host names. */
  listening(port: number): void;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The server's browser-facing guard: an allowlist of `Host` values and of `Origin`s.
 *
 * SECURITY: the Host check is what makes the server DNS-rebinding safe: a page on
 * `http://evil.example:6781` whose name an attacker re-pointed at 127.0.0.1 sends
 * `Host: evil.example:6781` (and a matching Origin, so it is "same-origin" to the browser); the
 * server answers only to its own names. The Origin check stops cross-site requests and WebSocket
 * hijacking: a request that carries an Origin must carry an allowed one; a request without one is
 * not from a browser page (curl, an agent) and is judged by its credentials alone.
 */
export function createBrowserGuard(options: BrowserGuardOptions): BrowserGuard {
  const any = options.hosts?.includes('*') ?? false;
  const hosts = new Set((options.hosts ?? []).map((h) => h.toLowerCase()));
  const origins = new Set(options.origins);
  return {
    listening(port) {
      for (const name of LOOPBACK) {
        hosts.add(`${name}:${port}`);
        if (port === 80) hosts.add(name);
      }
    },
    refuse(request) {
      const host = request.headers.host?.toLowerCase();
      if (!any && (host === undefined || !hosts.has(host))) {
        return new HttpError(421, 'HOST_NOT_ALLOWED', `this server does not answer to Host ${JSON.stringify((host ?? '').slice(0, 100))}; use its own address (e.g. http://127.0.0.1:<port>) or start it with --hosts <name:port>`);
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin)) {
        return new HttpError(403, 'ORIGIN_NOT_ALLOWED', `the origin ${JSON.stringify(origin.slice(0, 200))} is not allowed; start the server with --origins ${origin.slice(0, 200)} (comma-separated list)`);
      }
      return undefined;
    },
    cors(request): Record<string, string> {
      const origin = request.headers.origin;
      if (origin === undefined || !origins.has(origin)) return {};
      return { 'access-control-allow-origin': origin, vary: 'Origin' };
    },
  };
}
