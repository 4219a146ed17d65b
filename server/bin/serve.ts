import { readConfig } from '../config.ts';
import { startServer } from '../create-server.ts';
import { createLogger } from '../log.ts';

/**
 * Run the suip server until SIGTERM / SIGINT: configuration from `argv` (flags) and the
 * environment, structured logs on stderr, `listening <url>` on stdout once it accepts connections
 * (what scripts and tests wait for). Shared by `npm run server` (server/main.ts, TypeScript through
 * tsx) and `npx suip serve` (the prebuilt CLI), so both take the same flags.
 */
export async function serve(argv: readonly string[]): Promise<void> {
  const config = readConfig(argv);
  const log = createLogger();
  const running = await startServer(config, { log });
  log({ event: 'listening', url: running.url, ledger: config.redisUrl ? 'redis' : 'sqlite' });
  process.stdout.write(`listening ${running.url}\n`);

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log({ event: 'shutdown', signal });
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
