/**
 * `node --import tsx bench/first-use-bytes.ts` (part of `npm run bench`): what a default host
 * downloads before its first sandboxed paint, measured as the browser fetches it (issue 43 item 3).
 * A minimal host page — `createRenderer(box)` with default options, then `attach` of a program that
 * renders one text — is built by Vite for production (the project's config: the sandbox plugin,
 * minified, code-split as a host's build splits it), served from 127.0.0.1, and loaded in Chromium.
 * Every script and style the page requests until the program's text is painted is counted, each at
 * its gzip size (level 9, as `bench/package-cost.ts` counts); the page's HTML is the host's own and
 * is not. Also lists what loads after that paint. Rewrites the first-use-bytes section of
 * docs/benchmarks.md.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL('../node_modules/.cache/suip-bench/first-use/', import.meta.url));
const TEXT = 'first sandboxed paint';
/** The budget for a default host's download before its first program paints. */
const TARGET_KB = 60;

rmSync(work, { recursive: true, force: true });
mkdirSync(`${work}src`, { recursive: true });
const HOST_PAGE = '<!doctype html><html lang="en"><meta charset="utf-8"><title>host</title><div id="box"></div>';
writeFileSync(`${work}src/index.html`, `${HOST_PAGE}<script type="module" src="./main.ts"></script></html>`);
writeFileSync(
  `${work}src/main.ts`,
  `import { createRenderer } from '${root}renderer/index.ts';
const renderer = createRenderer(document.getElementById('box')!);
void renderer.attach({ id: 'program', code: "const { text, render } = suip; render(text('${TEXT}'));" });
`,
);
await build({
  root: `${work}src`,
  configFile: `${root}vite.config.ts`,
  logLevel: 'silent',
  base: './',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: `${work}dist`, emptyOutDir: true, minify: true, sourcemap: false },
});

const dist = `${work}dist`;
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://x');
  const path = normalize(join(dist, pathname === '/' ? 'index.html' : pathname));
  if (!path.startsWith(dist)) return void res.writeHead(403).end();
  try {
    const body = readFileSync(path);
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const executablePath = process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
interface Fetched {
  file: string;
  raw: number;
  gzip: number;
  beforePaint: boolean;
}
const fetched: Fetched[] = [];
try {
  const page = await browser.newPage();
  let painted = false;
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(base) || url === base || url.endsWith('.html')) return;
    const beforePaint = !painted;
    void response.body().then((body) => {
      const gzip = gzipSync(body, { level: 9 }).length;
      fetched.push({ file: url.slice(base.length), raw: body.length, gzip, beforePaint });
    });
  });
  await page.goto(base);
  // A string, not a function: tsx would wrap a function's inner closures in a helper the page lacks.
  const deep =
    'function deep(node) { return [...(node.shadowRoot ?? node).childNodes]' +
    ".map((c) => (c.nodeType === 3 ? c.data : deep(c))).join(''); }";
  const shown = `(${deep})(document.body).includes(${JSON.stringify(TEXT)})`;
  await page.waitForFunction(shown, undefined, { timeout: 60_000, polling: 'raf' });
  painted = true;
  // What a renderer requests after the paint (the idle refill of a warm frame, lazy chunks).
  await page.waitForTimeout(1500);
} finally {
  await browser.close();
  server.close();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** A chunk's name without its content hash. */
const name = (file: string) => file.replace(/-[\w-]{8}\.js$/, '.js');
const before = fetched.filter((f) => f.beforePaint).sort((a, b) => b.gzip - a.gzip);
const after = fetched.filter((f) => !f.beforePaint);
const total = before.reduce((sum, f) => sum + f.gzip, 0);
const raw = before.reduce((sum, f) => sum + f.raw, 0);
const later = after.map((f) => `\`${name(f.file)}\` ${kb(f.gzip)}`).join(', ');
const table = [
  '| fetched before the first sandboxed paint | minified | gzip |',
  '|---|---|---|',
  ...before.map((f) => `| \`${name(f.file)}\` | ${kb(f.raw)} | ${kb(f.gzip)} |`),
  `| **total** (issue 43: ≤ ${TARGET_KB} KB) | ${kb(raw)} | **${kb(total)}** |`,
  ...(after.length ? ['', `After the paint: ${later}.`] : []),
].join('\n');
console.log(table);

const doc = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const START = '<!-- first-use-bytes:start -->';
const END = '<!-- first-use-bytes:end -->';
const text = readFileSync(doc, 'utf8');
const how =
  'a host page built by Vite for production with `createRenderer(box)` (default options) and one `attach`, loaded in ' +
  "Chromium; every script it requests until the program's text is painted, at gzip -9.";
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const command = '`node --import tsx bench/first-use-bytes.ts` (part of `npm run bench`)';
const section = `${START}\n\nMeasured ${when} UTC with ${command}: ${how}\n\n${table}\n\n${END}`;
if (text.includes(START)) writeFileSync(doc, text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section));
else console.warn('docs/benchmarks.md has no first-use-bytes markers: not written');
