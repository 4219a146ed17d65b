import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { relayWebResponse, toWebRequest } from './web-exchange.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real server on 127.0.0.1 whose handler is `fetch`, bridged by the two functions under test. */
async function serveWeb(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  server = createServer((request: IncomingMessage, response) => {
    const abort = new AbortController();
    response.once('close', () => abort.abort());
    void (async () => {
      const web = toWebRequest(request, undefined, abort.signal, '/fallback');
      await relayWebResponse(await fetch(web), response, { 'x-base': 'kept' }, abort.signal);
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('the web exchange', () => {
  it('passes method, URL and headers in, and the status, headers and streamed body out', async () => {
    const base = await serveWeb(async (request) => {
      const seen = `${request.method} ${new URL(request.url).pathname}?${new URL(request.url).search} ${request.headers.get('x-in')}`;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`${seen}|`));
          controller.enqueue(new TextEncoder().encode('second chunk'));
          controller.close();
        },
      });
      return new Response(body, { status: 202, headers: { 'x-out': 'yes' } });
    });
    const answer = await fetch(`${base}/mcp?a=1`, { method: 'DELETE', headers: { 'x-in': 'hello' } });
    expect(answer.status).toBe(202);
    expect(answer.headers.get('x-out')).toBe('yes');
    expect(answer.headers.get('x-base')).toBe('kept');
    expect(await answer.text()).toBe('DELETE /mcp??a=1 hello|second chunk');
  });

  it('a body-less answer ends the response with its status', async () => {
    const base = await serveWeb(() => new Response(null, { status: 204 }));
    const answer = await fetch(`${base}/mcp`);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('x-base')).toBe('kept');
  });
});
