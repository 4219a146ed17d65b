import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** One thing that reached the canary: an HTTP request, a WebSocket upgrade, a raw TCP connect or a UDP datagram. */
export interface CanaryHit {
  kind: 'http' | 'upgrade' | 'connect' | 'tcp' | 'udp';
  method?: string;
  url?: string;
  from: string;
  time: number;
}

/** A listener on 127.0.0.1 that records everything that reaches it, so a test can prove that nothing did. */
export interface Canary {
  /** TCP and UDP port (the same number for both). */
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every hit so far, in arrival order. */
  hits: CanaryHit[];
  /** Stop listening. */
  close(): Promise<void>;
}

/**
 * Start a canary on 127.0.0.1 on a free port. It answers HTTP with a tiny permissive response (so a
 * positive control sees a normal request/response) and also records raw TCP connections that never
 * send a full request (a WebSocket or WebTransport attempt, a preconnect) and UDP datagrams on the same
 * port number (WebRTC STUN, QUIC). A test asserts `hits.length === 0` after its attack settles.
 */
export async function startCanary(): Promise<Canary> {
  const hits: CanaryHit[] = [];
  const record = (hit: Omit<CanaryHit, 'time'>): void => {
    hits.push({ ...hit, time: Date.now() });
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    record({ kind: 'http', method: request.method, url: request.url, from: request.socket.remoteAddress ?? '?' });
    response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    response.end('canary');
  });
  // A connection counts even when no request line ever arrives (a socket opened and held).
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    record({ kind: 'tcp', from: socket.remoteAddress ?? '?' });
  });
  server.on('upgrade', (request, socket: Socket) => {
    record({ kind: 'upgrade', method: request.method, url: request.url, from: socket.remoteAddress ?? '?' });
    socket.destroy();
  });
  server.on('connect', (request, socket: Socket) => {
    record({ kind: 'connect', method: request.method, url: request.url, from: socket.remoteAddress ?? '?' });
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('canary: no TCP address');
  const port = address.port;
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', (_message, info) => record({ kind: 'udp', from: `${info.address}:${info.port}` }));
  // The UDP port may be taken by someone else; the TCP canary still stands on its own then.
  const udpBound = await new Promise<boolean>((resolve) => {
    udp.once('error', () => resolve(false));
    udp.bind(port, '127.0.0.1', () => resolve(true));
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (udpBound) await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}

/** The HTTP/upgrade hits only, formatted for an assertion message. */
export function describeHits(hits: readonly CanaryHit[]): string {
  return hits
    .map((hit) => `${hit.kind} ${hit.method ?? ''} ${hit.url ?? ''} from ${hit.from}`.replace(/\s+/g, ' '))
    .join('\n');
}
