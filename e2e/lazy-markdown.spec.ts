import { expect, test } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 3: markdown-it is a chunk of its own, loaded the first time a text needs more than
// a plain paragraph or heading; a UI of plain texts never loads it.
test('markdown-it loads only when a text needs it, and the text is then rendered as markdown', async ({ page }) => {
  const pipelineRequests: string[] = [];
  page.on('request', (request) => {
    if (/markdown-pipeline|markdown-it/.test(request.url())) pipelineRequests.push(request.url());
  });
  await openHost(page);
  expect(
    await attach(
      page,
      'plain',
      `suip.render(suip.group(null, [['p', suip.text('just words')], ['h', suip.text('## A plain heading')]]));`,
    ),
  ).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('just words')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A plain heading' })).toBeVisible();
  expect(pipelineRequests).toEqual([]);

  expect(
    await attach(
      page,
      'rich',
      `suip.render(suip.group(null, [['m', suip.text('some **bold** words and [a link](https://example.org/)')]]));`,
    ),
  ).toEqual({ ok: true, status: 'ready' });
  // Shown as markdown once the pipeline has loaded (no raw asterisks left on screen).
  await expect(page.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'a link' })).toHaveAttribute('href', 'https://example.org/');
  await expect(page.getByText('**bold**')).toHaveCount(0);
  expect(pipelineRequests.length).toBeGreaterThan(0);
});

test('under a strict host CSP (script-src self, sandboxUrl) the markdown chunk loads and renders', async ({ page }) => {
  await page.goto('/e2e/fixtures/sandbox/strict-csp.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate(() =>
    window.sandboxTest.mount({ sandboxUrl: '/suip-sandbox.html', initializeTimeoutMs: 10_000 }),
  );
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  expect(
    await page.evaluate(
      (code) => window.sandboxTest.attach('g', code),
      `suip.render(suip.group(null, [['m', suip.text('under CSP: *emphasis* and a list\\n\\n- one\\n- two')]]));`,
    ),
  ).toEqual({ ok: true, status: 'ready' });
  await expect(page.locator('em', { hasText: 'emphasis' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(2);
  expect(violations).toEqual([]);
});
