import { expect, test } from '@playwright/test';
import { openPlayground, trackPageErrors } from './fixtures/playground/playground-page.ts';

/**
 * The playground's A2UI mode (issue 16): A2UI's own 36 examples are in the examples menu; picking
 * one shows the agent's message stream in the editor and renders it through suip's A2UI bridge, in
 * the same renderer as the programs beside it.
 */
test('the examples menu lists the 36 A2UI examples, and one renders through the bridge beside a program', async ({ page }) => {
  const errors = trackPageErrors(page);
  await openPlayground(page);
  const menu = page.getByLabel('Examples');
  await expect(menu.locator('optgroup[label^="A2UI"] option')).toHaveCount(36);
  await page.locator('.slots [data-slot="left"]').click();
  await menu.selectOption('a2ui-01_flight-status');
  await expect(page.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
  // The editor shows the agent's messages; the stage shows the surface, and the right program still runs.
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(/"createSurface"/);
  await expect(page.locator('suip-tree').getByRole('heading', { name: 'Vienna' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('suip-tree [data-generator="right"]').getByRole('button', { name: '+1' })).toBeVisible();
  await expect(page.locator('suip-tree suip-unknown')).toHaveCount(0);
  // Back to a program: the A2UI surfaces are detached.
  await menu.selectOption('counter');
  await expect(page.locator('suip-tree [data-generator="left"]').getByRole('button', { name: '+1' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('suip-tree [data-generator^="left-a2ui"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
