import { createServer, type Server } from 'node:http';
import { sandboxProxyDocument } from '../../shared/neighbours/mcp-apps/sandbox-proxy.ts';
import { viewCsp, type DeclaredCsp } from '../../shared/neighbours/mcp-apps/view-csp.ts';
import { parseTarget } from '../http/request-target.ts';

/** Where the sandbox proxy listens and which host pages may use it. */
export interface SandboxProxyOptions {
  host: string;
  port: number;
  /** Origins of the suip host pages that frame the proxy (exact `scheme://host[:port]`). */
  hostOrigins: readonly string[];
}

/** The longest `csp` query parameter read (characters). */
const MAX_CSP_PARAM = 8 * 1024;

/**
 * Serves the MCP Apps sandbox proxy for suip hosts at `/sandbox.html?host=<origin>&csp=<json>`,
 * on an origin of its own (another port, or better another site: then the view also gets its own
 * process). The CSP header is built from the resource's declared `csp`; the page answers only the
 * host origins it was started with, and is never framed by any other page (`frame-ancestors`).
 */
export async function serveSandboxProxy(
  options: SandboxProxyOptions,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const allowed = new Set(options.hostOrigins);
  const server: Server = createServer((request, response) => {
    const fail = (status: number, message: string) =>
      response
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end(message);
    // A request target such as `//` is no URL at all: `new URL` throws, which must not end the process.
    const url = parseTarget(request.url);
    if (url === undefined)
      return fail(
        400,
        'BAD_PATH: the request target is not a valid path; the sandbox ' +
          'proxy is GET /sandbox.html?host=<origin>&csp=<json>',
      );
    if (request.method !== 'GET' || url.pathname !== '/sandbox.html')
      return fail(404, 'the sandbox proxy is GET /sandbox.html?host=<origin>&csp=<json>');
    const host = url.searchParams.get('host') ?? '';
    // SECURITY: only the configured host pages may frame the proxy, and the proxy talks to that origin only.
    if (!allowed.has(host))
      return fail(
        403,
        `the host origin ${JSON.stringify(host.slice(0, 200))} is not ` +
          `allowed by this sandbox proxy; start it with that origin`,
      );
    const raw = url.searchParams.get('csp') ?? '';
    let csp: DeclaredCsp | undefined;
    if (raw !== '') {
      if (raw.length > MAX_CSP_PARAM) return fail(413, `the csp parameter is longer than ${MAX_CSP_PARAM} characters`);
      try {
        const parsed: unknown = JSON.parse(raw);
        csp = typeof parsed === 'object' && parsed !== null ? (parsed as DeclaredCsp) : undefined;
      } catch {
        return fail(400, 'the csp parameter is not JSON');
      }
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${viewCsp(csp)}; frame-ancestors ${host}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    });
    response.end(sandboxProxyDocument(host));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}/sandbox.html`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
