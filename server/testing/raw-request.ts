import { connect } from 'node:net';

/**
 * Writes `head` (a raw HTTP request or upgrade, CRLF line ends) to `host:port` and resolves with
 * everything the server sent before it closed (or, after `waitMs`, what it sent so far). Raw, so a
 * test can send what `fetch` and `ws` refuse to: a request target of `//`, a forged Host.
 */
export function rawExchange(port: number, head: string, waitMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', (error) => (text === '' ? reject(error) : done()));
    socket.write(head);
  });
}

/** A WebSocket upgrade request for `target` (any string, sent as is). */
export function upgradeHead(target: string, port: number): string {
  return (
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: ` +
    `Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`
  );
}
