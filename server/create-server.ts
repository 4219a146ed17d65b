import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { MIN_SECRET_CHARS, registerSecret } from '../shared/redact.ts';
import { agUiRoutes } from './ag-ui/ag-ui-route.ts';
import { canvasRoutes } from './canvas/canvas-api.ts';
import type { ServerConfig } from './config.ts';
import { genuiRoutes } from './genui/genui-route.ts';
import { createBrowserGuard, developmentOrigins } from './http/browser-guard.ts';
import { connectionCeiling, guardConnections, HTTP_SERVER_OPTIONS } from './http/connection-guard.ts';
import type { Route } from './http/route.ts';
import { createRouter } from './http/router.ts';
import { createSocketBudgets, type SocketLimits } from './http/socket-budgets.ts';
import { routeUpgrades } from './http/upgrades.ts';
import type { Ledger } from './ledger/ledger.ts';
import { createRedisLedger } from './ledger/redis-ledger.ts';
import { createSqliteLedger } from './ledger/sqlite-ledger.ts';
import { createLiveChannel } from './live/live-server.ts';
import { healthRoutes } from './metrics/health-routes.ts';
import { countRefusals } from './metrics/refusal-counter.ts';
import { runtimeCommandFrom } from './runtime-bridge/bridge-config.ts';
import { createRuntimeBridge } from './runtime-bridge/bridge.ts';
import { sessionRoutes } from './sessions/session-api.ts';

/** Which ledger a configuration runs on, as `/healthz` and the `listening` log line name it. */
export function ledgerKind(
  config: Pick<ServerConfig, 'redisUrl' | 'redisCluster'>,
): 'redis-cluster' | 'redis' | 'sqlite' {
  return config.redisCluster ? 'redis-cluster' : config.redisUrl ? 'redis' : 'sqlite';
}

/** A running suip server. */
export interface SuipServer {
  readonly server: Server;
  readonly ledger: Ledger;
  /** The URL it listens on (`http://host:port`). */
  readonly url: string;
  /** Stop taking connections, tell every socket, close the runtime and the ledger. */
  close(): Promise<void>;
}

/** What `startServer` takes besides the configuration. */
export interface StartOptions {
  log(event: Record<string, unknown>): void;
  /** The ledger's writer failed past its restarts: exit non-zero so a supervisor restarts it (default: only logged). */
  onFatal?(reason: string): void;
  /** Socket budgets (per address, per session, bytes queued); defaults in `server/http/socket-budgets.ts`. */
  socketLimits?: Partial<SocketLimits>;
}

/**
 * Build and start the suip server from a configuration: the ledger (SQLite by default, Redis
 * Streams with `redisUrl`, on a Redis Cluster with `redisCluster`), every route and socket endpoint behind one edge
 * (`server/http/`), the optional runtime bridge. Resolves once it listens.
 */
