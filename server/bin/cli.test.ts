import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MCP_USAGE } from '../mcp/mcp-command.ts';

/** The `suip` command's help, from a real process (issue 48: `suip mcp --help` printed `suip serve`'s help). */
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
// Each run loads the server's TypeScript through tsx (seconds, many more on a busy machine): no test time limit,
// and a hang (help starting a server) is cut at 5 minutes, far above any machine's load time.
const suip = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', timeout: 300_000 });
const slow = { timeout: 0 };

describe('suip --help', () => {
  it(
    "suip mcp --help prints the MCP server's own flags, and exits 0",
    () => {
      const out = suip('mcp', '--help');
      expect(out.status).toBe(0);
      expect(out.stdout).toBe(MCP_USAGE);
      expect(out.stdout).toContain('--sandbox-port');
    },
    slow.timeout,
  );

  it(
    "suip serve --help and suip --help print the server's flags",
    () => {
      for (const args of [['serve', '--help'], ['--help']]) {
        const out = suip(...args);
        expect(out.status, args.join(' ')).toBe(0);
        expect(out.stdout).toMatch(/^usage: suip serve \[flags\]/);
        expect(out.stdout).not.toContain('--sandbox-port');
      }
    },
    slow.timeout,
  );
});
