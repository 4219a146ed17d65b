import { expect as baseExpect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExample, openPlayground, slotView, trackPageErrors } from './fixtures/playground/playground-page.ts';
import { startStaticServer } from './fixtures/playground/static-server.ts';

// Interactions cross two sandboxes and a shared, loaded machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 10_000 });

/**
 * `npm run build` output works from a plain static server, from a sub-path, the same as the dev
 * server: both generators start in their sandboxes, examples run and react, the devtools agree.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;
let server: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = mkdtempSync(join(tmpdir(), 'suip-playground-dist-'));
  // The same build as `npm run build`, written elsewhere so a developer's dist/ is left alone.
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'pipe',
  });
  server = await startStaticServer(outDir, '/some/sub/path/');
});

test.afterAll(async () => {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('the static build served from a sub-path runs the playground like the dev server', async ({ page }) => {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  expect(html).not.toMatch(/(src|href)="\/(?!\/)/); // every asset URL is relative
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const pageErrors = trackPageErrors(page);

  await openPlayground(page, `${server.url}index.html`);
  await slotView(page, 'left').getByRole('button', { name: 'Show °F' }).click();
  await expect(slotView(page, 'left').getByText('72 °F')).toBeVisible();
  await slotView(page, 'right').getByRole('button', { name: '+1' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 1 times')).toBeVisible();

  const view = await loadExample(page, 'todo-list', 'left');
  await view.getByLabel('New task').fill('Ship the build');
  await view.getByRole('button', { name: 'Add' }).click();
  await expect(view.getByRole('checkbox', { name: 'Ship the build' })).toBeVisible();

  await page.getByRole('tab', { name: 'Tree' }).click();
  await expect(page.locator('pg-tree-inspector').getByTestId('mirror-check')).toHaveText(/✓/);
  expect(failed).toEqual([]);
  expect(pageErrors).toEqual([]);
});
