import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { benchAnchors } from './anchors-plugin.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The launch flags of `playwright.config.ts` (design §8): Debian's Chromium, no network on start. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * One Vite dev server (the project's config plus the anchors plugin) and one Chromium for a whole
 * benchmark session. Every run gets a fresh page, so runs do not share heaps or leftover DOM.
 */
export async function openBrowserSession({ port = Number(process.env.SUIP_BENCH_PORT ?? 5291) } = {}) {
  const server = await createServer({
    root: ROOT,
    configFile: `${ROOT}/vite.config.ts`,
    logLevel: 'error',
    plugins: [benchAnchors()],
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false },
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const base = `http://127.0.0.1:${port}`;
  return {
    browserVersion: browser.version(),
    /**
     * Open `page` (a path under the server), call `window.bench[fn](params)` there and return its
     * result. The page can read this page's CDP Performance metrics through `benchMetrics()`.
     */
    async run(pagePath, fn, params, { timeoutMs = 180_000, withPage } = {}) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        await page.exposeFunction('benchMetrics', async () => {
          const { metrics } = await cdp.send('Performance.getMetrics');
          return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
        });
        await page.goto(`${base}${pagePath}`);
        await page.waitForFunction((name) => typeof window.bench?.[name] === 'function', fn, { timeout: 60_000 });
        if (withPage) await withPage(page, cdp);
        page.setDefaultTimeout(timeoutMs);
        const result = await page.evaluate(([name, args]) => window.bench[name](args), [fn, params]);
        if (errors.length > 0 && result && typeof result === 'object') result.pageErrors = errors.slice(0, 5);
        return result;
      } finally {
        await context.close();
      }
    },
    /** Open a page and hand it to `body` (for cases that drive CDP themselves, like the soak). */
    async withPage(pagePath, body) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await page.goto(`${base}${pagePath}`);
        return await body(page, cdp);
      } finally {
        await context.close();
      }
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
