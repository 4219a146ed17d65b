import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { errorJson, HttpError, sendJson } from '../http/http-error.ts';
import { connectionCeiling, guardConnections, HTTP_SERVER_OPTIONS } from '../http/connection-guard.ts';
import { parseBoundedJson, readBody } from '../http/http-io.ts';
import { createSocketBudgets } from '../http/socket-budgets.ts';
import { bearerOf, sameSecret } from '../http/secret-compare.ts';
import { redactError } from '../../shared/redact.ts';
import { createMcpRequestSlots } from './mcp-request-slots.ts';
import { relayWebResponse, toWebRequest } from './web-exchange.ts';

// `waitForDrain` lived here before `web-exchange.ts`; its importers keep this path.
export { waitForDrain } from './web-exchange.ts';

/** How the Streamable HTTP endpoint listens and whom it answers. */
export interface McpHttpOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  /** Page origins allowed to call the endpoint from a browser (a web MCP host); CORS answers them only. */
  origins: readonly string[];
  /** Host header values answered besides loopback at this port (DNS-rebinding guard). */
  hosts?: readonly string[];
  /** A bearer token every request must present, when set. */
  token?: string;
  /** Requests served at once; more are answered 503 (default 32). */
  maxConcurrent?: number;
  /** The largest POST body read (bytes; default 2 MiB: a program of 200k characters fits). */
  maxBodyBytes?: number;
  /**
   * Requests served at once for one client address (default 8), so long-lived SSE streams from one client cannot take
   * every slot.
   */
  maxPerAddress?: number;
  /** Reverse proxies whose `X-Forwarded-For` names the client (`--trust-proxy`, as `suip serve`). */
  trustProxy?: readonly string[];
  /** Structured log lines (what failed, what was refused for a budget); `suip mcp` writes them to stderr, redacted. */
  log?(event: Record<string, unknown>): void;
}

/** The one path the endpoint serves. */
export const MCP_PATH = '/mcp';

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
  'access-control-allow-headers':
    'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
  'access-control-max-age': '600',
};

/**
 * Serves MCP's Streamable HTTP transport at `/mcp` on node:http with the SDK's web-standard
 * handler (`createMcpHandler`): each request gets a fresh server from `factory`. Every request
 * passes the same guards as the suip server's own routes (Host allowlist, Origin allowlist with
 * CORS, optional bearer) and a body budget before the SDK sees it.
 */
export async function serveMcpHttp(
  factory: () => McpServer,
  options: McpHttpOptions,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const maxBody = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const log = options.log ?? (() => undefined);
  // A loss is never silent: what the SDK rejects or fails on out of band is logged (redacted: an error can quote a
  // request).
  const handler = createMcpHandler(factory, {
    legacy: 'stateless',
    maxRequestBodySize: maxBody,
    onerror: (error) => log({ event: 'mcp-error', error: redactError(error) }),
  });
  const hosts = options.hosts !== undefined ? { hosts: options.hosts } : {};
  const browser = createBrowserGuard({ origins: options.origins, ...hosts });
  const limit = options.maxConcurrent ?? 32;
  const perAddress = options.maxPerAddress ?? 8;
  // The server's one budget mechanism (`server/http/socket-budgets.ts`), twice: every connection from
  // its accept (the unauthenticated pool closes its oldest to make room), and the request slots.
  const connections = createSocketBudgets({ total: connectionCeiling() });
  const slots = createMcpRequestSlots({ limit, perAddress, connections, log });

  const server = createServer(HTTP_SERVER_OPTIONS, (request, response) => {
    const cors = browser.cors(request);
    const refuse = (error: HttpError) => sendJson(response, error.status, errorJson(error.code, error.message), cors);
    const refusal = browser.refuse(request);
    if (refusal !== undefined) return refuse(refusal);
    const path = (request.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) return refuse(new HttpError(404, 'NOT_FOUND', `the MCP endpoint is ${MCP_PATH}`));
    if (request.method === 'OPTIONS')
      return void response
        .writeHead(204, { ...cors, ...(cors['access-control-allow-origin'] ? CORS_HEADERS : {}) })
        .end();
    // SECURITY: a token, when configured, is compared in constant time before anything is read.
    if (options.token !== undefined && !sameSecret(bearerOf(request.headers.authorization), options.token)) {
      return refuse(
        new HttpError(
          401,
          'UNAUTHORIZED',
          'this MCP endpoint needs `Authorization: Bearer <token>` (the token the server was started with)',
        ),
      );
    }
    if (options.token !== undefined) guard.authenticated(request);
    serve(request, response, cors).catch((error: unknown) => {
      if (error instanceof HttpError) return response.headersSent ? response.destroy() : refuse(error);
      log({ event: 'mcp-failed', method: request.method, error: redactError(error) });
      if (!response.headersSent) refuse(new HttpError(500, 'INTERNAL', 'the MCP endpoint failed on this request'));
      else response.destroy();
    });
  });

  async function serve(
    request: IncomingMessage,
    response: ServerResponse,
    cors: Record<string, string>,
  ): Promise<void> {
    const text = request.method === 'POST' ? await readBody(request, maxBody) : undefined;
    if (request.method === 'POST' && text === undefined) {
      throw new HttpError(413, 'BODY_TOO_LARGE', `the request body is larger than ${maxBody} bytes`);
    }
    const body = text;
    slots.take(request, response);
    // SECURITY: bounded in depth here (400 BODY_TOO_DEEP) before any parser sees it; the SDK gets the parsed value and
    // never parses the text again.
    const parsedBody = body === undefined ? undefined : parseBoundedJson(body);
    const abort = new AbortController();
    // A client gone while its body was read (its slot already given back by `take`) gets no tool run: 'close' has
    // fired, so the listener below would never abort a generation nobody can receive.
    if (response.destroyed) return;
    response.once('close', () => abort.abort());
    const answer = await handler.fetch(
      toWebRequest(request, body, abort.signal, MCP_PATH),
      parsedBody === undefined ? {} : { parsedBody },
    );
    const exposed: Record<string, string> = cors['access-control-allow-origin']
      ? { 'access-control-expose-headers': CORS_HEADERS['access-control-expose-headers'] }
      : {};
    await relayWebResponse(answer, response, { ...cors, ...exposed }, abort.signal);
  }

  const guard = guardConnections(server, { budgets: connections, trustProxy: options.trustProxy ?? [], log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  browser.listening(port);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    server,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
