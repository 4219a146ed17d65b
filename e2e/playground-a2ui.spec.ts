import { expect, test } from '@playwright/test';
import { docsImage } from './helpers/docs-image.ts';
import { openPlayground, openSingle, trackPageErrors } from './fixtures/playground/playground-page.ts';

/**
 * The playground's A2UI mode (issue 16): A2UI's own 36 examples are in the examples menu; picking
 * one shows the agent's message stream in the editor and renders it through suip's A2UI bridge, in
 * the same renderer as the programs beside it.
 */
test('the examples menu lists the 36 A2UI examples, and one renders through the bridge beside a program', async ({
  page,
}) => {
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
  await expect(page.locator('suip-tree [data-generator="left"]').getByRole('button', { name: '+1' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('suip-tree [data-generator^="left-a2ui"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/**
 * The A2UI gallery as issue 30 saw it (item 7): icon names as text (`send`, `priority_high`),
 * "Media not shown" for every image, `Button Button Button`. Icons now render as suip icons, the
 * remote sample images are local samples the media policy shows, and icon-only buttons are
 * labelled by their icon's meaning.
 */
test('the A2UI gallery: icons as icons, sample images shown, icon-only buttons labelled', async ({ page }) => {
  const errors = trackPageErrors(page);
  await openSingle(page);
  const menu = page.getByLabel('Examples');
  const surface = page.locator('suip-tree [data-generator^="left-a2ui"]');
  await menu.selectOption('a2ui-07_task-card');
  await expect(surface.first()).toBeVisible({ timeout: 20_000 });
  await expect(surface.locator('suip-icon').first()).toBeVisible();
  await expect(surface.getByText(/priority.high/i)).toHaveCount(0);
  // The shipping steps name Material icons in their data ("send" for out for delivery).
  await menu.selectOption('a2ui-21_shipping-status');
  await expect(surface.getByText('Out for Delivery')).toBeVisible({ timeout: 20_000 });
  expect(await surface.locator('suip-icon').count()).toBeGreaterThanOrEqual(3);
  await expect(surface.getByText(/^send$/)).toHaveCount(0);

  await menu.selectOption('a2ui-06_music-player');
  await expect(page.getByTestId('notice')).toContainText('swapped for local samples');
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(/data:image\/svg\+xml/);
  await expect(surface.getByRole('button', { name: 'Skip previous' })).toBeVisible({ timeout: 20_000 });
  await expect(surface.getByRole('button', { name: /^(Play|Pause)$/ })).toBeVisible();
  await expect(surface.getByRole('button', { name: 'Skip next' })).toBeVisible();
  await expect(surface.getByRole('button', { name: 'Button' })).toHaveCount(0);
  const cover = surface.locator('img').first();
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: docsImage('playground-a2ui.png') });
  await menu.selectOption('a2ui-05_product-card');
  await expect(surface.locator('img').first()).toBeVisible({ timeout: 20_000 });
  await expect(surface.getByText(/Media not shown \(image/)).toHaveCount(0);
  await expect(page.locator('suip-tree suip-unknown')).toHaveCount(0);
  expect(errors).toEqual([]);
});
