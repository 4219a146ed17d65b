import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readCanvasState } from './read-state.ts';

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))));

/** A real HTTP server on 127.0.0.1 answering every request with `status` and `body`; records the URLs asked. */
async function serve(status: number, body: unknown, asked: string[]): Promise<string> {
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('readCanvasState', () => {
  it('fails over from a server that errs to the next, asking with the session and token encoded', async () => {
    const asked: string[] = [];
    const down = await serve(503, {}, asked);
    const up = await serve(200, { seq: 7, ops: [{ op: 'clear' }] }, asked);
    const state = await readCanvasState({ urls: [up, down], sessionId: 's/1', wsToken: 't&k' }, 1);
    expect(state).toEqual({ seq: 7, ops: [{ op: 'clear' }] });
    expect(asked).toEqual(['/api/canvas/s%2F1/state?token=t%26k', '/api/canvas/s%2F1/state?token=t%26k']);
  });

  it('names every server and the last error when none answers', async () => {
    const a = await serve(500, {}, []);
    const b = await serve(404, {}, []);
    await expect(readCanvasState({ urls: [a, b], sessionId: 's', wsToken: 't' }, 0)).rejects.toThrow(
      `the canvas state could not be read from ${a}, ${b}: Error: HTTP 404`,
    );
  });
});
