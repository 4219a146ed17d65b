import type { Channel } from '../shared/channel.ts';

/**
 * A SUIP `Channel` over a browser WebSocket (for `attachRemote`): text frames both ways. Texts sent
 * before the socket opens wait in order; binary frames are dropped (the wire is JSON text). What
 * arrives is handed to the session as is: it checks size and shape before `JSON.parse` like any
 * other channel. For reconnects with resume cursors, use the live channel client instead.
 */
export function webSocketChannel(socket: WebSocket): Channel {
  const waiting: string[] = [];
  const listeners = new Set<(text: unknown) => void>();
  let closed = false;
  socket.addEventListener('open', () => {
    for (const text of waiting.splice(0)) socket.send(text);
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    if (closed || typeof event.data !== 'string') return;
    for (const listener of listeners) listener(event.data);
  });
  return {
    send(text) {
      if (closed) return;
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (socket.readyState === WebSocket.CONNECTING) waiting.push(text);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      waiting.length = 0;
      socket.close();
    },
  };
}
