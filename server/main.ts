import { createServer } from 'node:http';
import { join } from 'node:path';
import { canvasRoutes } from './canvas/canvas-api.ts';
import { readConfig } from './config.ts';
import { sendJson } from './http/http-io.ts';
import { createRouter } from './http/router.ts';
import { routeUpgrades } from './http/upgrades.ts';
import type { Route } from './http/route.ts';
import type { Ledger } from './ledger/ledger.ts';
import { createRedisLedger } from './ledger/redis-ledger.ts';
import { createSqliteLedger } from './ledger/sqlite-ledger.ts';
import { createLiveChannel } from './live/live-server.ts';
import { runtimeCommandFrom } from './runtime-bridge/bridge-config.ts';
import { createRuntimeBridge } from './runtime-bridge/bridge.ts';
import { createLogger } from './log.ts';
import { sessionRoutes } from './sessions/session-api.ts';
import { genuiRoutes } from './genui/genui-route.ts';

/**
 * The suip server: `npm run server` (node --import tsx server/main.ts). Zero configuration: an
 * SQLite ledger under `.suip-data/`, 127.0.0.1:6781. `--redis <url>` (or REDIS_URL) shares the
 * ledger between processes; `--port 0` takes a free port. Prints `listening <url>` on stdout when
 * ready; logs JSON lines on stderr; SIGTERM / SIGINT close it gracefully.
 */
const config = readConfig();
const log = createLogger();
const ledger: Ledger = config.redisUrl ? await createRedisLedger(config.redisUrl, { window: config.window }) : createSqliteLedger(join(config.dataDir, 'ledger.sqlite'), { window: config.window });
const runtimeCommand = runtimeCommandFrom();
const bridge = runtimeCommand ? createRuntimeBridge({ ...runtimeCommand, ledger, secret: config.secret, agentToken: config.agentToken, origins: config.origins, log }) : undefined;
const routes: Route[] = [
  { method: 'GET', path: '/healthz', handle: async (_request, response) => sendJson(response, 200, { ok: true, ledger: config.redisUrl ? 'redis' : 'sqlite' }) },
  ...(bridge?.routes ?? []),
  ...genuiRoutes({ llm: config.llm, origins: config.origins, log }),
  ...sessionRoutes({ ledger, secret: config.secret, agentToken: config.agentToken, wsTokenTtlMs: 10 * 60_000, maxBodyBytes: 1 << 20 }),
  ...canvasRoutes({ ledger, secret: config.secret, agentToken: config.agentToken, origins: config.origins, maxBodyBytes: 1 << 20 }),
];
const server = createServer(createRouter(routes, log));
const live = createLiveChannel({ ledger, secret: config.secret, agentToken: config.agentToken, versionPolicy: config.versionPolicy, origins: config.origins, maxFrameBytes: 64 * 1024, maxFramesPerSecond: 200, sessionTokenTtlMs: 24 * 3600_000, log });
routeUpgrades(server, bridge === undefined ? [live] : [live, bridge], log);
server.listen(config.port, config.host, () => {
  const address = server.address() as { port: number };
  const url = `http://${config.host}:${address.port}`;
  log({ event: 'listening', url, ledger: config.redisUrl ? 'redis' : 'sqlite' });
  process.stdout.write(`listening ${url}\n`);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log({ event: 'shutdown', signal });
  await live.close();
  await bridge?.close();
  await new Promise((resolve) => server.close(resolve));
  await ledger.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
