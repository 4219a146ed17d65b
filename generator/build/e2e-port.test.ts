import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The end-to-end suite's dev server port (playwright.config.ts; issue 48: the suite reused whatever listened on 5173,
 * e.g. one's own `npm start`, and ran against it). The config is loaded as Playwright loads it, in a process of its
 * own, and what it decided is read back.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Decided {
  baseURL: string;
  command: string;
  reuse: boolean;
  exported: string;
}

function loadConfig(env: Record<string, string | undefined>): Decided {
  const read = `const c = (await import('./playwright.config.ts')).default;
console.log(JSON.stringify({ baseURL: c.use.baseURL, command: c.webServer.command,
  reuse: c.webServer.reuseExistingServer, exported: process.env.SUIP_E2E_PORT }));`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'SUIP_E2E_PORT' && key !== 'CI'),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', read], {
    cwd: root,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Decided;
}

/** Each load starts Node with tsx (about 15 s at load 25): no time limit but spawnSync's own, which ends a hang. */
const slow = { timeout: 0 };

describe('playwright.config.ts: the dev server port', () => {
  it(
    'without SUIP_E2E_PORT: a free port of its own, never 5173, never reusing a server already there',
    () => {
      const decided = loadConfig({});
      const port = Number(new URL(decided.baseURL).port);
      expect(port).not.toBe(5173);
      expect(decided.reuse).toBe(false);
      expect(decided.command).toContain(`--port ${port} --strictPort`);
      // The workers load the config again: they must get the same port, through the environment.
      expect(decided.exported).toBe(String(port));
      // Whether it is still free is not probed here: on a shared machine another process may take it meanwhile, a
      // verdict a busy machine could flip. `--strictPort` makes Vite refuse a taken port out loud instead.
    },
    slow.timeout,
  );

  it(
    'with SUIP_E2E_PORT=N: that port, and a server already listening there is reused (outside CI)',
    () => {
      const decided = loadConfig({ SUIP_E2E_PORT: '47123' });
      expect(decided.baseURL).toBe('http://127.0.0.1:47123');
      expect(decided.reuse).toBe(true);
      expect(loadConfig({ SUIP_E2E_PORT: '47123', CI: '1' }).reuse).toBe(false);
    },
    slow.timeout,
  );
});
