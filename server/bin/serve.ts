import { join } from 'node:path';
import { readConfig, type ServerConfig } from '../config.ts';
import { ledgerKind, startServer } from '../create-server.ts';
import { createLogger } from '../log.ts';

/**
 * Run the suip server as a process until SIGTERM / SIGINT: configuration from `argv` (flags) and
 * the environment, structured logs on stderr, `listening <url>` on stdout once it accepts
 * connections (what scripts and tests wait for). A refused configuration is one line on stderr
 * prefixed with `label` and exit code 2, never a stack trace (and never an echo of a secret).
 * Shared by `npm run server` (server/main.ts, TypeScript through tsx) and `npx suip serve` (the
 * prebuilt CLI), so both take the same flags and fail the same way.
 */
export async function serve(argv: readonly string[], label: string): Promise<void> {
  let config: ServerConfig;
  try {
    config = readConfig(argv);
  } catch (error) {
    process.stderr.write(`${label}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const log = createLogger();
  // A ledger that cannot write is not hidden behind a live process: exit non-zero, a supervisor restarts it.
  const running = await startServer(config, { log, onFatal: () => process.exit(1) });
  log({ event: 'listening', url: running.url, ledger: ledgerKind(config) });
  // Where an agent finds its token (never the token itself: logs are not for secrets).
  const given =
    process.env.SUIP_AGENT_TOKEN !== undefined ||
    process.env.SUIP_AGENT_TOKEN_FILE !== undefined ||
    argv.some((arg) => arg.startsWith('--agent-token-file'));
  log({
    event: 'agent-token',
    where: given
      ? 'as given (SUIP_AGENT_TOKEN, SUIP_AGENT_TOKEN_FILE or --agent-token-file)'
      : `the file ${join(config.dataDir, 'agent-token')} (made on first start, mode 0600)`,
  });
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
