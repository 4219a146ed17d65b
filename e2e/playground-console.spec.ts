import { expect, test } from '@playwright/test';
import { loadExample, openSingle } from './fixtures/playground/playground-page.ts';

/**
 * An attach is silent in the console (issue 30 item 8: each attach logged 9 permissions-policy
 * warnings, one per feature of the sandbox iframe's `allow` attribute that Chromium does not know).
 * Everything the page logs while programs attach, run and re-attach is collected; none may be a
 * warning or an error.
 */
test('attaching programs logs no console warning or error', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    // Lit's dev-mode notice comes from the dev server's unminified Lit, not from an attach.
    if (/Lit is in dev mode/.test(message.text())) return;
    if (message.type() === 'warning' || message.type() === 'error')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  // The first attach counts: Chromium warns about an unknown feature once per page, at the first iframe.
  await openSingle(page, 'example=counter');
  for (const id of ['weather-card', 'dashboard', 'counter']) await loadExample(page, id);
  await page.getByRole('radio', { name: 'Side by side' }).check();
  await expect(page.getByTestId('status-right')).toHaveText('ready', { timeout: 20_000 });
  // Five attaches in all, the side-by-side pair among them.
  expect(await page.locator('iframe[title="suip generator sandbox"]').count()).toBeGreaterThanOrEqual(2);
  expect(messages).toEqual([]);
});
