import { expect, test } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTER_PROGRAM, PRODUCT_PROGRAM, consumerApps, writeApp } from './fixtures/package/consumer-apps.ts';
import { startFakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { startStaticServer } from './fixtures/playground/static-server.ts';

/**
 * suip as a package (issue 11): `npm pack` the repository, install the tarball into fresh apps that
 * copy no file of the repository — Vite, esbuild, Webpack, React 19 and a page with no bundler —, build
 * each with its own tool, serve it on 127.0.0.1 and render, click and theme a program in Chromium.
 * Slow by nature (installs and builds): it runs once, in its own describe, serially.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
const version = (name: string) => lock.packages[`node_modules/${name}`]?.version ?? 'latest';
const apps = consumerApps({ vite: version('vite'), esbuild: version('esbuild'), webpack: version('webpack'), 'webpack-cli': version('webpack-cli'), react: version('react'), 'react-dom': version('react-dom') });

let work: string;
let tarball: string;
let files: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'suip-consumers-'));
  // `npm pack` runs `prepack`, which builds the package.
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(work, packed[0]!.filename);
  files = packed[0]!.files.map((file) => file.path);
  for (const app of apps) {
    const folder = join(work, app.name);
    writeApp(folder, app, tarball);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], { cwd: folder, stdio: 'pipe' });
    if (app.build) execFileSync('npx', ['--no-install', ...app.build], { cwd: folder, stdio: 'pipe' });
  }
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball ships the built entries, types, the sandbox document, LICENSE and CHANGELOG — and no test, fixture, bench or playground file', () => {
  expect(files).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json', 'dist/lib/renderer.js', 'dist/lib/headless.js', 'dist/lib/kit.js', 'dist/lib/react.js', 'dist/lib/a2ui.js', 'dist/lib/live.js', 'dist/lib/browser/suip.js', 'dist/lib/suip-sandbox.html', 'dist/lib/types/renderer/index.d.ts']));
  expect(files.filter((path) => /(^|\/)(e2e|bench|playground|examples|fixtures?)\/|\.test\.|\.spec\./.test(path))).toEqual([]);
});

test('a consumer file typechecks against the packed types, and a wrong call is a type error', () => {
  const folder = join(work, 'vite');
  writeFileSync(join(folder, 'consumer.ts'), `import { createRenderer, SuipHostError, type GeneratorHandle } from 'suip';
import { BUILTIN_VOCABULARY, createGroupChecker } from 'suip/headless';
import { systemPrompt, connectGenerator, group, text } from 'suip/kit';
import { SuipView, useSuip } from 'suip/react';
import { createA2uiClient } from 'suip/a2ui';
import { connectLiveProgram, type LiveStatus } from 'suip/live';
export async function start(element: HTMLElement): Promise<GeneratorHandle> {
  const renderer = createRenderer(element, { hostContext: { theme: 'dark', locale: 'en' } });
  const handle = await renderer.attach({ id: 'a', code: 'suip.render(suip.text("hi"))', outputs: ['action'] });
  handle.onOutput((channel: string, value: unknown) => console.log(channel, value));
  // @ts-expect-error maxNodes is a number
  createRenderer(element, { limits: { maxNodes: 'many' } });
  return handle;
}
export const checks = [SuipHostError, BUILTIN_VOCABULARY.length, createGroupChecker, systemPrompt(BUILTIN_VOCABULARY).length, connectGenerator, group('card', [['t', text('x')]]), SuipView, useSuip, createA2uiClient, connectLiveProgram];
export const status: LiveStatus = 'connected';
`);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM'], types: [] }, files: ['consumer.ts'] }));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', folder], { cwd: folder, stdio: 'pipe' });
});

test("the doc's server route, run as a real Node process against the installed package, asks a model with systemPrompt() and answers the program", async () => {
  const model = await startFakeLlmServer(() => `Here is your UI:\n\n\`\`\`js\n${COUNTER_PROGRAM}\n\`\`\``);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['server.mjs'], { cwd: join(work, 'vite'), env: { ...process.env, LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'scripted', PORT: String(port) }, stdio: 'pipe' });
  try {
    let code = '';
    for (let attempt = 0; attempt < 100 && code === ''; attempt += 1) {
      code = await fetch(`http://127.0.0.1:${port}/api/generate-ui`).then((r) => r.text(), () => '');
      if (code === '') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(code.trim()).toBe(COUNTER_PROGRAM);
    expect(model.requests[0]!.messages[0]!.content).toContain('suip');
    expect(model.requests[0]!.messages[0]!.content.length).toBeGreaterThan(1000);
  } finally {
    child.kill();
    await model.close();
  }
});

test('components: a host-registered product-card renders with the host element, and its vocabulary errors name it', async ({ page }) => {
  const server = await startStaticServer(join(work, 'components', 'dist'), '/', { '/api/generate-ui': PRODUCT_PROGRAM });
  try {
    await page.goto(server.url);
    await expect(page.locator('product-card')).toHaveText('Desk lamp — €39', { timeout: 20_000 });
    await expect(page.locator('body')).toHaveAttribute('data-last-error', /"product-card".*"price"|"price".*"product-card"/, { timeout: 20_000 });
    await expect(page.locator('product-card')).toHaveCount(1);
  } finally {
    await server.close();
  }
});

for (const app of apps.filter((a) => a.name !== 'components')) {
  test(`${app.name}: the installed package renders, reacts and follows the host's dark theme`, async ({ page }) => {
    // The doc's snippets ask their server for the model's program; here it is the counter.
    const server = await startStaticServer(join(work, app.name, app.serve), '/', { '/api/generate-ui': COUNTER_PROGRAM });
    try {
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(server.url);
      await expect(page.getByText('Packaged counter')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Add one' }).click();
      await expect(page.getByText('Clicked 1 times')).toBeVisible();
      const color = await page.getByText('Packaged counter').evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
      // Dark theme: light text.
      expect((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255, color).toBeGreaterThan(0.6);
      if (app.name === 'react') await expect(page.getByText('Status: ready')).toBeVisible();
      await expect(page.locator('body[data-ready=yes]')).toHaveCount(1);
      expect(failed).toEqual([]);
    } finally {
      await server.close();
    }
  });
}

