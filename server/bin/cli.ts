#!/usr/bin/env node
import { serve } from './serve.ts';

/**
 * The `suip` command of the package (`npx suip serve [flags]`), prebuilt to plain JavaScript so a
 * start needs no TypeScript loader. Exit codes: 0 after a clean shutdown, 2 for a usage or
 * configuration error (the message says which flag and what it takes), 1 when the server fails.
 */
const USAGE = `usage: suip serve [flags]
       suip mcp [--stdio] [flags]   suip as an MCP App server (suip mcp --help)

Starts the suip server (live channel, session and agent API, GenUI, canvas) and prints
"listening <url>" when ready. Flags (environment in brackets):
  --host <addr>              listen address (SUIP_HOST; default 127.0.0.1)
  --port <n>                 0 = any free port (PORT; default 6781)
  --data-dir <dir>           SQLite ledger and stored secrets (SUIP_DATA_DIR; default .suip-data)
  --redis <url>              share the ledger between processes (REDIS_URL; needs the redis package)
  --redis-cluster <url,url>  the same on a Redis Cluster: any of its nodes (SUIP_REDIS_CLUSTER)
  --origins <a,b>            browser origins allowed to open the live channel (SUIP_ORIGINS)
  --hosts <a,b>              Host names answered besides loopback (SUIP_HOSTS)
  --secret-file <path>       token secret (SUIP_SECRET, SUIP_SECRET_FILE); never on the command line
  --agent-token-file <path>  agent API token (SUIP_AGENT_TOKEN, SUIP_AGENT_TOKEN_FILE); without one,
                             both are made in the data directory on first start
  --window <n>               frames kept per session for resume (default 10000)
  --quota-mb <n>             bytes a session's stream may hold, in MiB (SUIP_QUOTA_MB; default 64)
  --version-policy advisory  keep sockets that ask for another protocol version
  --sockets-per-address <n>  authenticated connections per client address (SUIP_SOCKETS_PER_ADDRESS;
                             default 256) --handshake-ms <n> (SUIP_HANDSHAKE_MS)
  --trust-proxy <a,b>        IP addresses of your reverse proxies: per-address budgets then count the
                             client named by X-Forwarded-For (SUIP_TRUST_PROXY; never trusted otherwise)
  --llm-url <url> --llm-model <m> --llm-tools false   the model behind POST /genUI; its key in
                             SUIP_LLM_KEY or --llm-key-file <path> (SUIP_LLM_KEY_FILE)
  --llm-first-byte-ms / --llm-idle-ms / --llm-total-ms <n>   limits of one model stream
  --runtime-cmd "<command> <args>"   relay a seed-002 runtime on /runtime (SUIP_RUNTIME_CMD)
  --runtime-env <A,B>        environment variables the runtime may see (SUIP_RUNTIME_ENV)
Probes: GET /healthz (alive), GET /readyz (ledger writable, room for clients; 503 with reasons),
GET /metrics (Prometheus text; needs the agent token). Exits 1 when the ledger's writer cannot recover.
Needs the optional peers: npm install ws better-sqlite3 (and redis for --redis).
`;

const [command, ...flags] = process.argv.slice(2);
if (command === 'mcp') {
  // suip as an MCP App server (server/mcp/): stdio or Streamable HTTP. Before the help check below,
  // so `suip mcp --help` prints its own usage, not serve's.
  const { mcpMain } = await import('../mcp/main.ts');
  await mcpMain(flags);
} else if (
  command === undefined ||
  command === 'help' ||
  command === '--help' ||
  command === '-h' ||
  flags.includes('--help')
) {
  process.stdout.write(USAGE);
} else if (command !== 'serve') {
  process.stderr.write(
    `suip: unknown command ${JSON.stringify(command)}; the commands are "serve" and "mcp".\n\n${USAGE}`,
  );
  process.exitCode = 2;
} else {
  try {
    await serve(flags, 'suip serve');
  } catch (error) {
    // The configuration was accepted (a refused one exits 2 inside serve); the server failed to start.
    process.stderr.write(`suip serve: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
