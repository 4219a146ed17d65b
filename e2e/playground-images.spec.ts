import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openSingle, slotView } from './fixtures/playground/playground-page.ts';
import { recordDocsImage } from './helpers/docs-image.ts';

/** Example ids: the program files in examples/ (the menu's order does not matter here). */
const EXAMPLES = readdirSync(fileURLToPath(new URL('../examples/', import.meta.url)))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ id: f.slice(0, -3) }))
  .sort((a, b) => a.id.localeCompare(b.id));

/**
 * `npm run docs:images` (SUIP_DOCS_IMAGES=1): screenshots of every example in the playground,
 * desktop 1280×800 and phone 390×844, light and dark, into docs/images/examples/, plus a few
 * states reached by using a program (STATES). Skipped in
 * `npm test`: pictures are refreshed on purpose, then looked at, never compared.
 */
const OUT = fileURLToPath(new URL('../docs/images/examples/', import.meta.url));

/**
 * States worth a picture beyond the first screen: the program is driven there by the user's own
 * moves (clicks and typing), then shot like the examples (`<id>-<state>-<viewport>-<scheme>.png`).
 */
const STATES: ReadonlyArray<{ id: string; state: string; drive: (page: Page) => Promise<void> }> = [
  {
    id: 'signup-form',
    state: 'invalid',
    drive: async (page) => {
      const view = slotView(page, 'left');
      await view.getByLabel('Full name').fill('Ada Lovelace');
      await view.getByLabel('Work email').fill('ada@example');
      await view.getByLabel('Username').fill('ada');
      await view.getByRole('button', { name: 'Create account' }).click();
      await expect(view.getByText('Please fix 4 fields')).toBeVisible();
    },
  },
  {
    id: 'quiz',
    state: 'results',
    drive: async (page) => {
      const view = slotView(page, 'left');
      for (const [answer, next] of [
        ['Mercury', 'Next question'],
        ['1000', 'Next question'],
        ['JavaScript', 'See my results'],
      ] as const) {
        await view.getByRole('radio', { name: answer }).check();
        await view.getByRole('button', { name: 'Check answer' }).click();
        await view.getByRole('button', { name: next }).click();
      }
      await expect(view.getByText('Quiz complete')).toBeVisible();
    },
  },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Desktop: the whole playground as a newcomer sees it. Phone: the stage, which comes first. */
async function shoot(page: Page, viewport: 'desktop' | 'phone', path: string): Promise<void> {
  recordDocsImage(path);
  if (viewport === 'desktop') await page.screenshot({ path });
  else await page.locator('section.ui').screenshot({ path });
}

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
          await shoot(page, viewport.name, path);
        }
        for (const { id, state, drive } of STATES) {
          await openSingle(page, `example=${id}`);
          await expect(slotView(page, 'left')).toBeVisible();
          await drive(page);
          await page.waitForTimeout(900);
          await shoot(page, viewport.name, `${OUT}${id}-${state}-${viewport.name}-${scheme}.png`);
        }
      });
    }
  }
});
