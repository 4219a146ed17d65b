import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Opt-in Firefox project (SUIP_FIREFOX=1, `npm run test:e2e:firefox`): the sandbox and security specs
 * in Debian's Firefox ESR, driven over WebDriver BiDi. It does not exist otherwise, so `npm test`
 * runs exactly what it ran before. The executable is a wrapper that starts /usr/bin/firefox-esr and
 * answers the one BiDi command ESR 153 rejects (see e2e/firefox/firefox-esr-bidi.mjs, design §8).
 */
const firefoxProjects =
  process.env.SUIP_FIREFOX === '1'
    ? [
        {
          name: 'firefox',
          testMatch: [
            'sandbox-pipeline.spec.ts',
            'sandbox-lifecycle.spec.ts',
            'sandbox-isolation.spec.ts',
            'security-egress.spec.ts',
            'sandbox-budgets.spec.ts',
            'sandbox-strict-csp.spec.ts',
            'security-iframe.spec.ts',
            // Host CPU (CDP) is Chromium only: in Firefox these judge stalls by the in-page meter and
            // an idle control page alone; error texts are asserted only in Chromium.
            'security-escape.spec.ts',
            'security-spoofing.spec.ts',
            'security-controls.spec.ts',
            'security-floods.spec.ts',
            'security-loops.spec.ts',
          ],
          // One worker: the lifecycle spec measures host stalls, which parallel specs would inflate.
          workers: 1,
          use: {
            browserName: 'firefox' as const,
            channel: 'moz-firefox',
            launchOptions: {
              executablePath: fileURLToPath(new URL('./e2e/firefox/firefox-esr-bidi.mjs', import.meta.url)),
              args: [],
            },
          },
        },
      ]
    : [];

/**
 * Port of the Vite server the specs run against. Without SUIP_E2E_PORT the suite takes a free port of its own and
 * starts its own server there, so it never runs against whatever already listens on 5173 (one's own `npm start`);
 * the port goes into the environment, which the worker processes inherit, so they all load this file with it.
 * With SUIP_E2E_PORT=N it uses N and reuses a server already listening there (outside CI).
 */
const chosen = process.env.SUIP_E2E_PORT;
const port = chosen === undefined || chosen === '' ? await freePort() : Number(chosen);
process.env.SUIP_E2E_PORT = String(port);

/** A port the kernel says is free on 127.0.0.1 now (Vite's `--strictPort` fails loudly if one is taken meanwhile). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/**
 * End-to-end specs run in Debian's Chromium (Playwright cannot download browsers on these machines).
 * The flags keep Chromium from reaching for the network on start (the machine has none).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI: two shared cores make a rare timing miss possible; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Specs that measure host stalls (tagged @stall) run last and alone, so other specs' load is not measured as a stall.
  projects: [
    { name: 'chromium', grepInvert: /@stall/ },
    { name: 'stall', grep: /@stall/, dependencies: ['chromium'], workers: 1 },
    ...firefoxProjects,
  ],
  webServer: {
    command: `npx vite --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: chosen !== undefined && chosen !== '' && !process.env.CI,
    timeout: 60_000,
  },
});
