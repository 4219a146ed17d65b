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
  /**
   * Also accept pages served from this machine (`http(s)://localhost|127.0.0.1|[::1]` at any port):
   * the development default when the server binds loopback and no `--origins` is given
   * (`developmentOrigins`).
   */
  loopbackPages?: boolean;
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

/** Whether `host` (a listen address, as `--host` takes it) is a loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

/**
 * Whether an `Origin` header names a page served from this machine: `http(s)://` + a loopback name
 * + an optional port, and nothing else (no path, no user info: an Origin never carries them).
 */
export function isLoopbackOrigin(origin: string): boolean {
  return /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/.test(origin.toLowerCase());
}

/**
 * Whether pages from this machine are accepted without `--origins`: only when the server listens on
 * loopback alone and no origin list was given. SECURITY: a loopback page is served by a process on
 * this machine, which can reach a loopback server directly anyway; a remote site cannot claim a
 * loopback Origin (the browser sets it), and a rebound name (`evil.example` → 127.0.0.1) keeps its
 * own Origin and Host, which both checks refuse. A server bound to another interface is reachable
 * from other machines, whose pages may be served from *their* loopback: there `--origins` is required.
 * So is it with `--hosts *` (a proxy in front: the loopback bind is public then).
 */
export function developmentOrigins(config: {
  host: string;
  origins: readonly string[];
  hosts?: readonly string[];
}): boolean {
  // SECURITY: `--hosts *` means a reverse proxy fronts the server, which makes a loopback bind
  // public: every browser on the internet reaches it, so origins must be listed.
  if (config.hosts?.includes('*') === true) return false;
  return config.origins.length === 0 && isLoopbackHost(config.host);
}

/**
 * The server's browser-facing guard: an allowlist of `Host` values and of `Origin`s.
 *
 * SECURITY: the Host check is what makes the server DNS-rebinding safe: a page on
 * `http://evil.example:6781` whose name an attacker re-pointed at 127.0.0.1 sends
 * `Host: evil.example:6781` (and a matching Origin, so it is "same-origin" to the browser); the
 * server answers only to its own names. The Origin check stops cross-site requests and WebSocket
 * hijacking: a request that carries an Origin must carry an allowed one; a request without one is
 * not from a browser page (curl, an agent) and is judged by its credentials alone. With
 * `loopbackPages`, pages from this machine pass too (see `developmentOrigins` for why that is safe).
 */
export function createBrowserGuard(options: BrowserGuardOptions): BrowserGuard {
  const any = options.hosts?.includes('*') ?? false;
  const hosts = new Set((options.hosts ?? []).map((h) => h.toLowerCase()));
  const listed = new Set(options.origins);
  const allowed = (origin: string) =>
    listed.has(origin) || (options.loopbackPages === true && isLoopbackOrigin(origin));
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
        return new HttpError(
          421,
          'HOST_NOT_ALLOWED',
          `this server does not answer to Host ${JSON.stringify((host ?? '').slice(0, 100))}; use its ` +
            `own address (e.g. http://127.0.0.1:<port>) or start it with --hosts <name:port>`,
        );
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !allowed(origin)) {
        return new HttpError(
          403,
          'ORIGIN_NOT_ALLOWED',
          `the origin ${JSON.stringify(origin.slice(0, 200))} is not allowed; start the ` +
            `server with --origins ${origin.slice(0, 200)} (comma-separated list)`,
        );
      }
      return undefined;
    },
    cors(request): Record<string, string> {
      const origin = request.headers.origin;
      if (origin === undefined || !allowed(origin)) return {};
      return { 'access-control-allow-origin': origin, vary: 'Origin' };
    },
  };
}
