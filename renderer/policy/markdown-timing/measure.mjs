// Measure the markdown pipelines in Debian's Chromium: `node renderer/policy/markdown-timing/measure.mjs`.
// Starts Vite on a free port, opens the timing page, prints µs per call for each input set.
import { chromium } from 'playwright';
import { createServer } from 'vite';

const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
await server.listen();
const { port } = server.httpServer.address();
const browser = await chromium.launch({
  executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/renderer/policy/markdown-timing/index.html`);
  await page.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
  const results = JSON.parse(await page.textContent('#out'));
  for (const [set, rows] of Object.entries(results)) {
    console.log(`${set}: ${rows.map((r) => `${r.name} ${r.perCallUs} µs`).join(' | ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
