import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hostile agent on 127.0.0.1 for the stall tests: answers every request with `body` in 64 KiB writes, one per
 * millisecond (as a server streams it), then ends; CORS for the page's `origin`. `path` is the URL's path.
 */
export async function hostileAgent(
  origin: string,
  contentType: string,
  body: Buffer,
  path = '/stream',
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': origin, 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    req.resume();
    res.writeHead(200, { ...cors, 'content-type': contentType });
    let at = 0;
    const next = () => {
      if (at >= body.length) return void res.end();
      res.write(body.subarray(at, (at += 64 * 1024)));
      setTimeout(next, 1);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, server };
}
