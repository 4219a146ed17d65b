import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { proxyList, secretSetting } from '../config.ts';
import { registerSecret } from '../../shared/redact.ts';
import { isLoopbackHost } from '../http/browser-guard.ts';
import { createLogger } from '../log.ts';
import { loadAppHtml } from './app-html.ts';
import { serveMcpHttp } from './http-transport.ts';
import { serveSandboxProxy } from './sandbox-proxy-server.ts';
import type { RenderModel } from './render-tool.ts';
import { createSuipMcpServerFactory } from './suip-mcp-server.ts';

/** Usage of `suip mcp` (also `npm run mcp -- …`). */
export const MCP_USAGE = `usage: suip mcp [--stdio] [flags]

Serves suip as an MCP App: the tool suip_render shows a suip program in the host's view
(ui://suip/app.html), suip_check checks one. Streamable HTTP on 127.0.0.1 by default (prints
"listening <url>"); --stdio speaks MCP on stdin/stdout instead (for Claude Desktop, VS Code…).
  --stdio                   stdio transport (nothing else is printed on stdout)
  --host <addr>             HTTP listen address (SUIP_MCP_HOST; default 127.0.0.1)
  --port <n>                HTTP port, 0 = any free one (SUIP_MCP_PORT; default 6790)
  --origins <a,b>           browser origins of web MCP hosts allowed to call the endpoint (SUIP_MCP_ORIGINS)
  --hosts <a,b>             Host names answered besides loopback (SUIP_MCP_HOSTS)
  --trust-proxy <a,b>       IP addresses of your reverse proxies: per-address budgets count the client
                            named by X-Forwarded-For (SUIP_TRUST_PROXY; never trusted otherwise)
  --sandbox-port <n>        also serve the MCP Apps sandbox proxy for suip hosts (the --origins pages)
                            on this port; it prints "sandbox <url>" (0 = any free port)
  --token-file <path>       require "Authorization: Bearer <token>" (SUIP_MCP_TOKEN, SUIP_MCP_TOKEN_FILE);
                            required when --host is not a loopback address
  --llm-url <url> --llm-model <m>   the model that turns suip_render's "request" into a program;
                            its key in SUIP_LLM_KEY or --llm-key-file <path> (SUIP_LLM_KEY_FILE)
`;

function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i]!.startsWith(`--${name}=`)) return argv[i]!.slice(name.length + 3);
  }
  return undefined;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** A usage or configuration mistake: the command exits 2 with this message. */
export class McpUsageError extends Error {}

/**
 * Starts suip's MCP server as the flags say and resolves once it serves (HTTP: with its URL; stdio:
 * with `stdio`). Refuses a malformed flag with an `McpUsageError` naming it.
 */
export async function runMcp(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; sandbox?: string; close(): Promise<void> }> {
  const known = new Set([
    ...['sandbox-port', 'stdio', 'host', 'port', 'origins', 'hosts', 'token-file', 'trust-proxy'],
    ...['llm-url', 'llm-model', 'llm-key-file', 'llm-key', 'token'],
  ]);
  for (const arg of argv) {
    if (arg.startsWith('--') && !known.has(arg.slice(2).split('=')[0]!))
      throw new McpUsageError(`unknown flag ${JSON.stringify(arg.slice(0, 60))}`);
  }
  let model: RenderModel | undefined;
  let token: string | undefined;
  let trustProxy: string[];
  try {
    trustProxy = proxyList(flag(argv, 'trust-proxy') ?? env.SUIP_TRUST_PROXY);
    const apiKey = secretSetting(argv, env, 'llm-key', 'SUIP_LLM_KEY') ?? '';
    token = secretSetting(argv, env, 'token', 'SUIP_MCP_TOKEN');
    registerSecret(apiKey);
    if (token !== undefined) registerSecret(token);
    const baseUrl = flag(argv, 'llm-url') ?? env.SUIP_LLM_URL;
    if (baseUrl !== undefined && baseUrl !== '')
      model = { endpoint: { baseUrl, model: flag(argv, 'llm-model') ?? env.SUIP_LLM_MODEL ?? 'gpt-4o-mini', apiKey } };
  } catch (error) {
    throw new McpUsageError((error as Error).message);
  }
  const port = Number(flag(argv, 'port') ?? env.SUIP_MCP_PORT ?? 6790);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new McpUsageError(`--port takes 0..65535, not ${JSON.stringify(flag(argv, 'port'))}`);
  const host = flag(argv, 'host') ?? env.SUIP_MCP_HOST ?? '127.0.0.1';
  // SECURITY: the endpoint spends the model key; off loopback anyone on the network could call it.
  if (!argv.includes('--stdio') && !isLoopbackHost(host) && token === undefined) {
    throw new McpUsageError(
      `--host ${JSON.stringify(host.slice(0, 100))} makes the MCP endpoint reachable from other machines, so it ` +
        `needs a token: add --token-file <path> (or SUIP_MCP_TOKEN / SUIP_MCP_TOKEN_FILE), or listen on 127.0.0.1`,
    );
  }
  const factory = createSuipMcpServerFactory({
    appHtml: await loadAppHtml(),
    ...(model !== undefined ? { model } : {}),
  });
  if (argv.includes('--stdio')) {
    const handle = serveStdio(factory);
    return { url: 'stdio', close: () => handle.close() };
  }
  const origins = list(flag(argv, 'origins') ?? env.SUIP_MCP_ORIGINS);
  const sandboxPort = flag(argv, 'sandbox-port');
  if (sandboxPort !== undefined && !/^\d{1,5}$/.test(sandboxPort))
    throw new McpUsageError(`--sandbox-port takes 0..65535, not ${JSON.stringify(sandboxPort.slice(0, 20))}`);
  const hosts = list(flag(argv, 'hosts') ?? env.SUIP_MCP_HOSTS);
  const bearer = token !== undefined ? { token } : {};
  const log = createLogger();
  const served = await serveMcpHttp(factory, { host, port, origins, hosts, ...bearer, trustProxy, log });
  const proxy =
    sandboxPort === undefined
      ? undefined
      : await serveSandboxProxy({ host, port: Number(sandboxPort), hostOrigins: origins });
  return {
    url: served.url,
    ...(proxy !== undefined ? { sandbox: proxy.url } : {}),
    close: async () => {
      await Promise.all([served.close(), proxy?.close()]);
    },
  };
}
