import { expect, test } from '@playwright/test';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openSingle, slotView } from './fixtures/playground/playground-page.ts';

/** Example ids: the program files in examples/ (the menu's order does not matter here). */
const EXAMPLES = readdirSync(fileURLToPath(new URL('../examples/', import.meta.url))).filter((f) => f.endsWith('.js')).map((f) => ({ id: f.slice(0, -3) })).sort((a, b) => a.id.localeCompare(b.id));

/**
 * `npm run docs:images` (SUIP_DOCS_IMAGES=1): screenshots of every example in the playground,
 * desktop 1280×800 and phone 390×844, light and dark, into docs/images/examples/. Skipped in
 * `npm test`: pictures are refreshed on purpose, then looked at, never compared.
 */
const OUT = fileURLToPath(new URL('../docs/images/examples/', import.meta.url));
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('docs images', () => {
  test.skip(process.env.SUIP_DOCS_IMAGES !== '1', 'only for npm run docs:images');
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of VIEWPORTS) {
      test(`every example, ${viewport.name}, ${scheme}`, async ({ page }) => {
        test.setTimeout(240_000);
        mkdirSync(OUT, { recursive: true });
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        for (const example of EXAMPLES) {
          await openSingle(page, `example=${example.id}`);
          await expect(slotView(page, 'left')).toBeVisible();
          // Let charts, images and timers settle; the picture is of the product at rest.
          await page.waitForTimeout(900);
          const path = `${OUT}${example.id}-${viewport.name}-${scheme}.png`;
          // Desktop: the whole playground as a newcomer sees it. Phone: the stage, which comes first.
          if (viewport.name === 'desktop') await page.screenshot({ path });
          else await page.locator('section.ui').screenshot({ path });
        }
      });
    }
  }
});