export async function startServer(config: ServerConfig, options: StartOptions): Promise<SuipServer> {
  const refusals = countRefusals(options.log);
  const log = refusals.log;
  const onFatal = (reason: string) => {
    const fix = 'the process must be restarted (a supervisor such as systemd, Docker or Kubernetes does it on exit)';
    log({ event: 'ledger-failed', reason, fix });
    options.onFatal?.(reason);
  };
  const quota = config.quotaMb === undefined ? {} : { quotaBytes: config.quotaMb * 1024 * 1024 };
  const ledgerOptions = { window: config.window, ...quota };
  const redis = config.redisCluster ? { cluster: config.redisCluster } : config.redisUrl;
  const ledger: Ledger = redis
    ? await createRedisLedger(redis, ledgerOptions)
    : createSqliteLedger(join(config.dataDir, 'ledger.sqlite'), { ...ledgerOptions, log, onFatal });
  // Everything the ledger's writer needs is loaded before a client can connect (it once died on
  // EMFILE loading a module under a descriptor flood, and the server answered 503 for good).
  await ledger.ready?.();
  // Development default: on a loopback bind with no --origins, pages from this machine may connect.
  const loopbackPages = developmentOrigins(config);
  const guard = createBrowserGuard({ origins: config.origins, hosts: config.hosts, loopbackPages });
  if (loopbackPages)
    log({
      event: 'origins',
      allowed:
        'pages from localhost, 127.0.0.1 and [::1] at any port (a ' +
        'loopback bind with no --origins: the development default)',
    });
  else if (config.origins.length === 0)
    log({
      event: 'origins',
      allowed: 'none',
      fix:
        `the server listens on ${config.host} with no --origins, so every browser page is ` +
        `refused; start it with --origins <https://your.app> (comma-separated)`,
    });
  else log({ event: 'origins', allowed: config.origins });
  // Nothing refused silently: a configured secret too short to redact in its disguised forms is
  // said at start, by its setting's name (never its value).
  const secrets = { SUIP_LLM_KEY: config.llm?.apiKey, SUIP_AGENT_TOKEN: config.agentToken, SUIP_SECRET: config.secret };
  for (const [setting, value] of Object.entries(secrets)) {
    if (!value || registerSecret(value) !== 'too-short') continue;
    const fix = `use a value of at least ${MIN_SECRET_CHARS} characters; logs and relays cannot remove a shorter one`;
    log({ event: 'secret-too-short', setting, fix });
  }
  const perAddress = config.socketsPerAddress !== undefined ? { perAddress: config.socketsPerAddress } : {};
  const budgets = createSocketBudgets({ total: connectionCeiling(), ...perAddress, ...options.socketLimits });
  const runtimeCommand = runtimeCommandFrom();
  const bridge = runtimeCommand
    ? createRuntimeBridge({
        ...runtimeCommand,
        ledger,
        guard,
        budgets,
        secret: config.secret,
        agentToken: config.agentToken,
        log,
      })
    : undefined;
  const routes: Route[] = [
    ...healthRoutes({ ledger, ledgerKind: ledgerKind(config), budgets, refusals }),
    ...(bridge?.routes ?? []),
    ...genuiRoutes({ llm: config.llm, log }),
    ...agUiRoutes({ llm: config.llm, log }),
    ...sessionRoutes({
      ledger,
      secret: config.secret,
      agentToken: config.agentToken,
      wsTokenTtlMs: 10 * 60_000,
      maxBodyBytes: 1 << 20,
    }),
    ...canvasRoutes({
      ledger,
      secret: config.secret,
      agentToken: config.agentToken,
      maxBodyBytes: 1 << 20,
      log,
      authenticated: (request) => connections.authenticated(request),
      ...(config.window !== undefined ? { window: config.window } : {}),
    }),
  ];
  const server = createServer(HTTP_SERVER_OPTIONS);
  // SECURITY: every connection is counted from its accept, before a byte of it is parsed.
  const connections = guardConnections(server, { budgets, trustProxy: config.trustProxy ?? [], log });
  if ((config.trustProxy ?? []).length > 0) {
    const note = 'X-Forwarded-For is read from these addresses only (its rightmost hop that is not one of them)';
    log({ event: 'trust-proxy', proxies: config.trustProxy, note });
  }
  const edge = { guard, agentToken: config.agentToken, log, authenticated: connections.authenticated };
  server.on('request', createRouter(routes, edge));
  const live = createLiveChannel({
    ledger,
    secret: config.secret,
    agentToken: config.agentToken,
    guard,
    budgets,
    versionPolicy: config.versionPolicy,
    maxFrameBytes: 64 * 1024,
    maxFramesPerSecond: 200,
    sessionTokenTtlMs: 24 * 3600_000,
    ...(config.handshakeMs !== undefined ? { handshakeMs: config.handshakeMs } : {}),
    log,
  });
  routeUpgrades(server, bridge === undefined ? [live] : [live, bridge], { guard, log });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const port = (server.address() as { port: number }).port;
  guard.listening(port);
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  return {
    server,
    ledger,
    url,
    async close() {
      await live.close();
      await bridge?.close();
      server.closeIdleConnections();
      await new Promise((resolve) => server.close(resolve));
      await ledger.close();
    },
  };
}
