import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The live channel's anchor (issue 43): a raw `ws` broadcast server with the live channel's
 * publish and subscribe shapes and nothing else — `POST /api/sessions` (an id and a token),
 * `POST /api/sessions/:id/data` (a JSON array of entries), `GET /ws` upgraded by `ws`, a client's
 * `{type:'subscribe', payload:{sessionId, fromSeq?}}` answered `{type:'subscribed'}`, every entry
 * sent to every subscriber of its session as `{type:'data', seq, payload: entry}`, and the frames
 * kept in memory for `fromSeq`. No auth, no budgets, no validation, no ledger: what fanning a
 * frame out costs on its own. `extra` serves the bench's own routes first (memory).
 */
export function serveRawBroadcast(extra: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const sessions = new Map<string, { frames: string[]; subscribers: Set<WebSocket> }>();
  let next = 0;
  const server = createServer((req, res) => {
    if (extra(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/api/sessions' && req.method === 'POST') {
        const sessionId = `s${next++}`;
        sessions.set(sessionId, { frames: [], subscribers: new Set() });
        res.end(JSON.stringify({ sessionId, wsToken: 'raw' }));
        return;
      }
      const match = /^\/api\/sessions\/([^/]+)\/data$/.exec(req.url ?? '');
      const session = match ? sessions.get(match[1]!) : undefined;
      if (!session || req.method !== 'POST') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      for (const entry of JSON.parse(Buffer.concat(chunks).toString()) as unknown[]) {
        const frame = JSON.stringify({ type: 'data', seq: session.frames.length + 1, payload: entry });
        session.frames.push(frame);
        for (const ws of session.subscribers) ws.send(frame);
      }
      res.end(JSON.stringify({ ok: true }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws) => {
    ws.once('message', (data) => {
      const { payload } = JSON.parse(data.toString()) as { payload: { sessionId: string; fromSeq?: number } };
      const session = sessions.get(payload.sessionId);
      if (!session) return ws.close();
      ws.send(JSON.stringify({ type: 'subscribed' }));
      if (payload.fromSeq !== undefined) for (const frame of session.frames.slice(payload.fromSeq)) ws.send(frame);
      session.subscribers.add(ws);
      ws.on('close', () => session.subscribers.delete(ws));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening http://127.0.0.1:${(server.address() as { port: number }).port}\n`);
  });
}
