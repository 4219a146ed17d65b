import type { IncomingMessage, ServerResponse } from 'node:http';

/** Read a request body of at most `limit` bytes; over it, undefined (answer 413) without buffering the rest. */
export async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Read a JSON body: bounded before it is parsed; a precise error otherwise. */
export async function readJson(request: IncomingMessage, limit: number): Promise<{ ok: true; value: unknown } | { ok: false; status: number; error: string }> {
  const text = await readBody(request, limit);
  if (text === undefined) return { ok: false, status: 413, error: `the body is larger than ${limit} bytes` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'the body is not JSON' };
  }
}

/** Answer with a JSON body. */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  response.end(body);
}
