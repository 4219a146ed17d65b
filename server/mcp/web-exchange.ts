import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request a web-standard handler (`fetch(Request) → Response`) sees for a node:http request:
 * its method, URL and headers, the body already read (`body`), and `signal` aborted when the client leaves.
 */
export function toWebRequest(
  request: IncomingMessage,
  body: string | undefined,
  signal: AbortSignal,
  fallbackPath: string,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const url = `http://${request.headers.host ?? '127.0.0.1'}${request.url ?? fallbackPath}`;
  return new Request(url, {
    method: request.method ?? 'GET',
    headers,
    signal,
    ...(body !== undefined ? { body } : {}),
  });
}

/**
 * Write a web `Response` to a node:http response: its status, its headers over `headers`, and its
 * body as it streams, waiting on the client's reads (backpressure). Once `signal` aborts (the
 * client left) the body is cancelled rather than read on.
 */
export async function relayWebResponse(
  answer: Response,
  response: ServerResponse,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<void> {
  const out = { ...headers };
  answer.headers.forEach((value, name) => (out[name] = value));
  response.writeHead(answer.status, out);
  if (answer.body === null) return void response.end();
  const reader = answer.body.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done || response.destroyed) break;
    // Backpressure: an SSE stream to a slow reader waits instead of buffering without bound; a
    // client that leaves while it waits ends the wait (a drain that never comes held the request's slot for ever).
    if (!response.write(value)) await waitForDrain(response);
  }
  if (response.destroyed) return void (await reader.cancel().catch(() => undefined));
  response.end();
}

/** Resolves on `drain`, or at once when the response is (or gets) closed: never waits on a reader that left. */
export function waitForDrain(response: ServerResponse): Promise<void> {
  if (response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}
