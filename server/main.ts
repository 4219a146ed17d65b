import { readConfig } from './config.ts';
import { startServer } from './create-server.ts';
import { createLogger } from './log.ts';

/**
 * The suip server: `npm run server` (node --import tsx server/main.ts). Zero configuration: an
 * SQLite ledger under `.suip-data/`, 127.0.0.1:6781. `--redis <url>` (or REDIS_URL) shares the
 * ledger between processes; `--port 0` takes a free port. Prints `listening <url>` on stdout when
 * ready; logs JSON lines on stderr; SIGTERM / SIGINT close it gracefully.
 */
const config = readConfig();
const log = createLogger();
const running = await startServer(config, { log });
log({ event: 'listening', url: running.url, ledger: config.redisUrl ? 'redis' : 'sqlite' });
process.stdout.write(`listening ${running.url}\n`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log({ event: 'shutdown', signal });
  await running.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
