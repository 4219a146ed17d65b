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

/** Chromium (`SUIP_CHROMIUM`, Debian's by default) with the shared launch flags and any `extraArgs`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * A plain Vite dev server of the project (no anchors plugin, dev mode) on `SUIP_BENCH_PORT` (any
 * free port by default) and a Chromium: for the tools that drive one page of their own rather
 * than `openBrowserSession`'s bench pages. `close()` ends both.
 */
export async function openPlainSession({ extraArgs = [] } = {}) {
  const vite = await createServer({
    root: ROOT,
    configFile: `${ROOT}/vite.config.ts`,
    logLevel: 'error',
    server: { port: Number(process.env.SUIP_BENCH_PORT ?? 0), host: '127.0.0.1', hmr: false },
  });
  await vite.listen();
  const { port } = vite.httpServer.address();
  const browser = await launchChromium(extraArgs);
  return {
    browser,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}

async function warmUp(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (let attempt = 0; attempt < 3; attempt++) {
      // A cold dev server compiles the page on this request: at load 30 that took over 30 s.
      await page.goto(url, { timeout: 180_000 });
      const ok = await page
        .waitForFunction(() => window.bench !== undefined, undefined, { timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      if (ok) return;
    }
    throw new Error(`the bench page ${url} never defined window.bench (see the Vite output above)`);
  } finally {
    await context.close();
  }
}

/**
 * One Vite dev server (the project's config plus the anchors plugin) and one Chromium for a whole
 * benchmark session. Every run gets a fresh page, so runs do not share heaps or leftover DOM.
 */
export async function openBrowserSession({ port = Number(process.env.SUIP_BENCH_PORT ?? 5291) } = {}) {
  // Production builds of the dependencies (Lit's dev mode adds checks and warnings that a real
  // host does not pay for).
  process.env.NODE_ENV = 'production';
  const server = await createServer({
    root: ROOT,
    mode: 'production',
    configFile: `${ROOT}/vite.config.ts`,
    logLevel: 'error',
    plugins: [benchAnchors()],
    // Our own dependency cache: dev servers of e2e runs share node_modules/.vite with another
    // config, and each re-optimization there invalidates the other's pages mid-load.
    cacheDir: `${ROOT}/node_modules/.cache/suip-bench/vite-${port}`,
    // Discover every dependency of the pages before the first request: a re-optimization
    // mid-session would reload a page in the middle of a run.
    optimizeDeps: {
      entries: ['bench/pages/*.html'],
      include: [
        'lit',
        'lit/directives/if-defined.js',
        'lit/directives/repeat.js',
        'lit/directives/style-map.js',
        'lit/directives/unsafe-html.js',
        'lit/directive.js',
        'lit/static-html.js',
        'immer',
        'json-rpc-2.0',
        'markdown-it',
        '@sinclair/typebox',
        '@sinclair/typebox/value',
        '@sinclair/typebox/compiler',
        '@remote-dom/core/receivers',
      ],
    },
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false },
  });
  await server.listen();
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  // Load every page once before measuring anything: the first load of each makes Vite bundle the
  // sandbox and anchor scripts, and a dependency discovered late would reload a page mid-run.
  for (const page of ['transport', 'token-stream', 'four-streams', 'lit-update'])
    await warmUp(browser, `${base}/bench/pages/${page}.html`);
  return {
    browserVersion: browser.version(),
    /**
     * Open `page` (a path under the server), call `window.bench[fn](params)` there and return its
     * result. The page can read this page's CDP Performance metrics through `benchMetrics()`.
     */
    async run(pagePath, fn, params, { timeoutMs = 180_000, withPage, afterRun, profile, measured } = {}) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      if (process.env.BENCH_DEBUG) page.on('console', (m) => console.error('[page]', m.type(), m.text()));
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        let calls = 0;
        if (profile) await cdp.send('Profiler.enable');
        // A finer sampling interval for a profile (µs; V8's default is 1,000): short native calls
        // are otherwise attributed by a few coarse samples each.
        if (profile && process.env.SUIP_PROFILE_INTERVAL_US)
          await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.SUIP_PROFILE_INTERVAL_US) });
        await page.exposeFunction('benchMetrics', async () => {
          // With `profile`, the measured window (between the first two calls) is CPU-profiled.
          if (profile && calls === 0) await cdp.send('Profiler.start');
          if (profile && calls === 1) profile((await cdp.send('Profiler.stop')).profile);
          // With `measured`, its start and stop hooks bracket the same window (e.g. a trace).
          if (measured && calls === 0) await measured.start(cdp);
          if (measured && calls === 1) await measured.stop(cdp);
          calls++;
          const { metrics } = await cdp.send('Performance.getMetrics');
          return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
        });
        await page.goto(`${base}${pagePath}`);
        try {
          await page.waitForFunction((name) => typeof window.bench?.[name] === 'function', fn, { timeout: 30_000 });
        } catch {
          await page.reload();
          await page.waitForFunction((name) => typeof window.bench?.[name] === 'function', fn, { timeout: 60_000 });
        }
        if (withPage) await withPage(page, cdp);
        page.setDefaultTimeout(timeoutMs);
        const result = await page.evaluate(([name, args]) => window.bench[name](args), [fn, params]);
        if (errors.length > 0 && result && typeof result === 'object') result.pageErrors = errors.slice(0, 5);
        if (afterRun) await afterRun(page, cdp);
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
