import { MCP_USAGE, McpUsageError, runMcp } from './mcp-command.ts';

/**
 * `npm run mcp -- [flags]` and `suip mcp [flags]`: suip's MCP server. HTTP prints
 * `listening <url>` on stdout; stdio keeps stdout for the protocol and reports on stderr.
 * Exit codes: 2 for a usage error, 1 when the server fails to start.
 */
export async function mcpMain(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return void process.stdout.write(MCP_USAGE);
  try {
    const served = await runMcp(argv);
    const say = argv.includes('--stdio') ? process.stderr : process.stdout;
    if (served.sandbox !== undefined) say.write(`sandbox ${served.sandbox}\n`);
    say.write(`listening ${served.url}\n`);
    const stop = () => void served.close().finally(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    process.stderr.write(
      `suip mcp: ${(error as Error).message}\n${error instanceof McpUsageError ? `\n${MCP_USAGE}` : ''}`,
    );
    process.exitCode = error instanceof McpUsageError ? 2 : 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await mcpMain(process.argv.slice(2));
