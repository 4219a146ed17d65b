import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

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
export function routeUpgrades(server: Server, routes: readonly UpgradeRoute[], log: (event: Record<string, unknown>) => void): void {
  const byPath = new Map(routes.map((route) => [route.path, route] as const));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const route = byPath.get(path);
    if (route !== undefined) return route.upgrade(request, socket, head);
    log({ event: 'upgrade-refused', path });
    socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });
}
