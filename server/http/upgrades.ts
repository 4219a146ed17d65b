import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BrowserGuard } from './browser-guard.ts';
import { parseTarget } from './request-target.ts';

/** A WebSocket endpoint: the path it owns and how it takes an HTTP upgrade on that path. */
export interface UpgradeRoute {
  path: string;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * Routes the server's HTTP upgrades by path, the way `createRouter` routes requests: each
 * WebSocket endpoint (the live channel, the runtime bridge …) checks only its own upgrades, and an
 * upgrade for any other path is refused with 404 instead of hanging.
 */
export function routeUpgrades(
  server: Server,
  routes: readonly UpgradeRoute[],
  options: { guard: BrowserGuard; log(event: Record<string, unknown>): void },
): void {
  const { log } = options;
  const byPath = new Map(routes.map((route) => [route.path, route] as const));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket that errors before it is handed on (a reset mid-handshake) must not crash the server.
    socket.on('error', () => socket.destroy());
    const target = parseTarget(request.url);
    if (target === undefined) {
      log({ event: 'upgrade-refused', code: 'BAD_PATH' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nConnection: ` +
          `close\r\n\r\n${JSON.stringify({ error: 'the request target is not a valid path', code: 'BAD_PATH' })}`,
      );
      return;
    }
    const path = target.pathname;
    // SECURITY: Host and Origin for every upgrade, whichever endpoint takes it (each endpoint checks again).
    const refused = options.guard.refuse(request);
    const route = byPath.get(path);
    // A refused Origin on a known path is left to its endpoint, which checks again and may tell the
    // page why in a frame it can read (json-socket.ts `explainOriginRefusal`); a refused Host never is.
    if (refused?.code === 'ORIGIN_NOT_ALLOWED' && route !== undefined) return route.upgrade(request, socket, head);
    if (refused !== undefined) {
      log({ event: 'upgrade-refused', path, code: refused.code, origin: request.headers.origin?.slice(0, 200) });
      socket.end(
        `HTTP/1.1 ${refused.status} Refused\r\nContent-Type: application/json\r\nConnection: ` +
          `close\r\n\r\n${JSON.stringify({ error: refused.message, code: refused.code })}`,
      );
      return;
    }
    if (route !== undefined) return route.upgrade(request, socket, head);
    log({ event: 'upgrade-refused', path });
    socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });
}
